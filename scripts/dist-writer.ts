/**
 * Writing the build's files into dist/. A whole build writes into a tree that nothing serves yet, so a file is
 * written where it goes: over the last build's file of that path in place (its blocks written again, then cut to the
 * new length), not truncated first. Truncating frees the file's blocks and writing allocates them again, and on this
 * project's disk (ext4 mounted with `discard`) freeing blocks is slow: rewriting the 7,226 month files of a built
 * tree took 0.81–0.87 s (0.38–0.43 s of system CPU) truncated, 0.19–0.22 s (0.08–0.11 s) in place.
 *
 * A partial rebuild (`node scripts/build.ts --only=api,feed`, what the local admin service runs after each commit)
 * rewrites the tree `wrangler pages dev` is serving: there each file is written beside its place and renamed over
 * it, so a request never reads a file cut short (a rename within a directory replaces the old file at once), and a
 * rebuild that fails leaves every file whole, old or new.
 *
 * Example: `const out = distWriter('dist', { replace: true }); out.write('/api/panchanga/2083/01', text)`.
 */
import { closeSync, ftruncateSync, mkdirSync, openSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { threadId } from 'node:worker_threads';

export interface DistWriter {
  /** Write `text` at `path` under the tree (a leading `/` allowed), making its directory as needed. */
  write(path: string, text: string | Uint8Array): void;
  /** How many files this writer wrote. */
  readonly files: number;
}

/**
 * A writer into the tree `dist` that makes directories as needed (each once) and counts files; with `replace`,
 * each file replaces the one it overwrites atomically (for a tree being served).
 */
export function distWriter(dist: string, { replace = false }: { replace?: boolean } = {}): DistWriter {
  let files = 0;
  const made = new Set<string>();
  // Unique to this thread of this process: two writers never share a temporary name.
  const suffix = `.${process.pid}-${threadId}.tmp`;
  return {
    write(path, text) {
      const target = join(dist, path);
      const dir = dirname(target);
      if (!made.has(dir)) mkdirSync(dir, { recursive: true });
      made.add(dir);
      if (replace) {
        writeFileSync(target + suffix, text);
        renameSync(target + suffix, target);
      } else writeInPlace(target, text);
      files++;
    },
    get files() {
      return files;
    },
  };
}

/**
 * Writes `text` as the whole of the file at `path`: over an existing file in place, else into a new one (or an empty
 * text, whose write would leave the file's times as they were on some systems).
 */
function writeInPlace(path: string, text: string | Uint8Array): void {
  if (text.length === 0) return writeFileSync(path, text);
  let fd: number;
  try {
    fd = openSync(path, 'r+');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    writeFileSync(path, text);
    return;
  }
  try {
    const bytes = typeof text === 'string' ? Buffer.from(text) : text;
    for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at, bytes.length - at, at);
    ftruncateSync(fd, bytes.length);
  } finally {
    closeSync(fd);
  }
}
