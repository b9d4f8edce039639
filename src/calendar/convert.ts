/**
 * The date converter: parse a date written with ASCII or Devanagari digits, decide whether it is AD or BS,
 * and describe the day in both calendars. No HTTP here: the converter route of src/http/app.ts adapts it.
 *
 * Without `from`: Devanagari digits mean BS; an ASCII date valid in one calendar only is read in that one, and
 * one valid in both is read as the day nearer today; the answer says what was assumed and why.
 */
import { adToFixed, bsToFixed, bsYearInfo, fixedToBs, formatYmd } from './bs.ts';
import { fromDevanagariDigits, hasDevanagariDigits, toDevanagariDigits } from './digits.ts';
import { CalendarError, InvalidDateError } from './errors.ts';
import { AD_MONTHS, BS_MONTHS, WEEKDAYS, type Lang } from './names.ts';
import { gregorianFromFixed, nepalToday, weekdayOfFixed, type YMD } from './time.ts';
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

/** The day of `date` read in a calendar, or the calendar error that says why it is no day there. */
function tryFixed(from: Calendar, date: YMD): number | CalendarError {
  try {
    return fixedOf(from, date);
  } catch (error) {
    if (error instanceof CalendarError) return error;
    throw error;
  }
}

const CALENDAR_NAMES: Readonly<Record<Calendar, string>> = { ad: 'AD', bs: 'BS' };

/**
 * Convert a date. Without `from`, Devanagari digits mean BS; an ASCII date valid in only one calendar (within
 * BS 1900–2200) is read in that one, and one valid in both is read as the day nearer `today` (a day number;
 * the functions pass today in Nepal). The answer says which reading it took and why, and names the other.
 * Throws InvalidDateError (malformed, impossible day) or OutOfRangeError (outside BS 1900–2200).
 * Example: `convertDate('2083-08-07', undefined, 'en', nepalToday(Date.now()))` reads BS in 2026.
 */
export function convertDate(
  input: string,
  from: Calendar | undefined,
  lang: Lang = 'ne',
  today: number = nepalToday(Date.now()),
): Conversion {
  const parsed = parseDateInput(input);
  let calendar: Calendar;
  let assumption: string;
  let fixed: number;
  let alternative: Conversion['alternative'];
  if (from) {
    calendar = from;
    assumption = `from=${from} was given`;
    fixed = fixedOf(from, parsed);
  } else if (parsed.devanagari) {
    calendar = 'bs';
    assumption = 'Devanagari digits are read as a BS date';
    fixed = fixedOf('bs', parsed);
  } else {
    const asAd = tryFixed('ad', parsed);
    const asBs = tryFixed('bs', parsed);
    if (asAd instanceof CalendarError && asBs instanceof CalendarError) throw asAd;
    if (asBs instanceof CalendarError) {
      [calendar, fixed] = ['ad', asAd as number];
      assumption = `read as an AD date: it is no BS date in range (${asBs.message})`;
    } else if (asAd instanceof CalendarError) {
      [calendar, fixed] = ['bs', asBs];
      assumption = `read as a BS date: it is no AD date in range (${asAd.message})`;
    } else {
      const away = (day: number) => Math.abs(day - today);
      calendar = away(asBs) < away(asAd) ? 'bs' : 'ad';
      fixed = calendar === 'bs' ? asBs : asAd;
      const other: Calendar = calendar === 'bs' ? 'ad' : 'bs';
      const otherFixed = calendar === 'bs' ? asAd : asBs;
      assumption =
        `valid in both calendars; read as ${CALENDAR_NAMES[calendar]} because that day is ${away(fixed)} days from today ` +
        `and the ${CALENDAR_NAMES[other]} reading (AD ${formatYmd(gregorianFromFixed(otherFixed))}) is ${away(otherFixed)} days away`;
      alternative = {
        from: other,
        ad: formatYmd(gregorianFromFixed(otherFixed)),
        bs: formatYmd(fixedToBs(otherFixed)),
        daysFromToday: otherFixed - today,
      };
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
    ...(alternative ? { alternative } : {}),
  };
}
