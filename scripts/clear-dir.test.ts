import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clearDir } from './clear-dir.ts';

describe('clearDir (a whole build starts from an empty dist/)', () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('empties the directory at once and removes the old tree before the promise settles', async () => {
    root = mkdtempSync(join(tmpdir(), 'clear-dir-'));
    const dist = join(root, 'dist');
    for (let i = 0; i < 200; i++) {
      mkdirSync(join(dist, 'api', String(i)), { recursive: true });
      writeFileSync(join(dist, 'api', String(i), 'stale'), 'x'.repeat(1000));
    }
    const clearing = clearDir(dist);
    // The build may write a fresh dist/ at once: nothing of the old one is there.
    expect(existsSync(dist)).toBe(false);
    mkdirSync(dist);
    writeFileSync(join(dist, 'fresh'), 'y');
    await clearing;
    expect(readdirSync(root).sort()).toEqual(['dist']);
    expect(readdirSync(dist)).toEqual(['fresh']);
  });

  it('does nothing where there is no directory yet', async () => {
    root = mkdtempSync(join(tmpdir(), 'clear-dir-'));
    await clearDir(join(root, 'dist'));
    expect(readdirSync(root)).toEqual([]);
  });
});
