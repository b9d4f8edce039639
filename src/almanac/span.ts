/**
 * Spans of days: the day records of an AD span read from the month files (the same files /api/panchanga/{y}/{m}
 * serves, so a span equals the months it covers), and the span checks shared with the upcoming festivals.
 * Month files are read through a function, so the build, the functions (env.ASSETS) and tests use the same code.
 */
import { adToFixed, bsMonthStartFixed, daysInBsMonth, fixedToBs } from '../calendar/bs.ts';
import { CalendarError, InvalidDateError, InvalidQueryError, OutOfRangeError } from '../calendar/errors.ts';
import type { Lang } from '../calendar/names.ts';
import { isoFromFixed } from '../calendar/time.ts';
import type { DayRecord, MonthFile } from '../contract/day-record.ts';
import { rowsBytes } from '../contract/rows.ts';
import { MAX_SPAN_DAYS } from '../contract/span.ts';

/** A month file a span needs is not in the deployment (outside the built range). */
export class MissingMonthError extends Error {
  readonly year: number;
  readonly month: number;
  constructor(year: number, month: number) {
    super(
      `BS ${year}-${month} is not in this deployment's built range; see /api/panchanga/available-months.`,
    );
    this.name = 'MissingMonthError';
    this.year = year;
    this.month = month;
  }
}

/**
 * A fixed day of an ASCII `YYYY-MM-DD` AD date within the supported range. Throws InvalidQueryError naming `field`
 * for text that is no such date, and the calendar's own InvalidDateError (30 February) or OutOfRangeError (outside
 * BS 1900–2200) naming `field`, answered as by-english-date answers them (400 invalid-date, 404 out-of-range).
 */
function adDay(field: string, text: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text))
    throw new InvalidQueryError(field, `${field} must be an AD date YYYY-MM-DD, got "${text.slice(0, 20)}"`);
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  try {
    const fixed = adToFixed({ year, month, day });
    fixedToBs(fixed); // throws OutOfRangeError outside BS 1900–2200
    return fixed;
  } catch (error) {
    if (error instanceof OutOfRangeError) throw new OutOfRangeError(`${field}: ${error.message}`, field);
    if (error instanceof CalendarError) throw new InvalidDateError(`${field}: ${error.message}`, field);
    throw error;
  }
}

/**
 * The fixed days of an AD span `from`–`to` (both included), checked: both real dates in the supported range,
 * `from` not after `to`, at most MAX_SPAN_DAYS days. Throws InvalidQueryError, or a CalendarError for a day that
 * does not exist or lies outside the range, naming the field.
 * Example: `spanOf('2026-04-01', '2026-04-30')` is 30 days.
 */
export function spanOf(from: string | null, to: string | null): { from: number; to: number } {
  if (!from) throw new InvalidQueryError('from', 'from is required (YYYY-MM-DD)');
  if (!to) throw new InvalidQueryError('to', 'to is required (YYYY-MM-DD)');
  const first = adDay('from', from);
  const last = adDay('to', to);
  if (last < first) throw new InvalidQueryError('to', `to (${to}) is before from (${from})`);
  if (last - first + 1 > MAX_SPAN_DAYS)
    throw new InvalidQueryError(
      'to',
      `a span is at most ${MAX_SPAN_DAYS} days; ${from} to ${to} is ${last - first + 1}`,
    );
  return { from: first, to: last };
}

/** The BS months (year, month) that hold the days `from`–`to`, in order. */
export function monthsOfSpan(from: number, to: number): { year: number; month: number }[] {
  const months: { year: number; month: number }[] = [];
  let { year, month } = fixedToBs(from);
  while (bsMonthStartFixed(year, month) <= to) {
    months.push({ year, month });
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
    if (year > fixedToBs(to).year) break;
  }
  return months;
}

/** Reads one BS month file in a language; null when the deployment has none. */
export type MonthReader = (year: number, month: number, lang: Lang) => Promise<MonthFile | null>;

/**
 * The day records of the days `from`–`to` (fixed, checked by spanOf) in order, from the month files, each made
 * by `dayAt` when given (at a place: src/almanac/at-place.ts dayRecordAt, which brings the engine; this module does
 * not, so a span at Kathmandu does not evaluate it). Throws MissingMonthError when a month is not built.
 */
export async function daysOfSpan(
  span: { from: number; to: number },
  lang: Lang,
  readMonth: MonthReader,
  dayAt?: (day: DayRecord, fixed: number) => DayRecord,
): Promise<DayRecord[]> {
  const months = monthsOfSpan(span.from, span.to);
  const files = await Promise.all(months.map(({ year, month }) => readMonth(year, month, lang)));
  const days: DayRecord[] = [];
  months.forEach(({ year, month }, i) => {
    const file = files[i];
    if (!file) throw new MissingMonthError(year, month);
    const start = bsMonthStartFixed(year, month);
    file.days.forEach((day, offset) => {
      const fixed = start + offset;
      if (fixed < span.from || fixed > span.to) return;
      days.push(dayAt ? dayAt(day, fixed) : day);
    });
  });
  return days;
}

/** Reads one BS month file's bytes as the deployment has it (its JSON, as the build writes it); null without one. */
export type MonthBytesReader = (year: number, month: number, lang: Lang) => Promise<Uint8Array | null>;

/**
 * The day records of the days `from`–`to` at Kathmandu as UTF-8 JSON, one part a month (its rows, to be joined by
 * commas into the array `JSON.stringify(await daysOfSpan(span, lang, …))` gives, line breaks between the days
 * aside): the month files' own bytes, neither parsed nor decoded (a year's span parsed and wrote 300 KB again, then
 * decoded and encoded it). Throws MissingMonthError when a month is not built.
 * Example: `okBodyWithRows(spanDates(span), 'days', await spanDaysBytes(span, 'en', readBytes))`.
 */
export async function spanDaysBytes(
  span: { from: number; to: number },
  lang: Lang,
  readBytes: MonthBytesReader,
): Promise<Uint8Array[]> {
  const months = monthsOfSpan(span.from, span.to);
  const files = await Promise.all(months.map(({ year, month }) => readBytes(year, month, lang)));
  return months.map(({ year, month }, i) => {
    const start = bsMonthStartFixed(year, month);
    const first = Math.max(span.from, start) - start;
    const last = Math.min(span.to, start + daysInBsMonth(year, month) - 1) - start;
    const rows = files[i] ? rowsBytes(files[i], 'data', first, last) : null;
    if (rows === null) throw new MissingMonthError(year, month);
    return rows;
  });
}

/** `YYYY-MM-DD` of both ends of a span, as answers echo them. */
export function spanDates(span: { from: number; to: number }): { from: string; to: string } {
  return { from: isoFromFixed(span.from), to: isoFromFixed(span.to) };
}
