/**
 * `npm run generate:prime-day`: src/http/prime-day.json, the stored day an isolate primes its request path with
 * (src/http/prime.ts): the build's stored days of BS 2081 Baisakh (scripts/api-year.ts, from the data as it is) cut
 * to the first day, its row and the muhurats of that day. Deterministic: src/http/prime.test.ts fails when the file
 * is not what this writes.
 */
import { writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { loadAllCurated, loadMuhuratFiles } from '../src/almanac/curated.ts';
import { STATIC_FILES } from '../src/contract/endpoints.ts';
import { sharingDays } from '../src/engine/panchanga.ts';
import { FestivalCalendar } from '../src/festivals/festivals.ts';
import type { StoredMonthHead } from '../src/http/assets.ts';
import { PRIME_DAY } from '../src/http/prime.ts';
import { apiYear } from './api-year.ts';

export const PRIME_DAY_FILE = 'src/http/prime-day.json';

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

/** The file's text as written (prettier's JSON, so `npm run format:check` passes it). */
export async function primeDayText(): Promise<string> {
  const options = await resolveConfig(PRIME_DAY_FILE);
  return format(JSON.stringify(primeDayFile()), { ...options, filepath: PRIME_DAY_FILE });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(PRIME_DAY_FILE, await primeDayText());
  console.log(`wrote ${PRIME_DAY_FILE}`);
}
