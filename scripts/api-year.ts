/**
 * The static API files of one BS year, as the build's api step writes them (scripts/build.ts, a year at a time in
 * its threads): the month files in both languages, the engine's stored Kathmandu days with their muhurats, the
 * year's stored sky, its festivals and its muhurat lists. A module of its own, so that a test builds a year's files
 * exactly as the build does (src/http/full-day.test.ts).
 * Example: `sharingDays(() => apiYear(distWriter('dist'), 2084, curated, muhurats, new FestivalCalendar({ curated })))`.
 */
import { bsMonthStartFixed, daysInBsMonth } from '../src/calendar/bs.ts';
import type { CuratedMonth } from '../src/contract/data-files.ts';
import { monthAnswer } from '../src/contract/day-record.ts';
import { STATIC_FILES } from '../src/contract/endpoints.ts';
import type { MuhuratFile } from '../src/contract/muhurat.ts';
import { jsonWithRows } from '../src/contract/rows.ts';
import type { DayPanchanga } from '../src/engine/day.ts';
import { packMonth, type PackedDay } from '../src/engine/packed-days.ts';
import { panchangaOfDay } from '../src/engine/panchanga.ts';
import { skyOfYear } from '../src/engine/sky.ts';
import { festivalListingText } from '../src/festivals/dates.ts';
import type { FestivalCalendar } from '../src/festivals/festivals.ts';
import {
  muhuratDayIndex,
  muhuratDaysByMonth,
  muhuratFiles,
  type MuhuratDays,
} from '../src/almanac/muhurat.ts';
import { yearMuhurats } from '../src/almanac/muhurat-year.ts';
import { monthFiles } from '../src/almanac/records.ts';
import type { StoredMonthHead } from '../src/http/assets.ts';
import type { DistWriter } from './dist-writer.ts';

/** The files of one BS year: month files, stored days and sky, festivals and muhurats. */
export function apiYear(
  out: Pick<DistWriter, 'write'>,
  year: number,
  curated: ReadonlyMap<string, CuratedMonth>,
  muhurats: ReadonlyMap<number, MuhuratFile>,
  festivals: FestivalCalendar,
): void {
  // The muhurats of every year: the published lists, computed days for every category without one.
  const yearFile = yearMuhurats(year, muhurats.get(year) ?? null);
  for (const [category, file] of muhuratFiles(yearFile))
    out.write(STATIC_FILES.muhurats(year, category ?? undefined), JSON.stringify(file));
  const muhuratDays = muhuratDaysByMonth(muhuratDayIndex(yearFile));
  for (let month = 1; month <= 12; month++) {
    const curatedMonth = curated.get(`${year}-${month}`);
    const { ne, en } = monthFiles(year, month, curatedMonth, festivals.eventsOfDay);
    // Each day's record as JSON once, for its month file and its stored day.
    const records = {
      ne: ne.days.map((day) => JSON.stringify(day)),
      en: en.days.map((day) => JSON.stringify(day)),
    };
    out.write(STATIC_FILES.month(year, month, 'ne'), jsonWithRows(monthAnswer(ne), 'data', records.ne));
    out.write(STATIC_FILES.month(year, month, 'en'), jsonWithRows(monthAnswer(en), 'data', records.en));
    // The engine's Kathmandu days, so the functions read a day instead of computing it, with its muhurats.
    const start = bsMonthStartFixed(year, month);
    const days = Array.from({ length: daysInBsMonth(year, month) }, (_, i) => panchangaOfDay(start + i));
    out.write(STATIC_FILES.storedDays(year, month), storedMonthText(days, muhuratDays[month - 1]!, records));
  }
  // The blocks the year's days fitted, so that a function computing a day at a place evaluates no theory.
  const sky = skyOfYear(year);
  out.write(STATIC_FILES.sky(year), new Uint8Array(sky.buffer, sky.byteOffset, sky.byteLength));
  for (const lang of ['ne', 'en'] as const)
    out.write(
      STATIC_FILES.festivals(year, lang),
      festivalListingText(year, festivals.occurrences(year, lang)),
    );
}

/**
 * A month's stored days (STATIC_FILES.storedDays, one line a day, read by src/http/assets.ts readStoredDay): the
 * engine's Kathmandu days of the month, packed, each with its records in Nepali and English as the month files give
 * them, and the month's days of the year's muhurat index.
 */
function storedMonthText(
  days: readonly DayPanchanga[],
  muhurats: MuhuratDays,
  records: Readonly<Record<'ne' | 'en', readonly string[]>>,
): string {
  const { days: packed, ...head } = packMonth(days);
  const file: StoredMonthHead & { days: readonly PackedDay[] } = {
    ...head,
    days: packed,
    muhurats,
  };
  // A StoredDayRow, [packed, ne, en], written from the records' JSON of the month files.
  const rows = packed.map((day, i) => `[${JSON.stringify(day)},${records.ne[i]!},${records.en[i]!}]`);
  return jsonWithRows(file, 'days', rows);
}
