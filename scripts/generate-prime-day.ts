/**
 * `npm run generate:prime-day`: what an isolate primes its request path with (src/http/prime.ts), held in the bundle:
 * src/http/prime-day.json, the build's stored days of BS 2081 Baisakh (scripts/api-year.ts, from the data as it is)
 * cut to the first day, its row and the muhurats of that day; and src/http/prime-sky.json, the sky a day at a place
 * on that day reads (src/engine/sky.ts skyOfDays: the blocks the year's stored sky holds for it). Deterministic:
 * src/http/prime.test.ts fails when a file is not what this writes.
 */
import { writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { loadAllCurated, loadMuhuratFiles } from '../src/almanac/curated.ts';
import { bsMonthStartFixed } from '../src/calendar/bs.ts';
import { STATIC_FILES } from '../src/contract/endpoints.ts';
import { sharingDays } from '../src/engine/panchanga.ts';
import { skyOfDays } from '../src/engine/sky.ts';
import { FestivalCalendar } from '../src/festivals/festivals.ts';
import type { StoredMonthHead } from '../src/http/assets.ts';
import { PRIME_DAY } from '../src/http/prime.ts';
import { apiYear } from './api-year.ts';

export const PRIME_DAY_FILE = 'src/http/prime-day.json';
export const PRIME_SKY_FILE = 'src/http/prime-sky.json';

/** The stored days of PRIME_DAY's month as the build writes them, cut to its first day. */
export function primeDayFile(): StoredMonthHead & { days: unknown[] } {
  const curated = loadAllCurated();
  let text: string | undefined;
  const wanted = STATIC_FILES.storedDays(PRIME_DAY.year, PRIME_DAY.month);
  sharingDays(() =>
    apiYear(
      { write: (path, body) => void (path === wanted && (text = String(body))) },
      PRIME_DAY.year,
      curated,
      loadMuhuratFiles(),
      new FestivalCalendar({ curated }),
    ),
  );
  const file = JSON.parse(text!) as StoredMonthHead & { days: unknown[] };
  const first = `${PRIME_DAY.month}-1`;
  return {
    ...file,
    muhurats: file.muhurats?.[first] ? { [first]: file.muhurats[first] } : {},
    days: file.days.slice(0, 1),
  };
}

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

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(PRIME_DAY_FILE, await primeDayText());
  writeFileSync(PRIME_SKY_FILE, await primeSkyText());
  console.log(`wrote ${PRIME_DAY_FILE} and ${PRIME_SKY_FILE}`);
}
