import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { curatedPath } from '../src/almanac/month-check.ts';
import { DIST } from '../test/support/dist-assets.ts';
import { rebuildApi, yearsOfChange } from './dev-admin.ts';

describe('the years a data change decides (the local admin rebuilds them alone)', () => {
  it('a curated month its own year; months of several years the years between', () => {
    expect(yearsOfChange([curatedPath(2083, 5)])).toEqual({ from: 2083, to: 2083 });
    expect(yearsOfChange([curatedPath(2083, 5), curatedPath(2081, 12)])).toEqual({ from: 2081, to: 2083 });
  });

  it('any other data file every year', () => {
    expect(yearsOfChange([curatedPath(2083, 5), 'data/festivals/rules.json'])).toBeNull();
    expect(yearsOfChange(['data/muhurats/2083.json'])).toBeNull();
    expect(yearsOfChange(['data/panchanga/2083/notes.json'])).toBeNull();
    expect(yearsOfChange([])).toBeNull();
  });
});

describe('rebuilding one year (scripts/build.ts --only=api,feed --years=)', () => {
  const out = mkdtempSync(join(tmpdir(), 'panchanga-rebuild-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('writes that year’s files and the listing of every year byte for byte as the whole build (npm run build) did', async () => {
    const rebuilt = await rebuildApi(resolve(import.meta.dirname, '..'), out, { from: 2083, to: 2083 });
    expect(rebuilt.ok, rebuilt.output).toBe(true);
    const filesIn = (root: string) =>
      readdirSync(join(root, 'api'), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => join(e.parentPath, e.name).slice(root.length));
    const ofYear = (year: number) => (f: string) => new RegExp(`/${year}(/|\\.|$)`).test(f);
    const files = filesIn(out);
    // Its month files, stored days, festivals and muhurats, the listing, the feed: no other year's.
    expect(files.filter(ofYear(2083)).sort()).toEqual(filesIn(DIST).filter(ofYear(2083)).sort());
    expect(files.filter(ofYear(2082))).toEqual([]);
    expect(files).toContain('/api/panchanga/available-months');
    for (const file of files)
      expect(readFileSync(join(out, file)).equals(readFileSync(join(DIST, file))), file).toBe(true);
  }, 300_000); // a build process: a second or two alone, much longer on a busy machine
});
