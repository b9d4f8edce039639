/**
 * Reads the published calendar facts in ../shared/data (beside the repository, in development and in CI).
 * Tests compare the project's answers with these outside sources; a missing folder fails loudly.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { toDevanagariDigits } from '../../src/calendar/digits.ts';
import { PAKSHAS, tithiName, WEEKDAYS } from '../../src/calendar/names.ts';

export const SHARED_DATA = resolve(import.meta.dirname, '../../../shared/data');

export function sharedPath(relative: string): string {
  const path = resolve(SHARED_DATA, relative);
  if (!existsSync(path))
    throw new Error(`published reference data missing: ${path} (../shared/data beside the repository)`);
  return path;
}

export function readSharedJson<T>(relative: string): T {
  return JSON.parse(readFileSync(sharedPath(relative), 'utf8')) as T;
}

export function readSharedJsonl<T>(relative: string): T[] {
  return readFileSync(sharedPath(relative), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as T);
}

/** One day of ../shared/data/almanac/<year>.jsonl (the fields every year has). */
export interface AlmanacDay {
  bsY: number;
  bsM: number;
  bsD: number;
  ad: string;
  weekday: string;
  tithi: number;
  /** The tithi each source prints, by source id. */
  tithiVotes: Record<string, number>;
  /** The printed end of the day's tithi, `HH:MM` (2083 only). */
  tithiEnds?: string;
  events: string[];
  holiday: boolean;
  holidayExcludingWeeklySaturday: boolean;
  confidence: string;
}

export const ALMANAC_YEARS = [2075, 2076, 2077, 2078, 2079, 2080, 2081, 2082, 2083] as const;

export function almanacYear(year: number): AlmanacDay[] {
  return readSharedJsonl<AlmanacDay>(`almanac/${year}.jsonl`);
}

/**
 * An almanac day as the text-recognition parser reads it off the printed page: Devanagari day number, the
 * weekday, the tithi by name with its paksha, the festival text and the holiday mark. Test input for imports.
 */
export function parserRow(day: Pick<AlmanacDay, 'bsD' | 'ad' | 'tithi' | 'events' | 'holiday'>) {
  return {
    gate: toDevanagariDigits(day.bsD),
    baar: WEEKDAYS[new Date(`${day.ad}T00:00:00Z`).getUTCDay()]!.ne,
    tithiName: tithiName(day.tithi).ne,
    paksha: PAKSHAS[day.tithi > 15 ? 1 : 0]!.ne,
    festivals: day.events.join(', '),
    holiday: day.holiday ? 'बिदा' : '',
  };
}
