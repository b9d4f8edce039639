/**
 * Reads the published calendar facts in ../shared/data (beside the repository, in development and in CI).
 * Tests compare the project's answers with these outside sources; a missing folder fails loudly.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

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
  events: string[];
  holiday: boolean;
  holidayExcludingWeeklySaturday: boolean;
  confidence: string;
}

export const ALMANAC_YEARS = [2075, 2076, 2077, 2078, 2079, 2080, 2081, 2082, 2083] as const;

export function almanacYear(year: number): AlmanacDay[] {
  return readSharedJsonl<AlmanacDay>(`almanac/${year}.jsonl`);
}
