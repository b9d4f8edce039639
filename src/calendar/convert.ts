/**
 * The date converter: parse a date written with ASCII or Devanagari digits, decide whether it is AD or BS,
 * and describe the day in both calendars. No HTTP here: functions/api/date-converter.ts adapts it.
 *
 * Without `from`: Devanagari digits mean BS; ASCII digits mean AD, unless the date exists only in BS
 * (e.g. 2081-02-32, or a BS year beyond the AD range); the answer says what was assumed and why.
 */
import { adToFixed, bsToFixed, bsYearInfo, fixedToBs, formatYmd } from './bs.ts';
import { fromDevanagariDigits, hasDevanagariDigits, toDevanagariDigits } from './digits.ts';
import { CalendarError, InvalidDateError } from './errors.ts';
import { AD_MONTHS, BS_MONTHS, WEEKDAYS, type Lang } from './names.ts';
import { gregorianFromFixed, weekdayOfFixed, type YMD } from './time.ts';
import type { Conversion, DayDescription } from '../contract/converter.ts';

export type { Conversion } from '../contract/converter.ts';

export type Calendar = 'ad' | 'bs';
/** Longest input accepted ("२०८२-०१-०१" is 10 characters; a little room for spaces). */
export const MAX_DATE_INPUT_LENGTH = 32;

export interface ParsedDate extends YMD {
  readonly devanagari: boolean;
}

/** Parse `YYYY-MM-DD` with ASCII or Devanagari digits (`/` or `.` also separate). Throws InvalidDateError naming `date`. */
export function parseDateInput(input: string): ParsedDate {
  if (input.length > MAX_DATE_INPUT_LENGTH) {
    throw new InvalidDateError(`date is too long (${input.length} characters); expected YYYY-MM-DD`, 'date');
  }
  const text = input.trim();
  const ascii = fromDevanagariDigits(text);
  const match = ascii.match(/^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/);
  if (!match)
    throw new InvalidDateError(`date must be YYYY-MM-DD (ASCII or Devanagari digits), got "${text}"`, 'date');
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  return { year, month, day, devanagari: hasDevanagariDigits(text) };
}

function describe(parts: YMD, monthName: string, weekday: string): DayDescription {
  const date = formatYmd(parts);
  return { date, ...parts, monthName, weekday, devanagari: toDevanagariDigits(date) };
}

function fixedOf(from: Calendar, date: YMD): number {
  return from === 'bs' ? bsToFixed(date) : adToFixed(date);
}

/** Convert a date. Throws InvalidDateError (malformed, impossible day) or OutOfRangeError (outside BS 1900–2200). */
export function convertDate(input: string, from: Calendar | undefined, lang: Lang = 'ne'): Conversion {
  const parsed = parseDateInput(input);
  let calendar: Calendar;
  let assumption: string;
  let fixed: number;
  if (from) {
    calendar = from;
    assumption = `from=${from} was given`;
    fixed = fixedOf(from, parsed);
  } else if (parsed.devanagari) {
    calendar = 'bs';
    assumption = 'Devanagari digits are read as a BS date';
    fixed = fixedOf('bs', parsed);
  } else {
    try {
      calendar = 'ad';
      assumption = 'ASCII digits are read as an AD date';
      fixed = fixedOf('ad', parsed);
    } catch (adError) {
      if (!(adError instanceof CalendarError)) throw adError;
      try {
        fixed = fixedOf('bs', parsed);
      } catch {
        throw adError;
      }
      calendar = 'bs';
      assumption = `read as a BS date because it is not a valid AD date in range (${adError.message})`;
    }
  }
  const bs = fixedToBs(fixed);
  const ad = gregorianFromFixed(fixed);
  const weekdayIndex = weekdayOfFixed(fixed);
  const weekday = WEEKDAYS[weekdayIndex]![lang];
  const info = bsYearInfo(bs.year);
  return {
    input,
    from: calendar,
    assumed: !from,
    assumption,
    ad: describe(ad, AD_MONTHS[ad.month - 1]![lang], weekday),
    bs: {
      ...describe(bs, BS_MONTHS[bs.month - 1]![lang], weekday),
      status: info.status,
      nearBoundary: info.nearBoundaryMonths.some((m) => m.month === bs.month),
    },
    weekdayIndex,
  };
}
