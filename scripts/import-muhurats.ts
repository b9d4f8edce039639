/**
 * Imports the published auspicious days (muhurat) from ../shared/data/muhurat/muhurat-2075-2083.json into
 * data/muhurats/{YYYY}.json, one file a year, naming the sources. `annaprashan_pasni` becomes `pasni`; the other
 * categories are kept under their names. Where two sources list a category for a year, the one with more days
 * is used (they agree on 2079, the only such year) and the file says so.
 *
 * Usage: npm run import:muhurats [-- <path to shared data>]
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { muhuratFileSchema, type MuhuratFile } from '../src/contract/muhurat.ts';
import { SOURCES } from '../src/contract/sources.ts';
import { dataFileText } from '../src/almanac/month-check.ts';

const shared = resolve(process.argv[2] ?? '../shared/data');
type Day = { bsM: number; bsD: number; ad: string };
const source = JSON.parse(readFileSync(resolve(shared, 'muhurat/muhurat-2075-2083.json'), 'utf8')) as {
  years: Record<string, Record<string, Record<string, Day[]>>>;
};
const RENAMED: Record<string, string> = { annaprashan_pasni: 'pasni' };
const key = (d: Day) => `${d.bsM}-${d.bsD}`;

mkdirSync('data/muhurats', { recursive: true });
for (const [year, categories] of Object.entries(source.years)) {
  const file: MuhuratFile = { schemaVersion: 1, year: Number(year), sources: [], chosen: {}, categories: {} };
  const used = new Set<string>();
  for (const [name, bySource] of Object.entries(categories)) {
    const category = RENAMED[name] ?? name;
    const ranked = Object.entries(bySource).sort(
      (a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]),
    );
    const [chosenId, days] = ranked[0]!;
    const others = ranked.slice(1);
    const agree = others.every(
      ([, d]) => d.length === days.length && d.every((x, i) => key(x) === key(days[i]!)),
    );
    file.chosen[category] = {
      source: chosenId,
      reason:
        others.length === 0
          ? 'the only source for this year'
          : agree
            ? `${others.map(([id]) => id).join(', ')} list the same days`
            : 'the source listing the most days',
    };
    ranked.forEach(([id]) => used.add(id));
    file.categories[category] = days
      .map((d) => ({ month: d.bsM, day: d.bsD, englishDate: d.ad }))
      .sort((a, b) => a.month - b.month || a.day - b.day);
  }
  file.sources = [...used].sort().map((id) => ({ id, ...(SOURCES[id] ?? { name: id }) }));
  writeFileSync(`data/muhurats/${year}.json`, dataFileText(muhuratFileSchema.parse(file)));
}
console.log(`data/muhurats: ${Object.keys(source.years).length} years`);
