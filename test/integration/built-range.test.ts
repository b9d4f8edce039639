/**
 * Every year the build wrote, read from dist/ as Pages serves it: BS 1900–2200 is built by worker threads, a run of
 * years each (scripts/build.ts), so a year lost, doubled or computed out of step at a thread's edge would show here
 * and in no sampled test. Each month file in both languages holds the days the converter gives, one after the other
 * across the whole range; the tithi at sunrise advances a day at a time (one tithi, two over a kshaya tithi, none on
 * the second sunrise of a vriddhi one); and a day's `publicHoliday` is what the year's festival file says of it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BS_MAX_YEAR, BS_MIN_YEAR, bsMonthStartFixed, daysInBsMonth } from '../../src/calendar/bs.ts';
import { isoFromFixed } from '../../src/calendar/time.ts';
import type { DayRecord } from '../../src/contract/day-record.ts';
import { STATIC_FILES } from '../../src/contract/endpoints.ts';
import type { FestivalOccurrence } from '../../src/contract/festival.ts';
import { DIST } from '../support/dist-assets.ts';

/** A built file's answer (`{ success, data }`), read from dist/. */
function built<T>(path: string): T {
  return (JSON.parse(readFileSync(join(DIST, path), 'utf8')) as { data: T }).data;
}

const YEARS = Array.from({ length: BS_MAX_YEAR - BS_MIN_YEAR + 1 }, (_, i) => BS_MIN_YEAR + i);

describe(`the built range, BS ${BS_MIN_YEAR}–${BS_MAX_YEAR}, every year`, () => {
  it('has every month in both languages, its days those of the converter, each day the one after the day before', () => {
    let previous: { fixed: number; tithiIndex: number } | undefined;
    const wrong: string[] = [];
    for (const year of YEARS)
      for (let month = 1; month <= 12; month++) {
        const [ne, en] = (['ne', 'en'] as const).map((lang) =>
          built<DayRecord[]>(STATIC_FILES.month(year, month, lang)),
        );
        const start = bsMonthStartFixed(year, month);
        expect([ne!.length, en!.length], `${year}/${month}`).toEqual([
          daysInBsMonth(year, month),
          daysInBsMonth(year, month),
        ]);
        ne!.forEach((day, i) => {
          const other = en![i]!;
          const where = `${year}/${month}/${i + 1}`;
          if (day.englishDate !== isoFromFixed(start + i)) wrong.push(`${where}: ${day.englishDate}`);
          if (
            other.englishDate !== day.englishDate ||
            other.tithiIndex !== day.tithiIndex ||
            other.publicHoliday !== day.publicHoliday
          )
            wrong.push(`${where}: the English file differs`);
          if (previous) {
            if (start + i !== previous.fixed + 1) wrong.push(`${where}: not the day after the one before`);
            const step = (day.tithiIndex - previous.tithiIndex + 30) % 30;
            if (step > 2) wrong.push(`${where}: tithi ${previous.tithiIndex} → ${day.tithiIndex}`);
          }
          previous = { fixed: start + i, tithiIndex: day.tithiIndex };
        });
      }
    expect(wrong).toEqual([]);
  });

  it('gives a day publicHoliday exactly when its year’s festival file has a national holiday on it', () => {
    const wrong: string[] = [];
    for (const year of YEARS) {
      const { festivals } = built<{ festivals: FestivalOccurrence[] }>(STATIC_FILES.festivals(year, 'en'));
      const national = new Set(festivals.filter((f) => f.holiday.kind === 'national').map((f) => f.bsDate));
      for (let month = 1; month <= 12; month++)
        for (const day of built<DayRecord[]>(STATIC_FILES.month(year, month, 'en'))) {
          const bs = `${year}-${String(month).padStart(2, '0')}-${String(day.gate).padStart(2, '0')}`;
          if (day.publicHoliday !== national.has(bs)) wrong.push(`${bs}: publicHoliday ${day.publicHoliday}`);
        }
    }
    expect(wrong).toEqual([]);
  });
});
