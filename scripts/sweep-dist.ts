/**
 * A whole build writes over the tree of the build before it and then removes every file it did not write, rather
 * than emptying the tree first: the result is the same tree, but a file written again keeps its inode and its
 * blocks. On ext4 without a journal, mounted with `discard` (this project's machines), the kernel, allocating an
 * inode, steps over every inode freed in the last minute (five while its inode table is unwritten:
 * `recently_deleted` in ext4's ialloc.c, seen with `perf`), and freeing blocks issues discards. Creating the 15,000
 * files of a build just after removing those of the last one cost up to 12 s of system CPU (the api step alone:
 * 12–13 s into a tree just emptied, 1.4 s on tmpfs), and such a build took up to 40 % longer than one over the
 * last tree.
 *
 * A file this build wrote is known by its change time (ctime): every write, truncation, rename or change of times
 * sets it to the present, and nothing can set it back, so a file of this build has a ctime no earlier than the tree's
 * own at the start, and a file left from before has an earlier one.
 *
 * Example: `const sweep = startSweep('dist'); …build…; const { files, removed } = sweep();`
 */
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  rmdirSync,
  statSync,
  unlinkSync,
  utimesSync,
} from 'node:fs';
import { join } from 'node:path';

/** What sweeping found: the files this build wrote, and how many left from an earlier build it removed. */
export interface Swept {
  readonly files: number;
  readonly removed: number;
}

/**
 * Marks the start of a whole build into `dir` (made if missing) and returns the sweep to run at its end, which
 * removes every file not written since (and the directories left empty). A tree that holds files but neither the
 * `_routes.json` every build writes first nor the `_astro/` of a site astro built alone is not a build's: this
 * throws rather than sweep it.
 */
export function startSweep(dir: string): () => Swept {
  const built = ['_routes.json', '_astro'].some((name) => existsSync(join(dir, name)));
  if (existsSync(dir) && readdirSync(dir).length > 0 && !built)
    throw new Error(
      `${dir} holds files but no build (_routes.json or _astro/): give the build a directory of its own`,
    );
  mkdirSync(dir, { recursive: true });
  // Setting the tree's times sets its ctime to the present, by the clock that stamps the files written next.
  const now = new Date();
  utimesSync(dir, now, now);
  const since = statSync(dir).ctimeMs;
  return () => {
    let files = 0;
    let removed = 0;
    const dirs: string[] = [];
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      const path = join(entry.parentPath, entry.name);
      if (entry.isDirectory()) dirs.push(path);
      else if (lstatSync(path).ctimeMs < since) {
        unlinkSync(path);
        removed++;
      } else files++;
    }
    // The deepest first, so a directory holding only emptied ones goes too.
    for (const path of dirs.sort((a, b) => b.length - a.length))
      if (readdirSync(path).length === 0) rmdirSync(path);
    return { files, removed };
  };
}
