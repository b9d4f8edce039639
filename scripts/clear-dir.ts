/**
 * Empties a build's output directory without waiting for the removal: the old tree is moved aside at once (a
 * sibling `<dir>.old-<pid>`) and removed in the background while the build goes on; where it cannot be moved
 * (another device, a mount point) it is removed before this returns. Removing the 14,000 files of a whole build
 * took about 2 s, all of it before the first year was computed. Await the promise before the process ends.
 * Example: `const cleared = clearDir('dist'); …build…; await cleared;`
 */
import { existsSync, renameSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';

export function clearDir(target: string): Promise<void> {
  if (!existsSync(target)) return Promise.resolve();
  const aside = `${target}.old-${process.pid}`;
  try {
    renameSync(target, aside);
  } catch {
    rmSync(target, { recursive: true, force: true });
    return Promise.resolve();
  }
  return rm(aside, { recursive: true, force: true });
}
