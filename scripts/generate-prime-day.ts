/**
 * `npm run generate:prime-day`: what an isolate primes its request path with (src/http/prime.ts), held in the bundle:
 * src/http/prime-day.json, the build's stored days of BS 2081 Baisakh (scripts/api-year.ts, from the data as it is)
 * cut to the first day, its row and the muhurats of that day; and src/http/prime-sky.json, the sky a day at a place
 * on that day reads (src/engine/sky.ts skyOfDays: the blocks the year's stored sky holds for it); and
 * src/http/prime-muhurat.json, the year's main muhurat file cut to a few days of that month. Deterministic:
 * src/http/prime.test.ts fails when a file is not what this writes.
 */
import { writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { loadAllCurated, loadMuhuratFiles } from '../src/almanac/curated.ts';
import { bsMonthStartFixed } from '../src/calendar/bs.ts';
import { STATIC_FILES } from '../src/contract/endpoints.ts';
import type { MuhuratYear } from '../src/contract/muhurat.ts';
import { sharingDays } from '../src/engine/panchanga.ts';
import { skyOfDays } from '../src/engine/sky.ts';
import { FestivalCalendar } from '../src/festivals/festivals.ts';
import type { StoredMonthHead } from '../src/http/assets.ts';
import { PRIME_DAY } from '../src/http/prime.ts';
import { apiYear } from './api-year.ts';

export const PRIME_DAY_FILE = 'src/http/prime-day.json';
export const PRIME_SKY_FILE = 'src/http/prime-sky.json';
export const PRIME_MUHURAT_FILE = 'src/http/prime-muhurat.json';

/** The files of PRIME_DAY's year the build writes at these paths, as written (computed once). */
const builtFiles = (() => {
  let files: Map<string, string> | undefined;
  return (): Map<string, string> => {
    if (files) return files;
    const curated = loadAllCurated();
    const wanted = [
      STATIC_FILES.storedDays(PRIME_DAY.year, PRIME_DAY.month),
      STATIC_FILES.muhurats(PRIME_DAY.year),
    ];
    const written = new Map<string, string>();
    sharingDays(() =>
      apiYear(
        { write: (path, body) => void (wanted.includes(path) && written.set(path, String(body))) },
        PRIME_DAY.year,
        curated,
        loadMuhuratFiles(),
        new FestivalCalendar({ curated }),
      ),
    );
    return (files = written);
  };
})();

/** The stored days of PRIME_DAY's month as the build writes them, cut to its first day. */
export function primeDayFile(): StoredMonthHead & { days: unknown[] } {
  const text = builtFiles().get(STATIC_FILES.storedDays(PRIME_DAY.year, PRIME_DAY.month));
  const file = JSON.parse(text!) as StoredMonthHead & { days: unknown[] };
  const first = `${PRIME_DAY.month}-1`;
  return {
    ...file,
    muhurats: file.muhurats?.[first] ? { [first]: file.muhurats[first] } : {},
    days: file.days.slice(0, 1),
  };
}

/**
 * The main muhurat file of PRIME_DAY's year as the build writes it (a published list and computed days, with their
 * windows and reasons), each category cut to its first PRIME_MUHURAT_DAYS days of PRIME_DAY's month.
 */
export function primeMuhuratFile(): MuhuratYear {
  const file = JSON.parse(builtFiles().get(STATIC_FILES.muhurats(PRIME_DAY.year))!) as MuhuratYear;
  const cut = Object.entries(file.categories).map(([category, list]) => [
    category,
    { ...list, days: list.days.filter((d) => d.month === PRIME_DAY.month).slice(0, PRIME_MUHURAT_DAYS) },
  ]);
  return { ...file, categories: Object.fromEntries(cut) };
}
const PRIME_MUHURAT_DAYS = 2;

/** The sky a day at a place on PRIME_DAY reads, as the numbers of its pack. */
export function primeSkyNumbers(): number[] {
  const day = bsMonthStartFixed(PRIME_DAY.year, PRIME_DAY.month);
  return Array.from(skyOfDays(day, day));
}

/** A file's text as written (prettier's JSON, so `npm run format:check` passes it). */
async function jsonText(file: string, value: unknown): Promise<string> {
  const options = await resolveConfig(file);
  return format(JSON.stringify(value), { ...options, filepath: file });
}

export const primeDayText = () => jsonText(PRIME_DAY_FILE, primeDayFile());
export const primeSkyText = () => jsonText(PRIME_SKY_FILE, primeSkyNumbers());
export const primeMuhuratText = () => jsonText(PRIME_MUHURAT_FILE, primeMuhuratFile());

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(PRIME_DAY_FILE, await primeDayText());
  writeFileSync(PRIME_SKY_FILE, await primeSkyText());
  writeFileSync(PRIME_MUHURAT_FILE, await primeMuhuratText());
  console.log(`wrote ${PRIME_DAY_FILE}, ${PRIME_SKY_FILE} and ${PRIME_MUHURAT_FILE}`);
}
