import { describe, expect, it } from 'vitest';
import { almanacYear } from '../../test/support/shared-data.ts';
import { CalendarError, InvalidQueryError } from '../calendar/errors.ts';
import type { Lang } from '../calendar/names.ts';
import { monthAnswer, type MonthFile } from '../contract/day-record.ts';
import { jsonWithRows } from '../contract/rows.ts';
import { FestivalCalendar } from '../festivals/festivals.ts';
import { loadAllCurated } from './curated.ts';
import { monthFiles } from './records.ts';
import { daysOfSpan, MissingMonthError, monthsOfSpan, spanDates, spanDaysBytes, spanOf } from './span.ts';

const curated = loadAllCurated();
const festivals = new FestivalCalendar({ curated });
const files = new Map<string, MonthFile>();
/** The month files as the build writes them, made on demand. */
const readMonth = async (year: number, month: number, lang: Lang) => {
  const key = `${year}-${month}-${lang}`;
  if (!files.has(key)) {
    const made = monthFiles(year, month, curated.get(`${year}-${month}`), festivals.eventsOfDay);
    files.set(`${year}-${month}-ne`, made.ne);
    files.set(`${year}-${month}-en`, made.en);
  }
  return files.get(key)!;
};

describe('the day records of an AD span', () => {
  it('across the BS year boundary (Chaitra 2082 → Baisakh 2083) are the month files’ days, in order, on the published dates', async () => {
    const span = spanOf('2026-03-20', '2026-05-03');
    expect(monthsOfSpan(span.from, span.to)).toEqual([
      { year: 2082, month: 12 },
      { year: 2083, month: 1 },
    ]);
    const days = await daysOfSpan(span, 'ne', readMonth);
    expect(days).toHaveLength(45);
    expect(spanDates(span)).toEqual({ from: '2026-03-20', to: '2026-05-03' });
    const chaitra = (await readMonth(2082, 12, 'ne'))!.days;
    const baisakh = (await readMonth(2083, 1, 'ne'))!.days;
    expect(days).toEqual(
      [...chaitra, ...baisakh].filter((d) => d.englishDate >= '2026-03-20' && d.englishDate <= '2026-05-03'),
    );
    // Against the published almanacs: every day's BS date and AD date as printed.
    const published = new Map(
      [...almanacYear(2082), ...almanacYear(2083)].map((d) => [d.ad, `${d.bsY}-${d.bsM}-${d.bsD}`]),
    );
    for (const day of days)
      expect(`${day.year}-${day.month}-${day.gate}`).toBe(published.get(day.englishDate));
    expect(days.find((d) => d.englishDate === '2026-04-14')).toMatchObject({ year: 2083, month: 1, gate: 1 });
  });

  it('of one day is that day, and a full year of 366 days is allowed', async () => {
    const one = await daysOfSpan(spanOf('2026-04-14', '2026-04-14'), 'en', readMonth);
    expect(one.map((d) => d.englishDate)).toEqual(['2026-04-14']);
    const leapYear = spanOf('2024-01-01', '2024-12-31');
    expect(leapYear.to - leapYear.from + 1).toBe(366);
  });

  it.each([
    ['2026-03-20', '2026-05-03', 'ne'],
    ['2026-04-14', '2026-04-14', 'en'],
    ['2026-04-13', '2026-04-14', 'en'],
    ['2026-05-14', '2026-06-14', 'ne'],
    ['2026-01-01', '2026-12-31', 'en'],
  ] as const)(
    'from %s to %s (%s) as JSON text, joined from the month files’ lines, is the days written whole',
    async (from, to, lang) => {
      const span = spanOf(from, to);
      // The month files' bytes as the build writes them (scripts/build.ts).
      const readBytes = async (year: number, month: number, lang: Lang) =>
        new TextEncoder().encode(jsonWithRows(monthAnswer((await readMonth(year, month, lang))!), 'data'));
      // Joined by commas, the parts are the array of the span's days, a line break between two days aside.
      const parts = await spanDaysBytes(span, lang, readBytes);
      const text = `[${parts.map((part) => new TextDecoder().decode(part)).join(',')}]`;
      expect(text.replaceAll('\n', '')).toBe(JSON.stringify(await daysOfSpan(span, lang, readMonth)));
    },
  );

  it('says which month is missing from the deployment', async () => {
    const none = async () => null;
    await expect(daysOfSpan(spanOf('2026-04-14', '2026-04-15'), 'en', none)).rejects.toThrow(
      MissingMonthError,
    );
    await expect(spanDaysBytes(spanOf('2026-04-14', '2026-04-15'), 'en', none)).rejects.toThrow(
      MissingMonthError,
    );
  });

  it('refuses bad spans naming the field', () => {
    const fieldOf = (from: string | null, to: string | null) => {
      try {
        spanOf(from, to);
      } catch (error) {
        if (error instanceof InvalidQueryError) return error.field;
        if (error instanceof CalendarError) return `${error.field} (${error.code})`;
        throw error;
      }
      return null;
    };
    expect(fieldOf(null, '2026-01-01')).toBe('from');
    expect(fieldOf('2026-01-01', null)).toBe('to');
    expect(fieldOf('2026-1-1', '2026-01-02')).toBe('from');
    expect(fieldOf('2026-02-30', '2026-03-02')).toBe('from (invalid-date)');
    expect(fieldOf('2026-01-10', '2026-01-09')).toBe('to');
    expect(fieldOf('2025-01-01', '2026-01-02')).toBe('to'); // 367 days
    // Outside BS 1900–2200 (AD 1843-04-12 to 2144-04-15): out of range, as by-english-date says it.
    expect(fieldOf('1800-01-01', '1800-01-02')).toBe('from (out-of-range)');
    expect(fieldOf('2144-04-10', '2144-04-16')).toBe('to (out-of-range)');
  });
});
