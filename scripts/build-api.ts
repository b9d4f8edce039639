/**
 * Writes the static API files into dist/ after `astro build`: one file a BS month and language
 * (`dist/api/panchanga/{YYYY}/{MM}` and `{MM}.en`, JSON envelopes served at clean URLs) for BS_BUILD_FROM to
 * BS_BUILD_TO (default 1970–2150), `dist/api/panchanga/available-months`, the festivals of each year
 * (`dist/api/festivals/{YYYY}` and `.en`) and the muhurats of each published year (`dist/api/muhurats/{YYYY}`). Curated almanac days are laid
 * over the computed ones; a malformed curated file stops the build naming the file, the day and the field.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { BS_MAX_YEAR, BS_MIN_YEAR, bsYearInfo } from '../src/calendar/bs.ts';
import { monthAnswer, type AvailableMonths } from '../src/contract/day-record.ts';
import { FestivalCalendar } from '../src/festivals/festivals.ts';
import { okBody } from '../src/http/problem.ts';
import { loadAllCurated, loadMuhuratFiles } from '../src/panchanga/curated.ts';
import { DataFileError } from '../src/panchanga/month-check.ts';
import { monthFiles } from '../src/panchanga/records.ts';

export const DEFAULT_BUILD_FROM = 1970;
export const DEFAULT_BUILD_TO = 2150;

function yearFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < BS_MIN_YEAR || value > BS_MAX_YEAR) {
    throw new Error(`${name} must be a BS year ${BS_MIN_YEAR}–${BS_MAX_YEAR}, got ${process.env[name]}`);
  }
  return value;
}

/** Where the site was built (DIST_DIR, default dist): the local admin service rebuilds into a copy. */
const DIST = process.env.DIST_DIR ?? 'dist';
const started = performance.now();
const from = yearFromEnv('BS_BUILD_FROM', DEFAULT_BUILD_FROM);
const to = yearFromEnv('BS_BUILD_TO', DEFAULT_BUILD_TO);
let curated;
try {
  curated = loadAllCurated();
} catch (error) {
  if (error instanceof DataFileError) {
    console.error(`Curated data is invalid:\n${error.message}`);
    process.exit(1);
  }
  throw error;
}

const festivals = new FestivalCalendar({ curated });
let files = 0;
const write = (path: string, data: unknown) => {
  writeFileSync(path, okBody(data));
  files++;
};
const listing: AvailableMonths = {
  computedRange: { from, to },
  supportedRange: { from: BS_MIN_YEAR, to: BS_MAX_YEAR },
  years: [],
};
for (let year = from; year <= to; year++) {
  const dir = `${DIST}/api/panchanga/${year}`;
  mkdirSync(dir, { recursive: true });
  const curatedMonths: number[] = [];
  for (let month = 1; month <= 12; month++) {
    const curatedMonth = curated.get(`${year}-${month}`);
    if (curatedMonth) curatedMonths.push(month);
    const { ne, en } = monthFiles(year, month, curatedMonth, festivals.eventsOfDay);
    const name = String(month).padStart(2, '0');
    writeFileSync(`${dir}/${name}`, JSON.stringify(monthAnswer(ne)));
    writeFileSync(`${dir}/${name}.en`, JSON.stringify(monthAnswer(en)));
    files += 2;
  }
  mkdirSync(`${DIST}/api/festivals`, { recursive: true });
  for (const lang of ['ne', 'en'] as const) {
    write(`${DIST}/api/festivals/${year}${lang === 'en' ? '.en' : ''}`, {
      year,
      festivals: festivals.occurrences(year, lang),
    });
  }
  const info = bsYearInfo(year);
  listing.years.push({
    year,
    status: info.status,
    months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    curatedMonths,
    nearBoundaryMonths: info.nearBoundaryMonths.map((m) => m.month),
  });
}
// Muhurat data files are served as they are (validated), one a year: the function filters and shapes them.
mkdirSync(`${DIST}/api/muhurats`, { recursive: true });
for (const file of loadMuhuratFiles().values()) {
  writeFileSync(`${DIST}/api/muhurats/${file.year}`, JSON.stringify(file));
  files++;
}
write(`${DIST}/api/panchanga/available-months`, listing);
write(`${DIST}/api/panchanga/available-months.en`, listing);
console.log(
  `${DIST}/api/panchanga: ${files} files for BS ${from}–${to} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
