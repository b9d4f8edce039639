/**
 * Writing the build's files into dist/. A whole build starts from an empty tree that nothing serves yet, so a file is
 * written where it goes. A partial rebuild (`node scripts/build.ts --only=api,feed`, what the local admin service
 * runs after each commit) rewrites the tree `wrangler pages dev` is serving: there each file is written beside its
 * place and renamed over it, so a request never reads a file cut short (a rename within a directory replaces the
 * old file at once), and a rebuild that fails leaves every file whole, old or new.
 *
 * Example: `const out = distWriter('dist', { replace: true }); out.write('/api/panchanga/2083/01', text)`.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
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
      } else writeFileSync(target, text);
      files++;
    },
    get files() {
      return files;
    },
  };
}
