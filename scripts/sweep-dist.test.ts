import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSweep } from './sweep-dist.ts';

describe('startSweep (a whole build leaves only the files it wrote)', () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function write(dist: string, file: string, text: string): void {
    mkdirSync(join(dist, file, '..'), { recursive: true });
    writeFileSync(join(dist, file), text);
  }

  /** A tree as a build leaves it, the clock moved on past its files' change times (polled, not slept). */
  function lastBuild(dist: string, files: readonly string[]): void {
    for (const file of ['_routes.json', ...files]) write(dist, file, 'old');
    const newest = Math.max(...files.map((file) => statSync(join(dist, file)).ctimeMs));
    do utimesSync(root, new Date(), new Date());
    while (statSync(root).ctimeMs <= newest);
  }

  it('removes the files not written again and the directories left empty, and keeps each rewritten file’s inode', () => {
    root = mkdtempSync(join(tmpdir(), 'sweep-dist-'));
    const dist = join(root, 'dist');
    lastBuild(dist, [
      'api/panchanga/2083/01',
      'api/panchanga/2083/01.en',
      'api/panchanga/2201/01',
      'index.html',
    ]);
    const inode = statSync(join(dist, 'api/panchanga/2083/01')).ino;
    const sweep = startSweep(dist);
    for (const file of ['_routes.json', 'api/panchanga/2083/01', 'index.html', 'api/festivals/2083'])
      write(dist, file, 'new');
    expect(sweep()).toEqual({ files: 4, removed: 2 });
    expect(readdirSync(dist, { recursive: true }).sort()).toEqual([
      '_routes.json',
      'api',
      'api/festivals',
      'api/festivals/2083',
      'api/panchanga',
      'api/panchanga/2083',
      'api/panchanga/2083/01',
      'index.html',
    ]);
    expect(statSync(join(dist, 'api/panchanga/2083/01')).ino).toBe(inode);
  });

  it('makes a missing tree and finds nothing to remove', () => {
    root = mkdtempSync(join(tmpdir(), 'sweep-dist-'));
    const dist = join(root, 'dist');
    const sweep = startSweep(dist);
    writeFileSync(join(dist, '_routes.json'), '{}');
    expect(sweep()).toEqual({ files: 1, removed: 0 });
  });

  it('refuses a directory that holds files but no build, removing nothing', () => {
    root = mkdtempSync(join(tmpdir(), 'sweep-dist-'));
    writeFileSync(join(root, 'notes.txt'), 'mine');
    expect(() => startSweep(root)).toThrow(/holds files but no build/);
    expect(existsSync(join(root, 'notes.txt'))).toBe(true);
  });

  it('takes a site astro built alone (its _astro/, no _routes.json) for a build', () => {
    root = mkdtempSync(join(tmpdir(), 'sweep-dist-'));
    write(root, '_astro/page.css', 'old');
    write(root, 'index.html', 'old');
    expect(() => startSweep(root)).not.toThrow();
  });
});
