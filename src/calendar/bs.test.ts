import { describe, expect, it } from 'vitest';
import {
  almanacYear,
  ALMANAC_YEARS,
  readSharedJson,
  readSharedJsonl,
} from '../../test/support/shared-data.ts';
import {
  adToBs,
  adToFixed,
  bsToAd,
  bsToFixed,
  bsYearInfo,
  bsYearRange,
  daysInBsMonth,
  fixedRange,
  fixedToBs,
  formatYmd,
} from './bs.ts';
import { InvalidDateError, OutOfRangeError } from './errors.ts';
import { WEEKDAYS } from './names.ts';
import { fixedFromGregorian, isoFromFixed, weekdayOfFixed } from './time.ts';

interface PublishedTable {
  anchor: { bs: string; ad: string };
  years: Record<string, { lengths: number[]; firstDayAD: string; status: string }>;
}

const ymd = (iso: string) => {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return { year, month, day };
};

describe('BS calendar against the published month table (../shared/data/calendar/month-lengths.json)', () => {
  const table = readSharedJson<PublishedTable>('calendar/month-lengths.json');
  const published = Object.entries(table.years).filter(([, y]) => y.status === 'published');

  it('covers every published year 1970–2083', () => {
    expect(published.map(([y]) => Number(y))).toEqual(Array.from({ length: 114 }, (_, i) => 1970 + i));
  });

  it('starts every month of every published year on the published AD date, with the published length', () => {
    let months = 0;
    for (const [key, row] of published) {
      const year = Number(key);
      let fixed = adToFixed(ymd(row.firstDayAD));
      for (let month = 1; month <= 12; month++) {
        expect(isoFromFixed(bsToFixed({ year, month, day: 1 })), `${year}-${month}`).toBe(
          isoFromFixed(fixed),
        );
        expect(daysInBsMonth(year, month)).toBe(row.lengths[month - 1]);
        fixed += row.lengths[month - 1]!;
        months++;
      }
    }
    expect(months).toBe(114 * 12);
  });

  it('puts the anchor 1 Baisakh 2000 on 1943-04-14', () => {
    expect(formatYmd(bsToAd(ymd(table.anchor.bs)))).toBe(table.anchor.ad);
  });
});

describe('BS calendar against the almanac days 2075–2083 (AD date and printed weekday)', () => {
  const weekdayAbbr = WEEKDAYS.map((w) => w.en.slice(0, 3));
  for (const year of ALMANAC_YEARS) {
    it(`agrees with every day of ${year}`, () => {
      const days = almanacYear(year);
      expect(days.length).toBe(bsYearInfo(year).days);
      for (const d of days) {
        const fixed = bsToFixed({ year: d.bsY, month: d.bsM, day: d.bsD });
        expect(isoFromFixed(fixed)).toBe(d.ad);
        expect(weekdayAbbr[weekdayOfFixed(fixed)]).toBe(d.weekday);
      }
    });
  }
});

describe('BS calendar against the weekdays stated in the government holiday notices', () => {
  it('gives the weekday each notice states (where the notice matches its own calendar)', () => {
    const rows = readSharedJsonl<{
      bsY: number;
      bsM: number;
      bsD: number;
      weekdayStated: number;
      weekdayMatches: boolean;
    }>('holidays/moha-2078-2083.jsonl').filter((r) => r.weekdayMatches);
    expect(rows.length).toBeGreaterThan(100);
    for (const r of rows) {
      // weekdayStated counts 0 = Monday (e.g. "वैशाख १ गते बुधबार" is 2); ours count 0 = Sunday.
      expect(
        weekdayOfFixed(bsToFixed({ year: r.bsY, month: r.bsM, day: r.bsD })),
        `${r.bsY}-${r.bsM}-${r.bsD}`,
      ).toBe((r.weekdayStated + 1) % 7);
    }
  });
});

describe('conversions round-trip over every day of the table', () => {
  it('fixed → BS → fixed and fixed → AD → BS → AD for every day', () => {
    let days = 0;
    for (let fixed = fixedRange.min; fixed <= fixedRange.max; fixed++) {
      const bs = fixedToBs(fixed);
      expect(bsToFixed(bs)).toBe(fixed);
      const ad = bsToAd(bs);
      expect(adToBs(ad)).toEqual(bs);
      days++;
    }
    const years = bsYearRange.max - bsYearRange.min + 1;
    expect(days).toBeGreaterThan(years * 365);
  });

  it('days of consecutive BS dates are consecutive', () => {
    let prev = bsToFixed({ year: bsYearRange.min, month: 1, day: 1 }) - 1;
    for (let year = bsYearRange.min; year <= bsYearRange.max; year++) {
      for (let month = 1; month <= 12; month++) {
        for (let day = 1; day <= daysInBsMonth(year, month); day++) {
          expect(bsToFixed({ year, month, day })).toBe(++prev);
        }
      }
    }
  });
});

describe('invalid and out-of-range dates throw typed errors', () => {
  it.each([
    [{ year: 2082, month: 13, day: 1 }, InvalidDateError, 'month'],
    [{ year: 2082, month: 0, day: 1 }, InvalidDateError, 'month'],
    [{ year: 2082, month: 1, day: 33 }, InvalidDateError, 'day'],
    [{ year: 2082, month: 1, day: 0 }, InvalidDateError, 'day'],
    [{ year: 2082, month: 1.5, day: 1 }, InvalidDateError, 'month'],
    [{ year: 1800, month: 1, day: 1 }, OutOfRangeError, 'year'],
    [{ year: 2500, month: 1, day: 1 }, OutOfRangeError, 'year'],
  ])('bsToFixed(%o) throws %o on %s', (date, type, field) => {
    expect(() => bsToFixed(date)).toThrow(type);
    try {
      bsToFixed(date);
    } catch (e) {
      expect((e as InvalidDateError).field).toBe(field);
    }
  });

  it('rejects Feb 30 and Feb 29 of a common year, accepts a leap day', () => {
    expect(() => adToFixed({ year: 2025, month: 2, day: 30 })).toThrow(InvalidDateError);
    expect(() => adToFixed({ year: 2023, month: 2, day: 29 })).toThrow(InvalidDateError);
    expect(adToFixed({ year: 2024, month: 2, day: 29 })).toBe(fixedFromGregorian(2024, 2, 29));
  });

  it('rejects AD dates outside the table', () => {
    expect(() => fixedToBs(fixedRange.min - 1)).toThrow(OutOfRangeError);
    expect(() => fixedToBs(fixedRange.max + 1)).toThrow(OutOfRangeError);
  });

  it('names a date outside the table as it was asked, from 0000-01-01 to 9999-12-31', () => {
    const range = `${isoFromFixed(fixedRange.min)} to ${isoFromFixed(fixedRange.max)}`;
    for (const [year, month, day] of [
      [0, 1, 1],
      [1, 1, 1],
      [1843, 4, 11],
      [2144, 4, 16],
      [9999, 12, 31],
    ] as const) {
      const iso = formatYmd({ year, month, day });
      expect(() => fixedToBs(adToFixed({ year, month, day }))).toThrow(
        `${iso} is outside the supported range ${range}`,
      );
    }
  });
});
