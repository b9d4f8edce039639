/**
 * The Bikram Sambat calendar: a month table behind one interface, with the fixed day number
 * (src/calendar/time.ts) as the only pivot for conversions both ways.
 *
 * Published years come from data/calendar/month-lengths.json (BS 1970–2083, from the published tables);
 * the others from data/calendar/projection.json (the Surya Siddhanta month-start rule, marked "projection",
 * near-boundary months flagged). Both files pass their zod schema at build time (npm run validate:data, over
 * src/contract/data-registry.ts) and in the tests, not again at every isolate start (it cost a cold function
 * about 200 ms of CPU); the years must join without gaps or overlaps.
 */
import published from '../../data/calendar/month-lengths.json' with { type: 'json' };
import projection from '../../data/calendar/projection.json' with { type: 'json' };
import type { CalendarTable } from '../contract/calendar-table.ts';
import { InvalidDateError, OutOfRangeError, messages } from './errors.ts';
import {
  fixedFromGregorian,
  gregorianFromFixed,
  gregorianMonthLength,
  isoFromFixed,
  type YMD,
} from './time.ts';

/** The range the service answers for (DESIGN.md goal). */
export const BS_MIN_YEAR = 1900;
export const BS_MAX_YEAR = 2200;

export type YearStatus = 'published' | 'projection';

export interface BsYearInfo {
  readonly year: number;
  /** Days in each month, Baisakh first. */
  readonly lengths: readonly number[];
  /** Fixed day number of 1 Baisakh. */
  readonly firstFixed: number;
  readonly days: number;
  readonly status: YearStatus;
  /** Projected months whose sankranti lies within 30 minutes of the cut-off that decides its day. */
  readonly nearBoundaryMonths: readonly { month: number; minutesFromCutoff: number }[];
}

export type BsDate = YMD;

function loadTable(): BsYearInfo[] {
  const tables: [string, CalendarTable][] = [
    // Validated at build: the JSON's inferred types only lack the schema's literal unions.
    ['data/calendar/month-lengths.json', published as CalendarTable],
    ['data/calendar/projection.json', projection as CalendarTable],
  ];
  const byYear = new Map<number, BsYearInfo>();
  for (const [file, table] of tables) {
    for (const [key, row] of Object.entries(table.years)) {
      const year = Number(key);
      if (byYear.has(year)) throw new Error(`${file}: BS ${year} is defined twice`);
      const [y, m, d] = row.firstDayAD.split('-').map(Number) as [number, number, number];
      byYear.set(year, {
        year,
        lengths: row.lengths,
        firstFixed: fixedFromGregorian(y, m, d),
        days: row.days,
        status: row.status,
        nearBoundaryMonths: row.nearBoundary ?? [],
      });
    }
  }
  const years = [...byYear.values()].sort((a, b) => a.year - b.year);
  for (let i = 1; i < years.length; i++) {
    const prev = years[i - 1]!;
    const cur = years[i]!;
    if (cur.year !== prev.year + 1 || cur.firstFixed !== prev.firstFixed + prev.days) {
      throw new Error(
        `BS table: ${prev.year} (${prev.status}) does not join ${cur.year} (${cur.status}) without a gap`,
      );
    }
  }
  return years;
}

const YEARS = loadTable();
const FIRST = YEARS[0]!;
const LAST = YEARS.at(-1)!;

/** The first and last BS years in the table (BS_MIN_YEAR–BS_MAX_YEAR once the projection is generated). */
export const bsYearRange = { min: FIRST.year, max: LAST.year } as const;
/** The first and last fixed day numbers the calendar covers. */
export const fixedRange = { min: FIRST.firstFixed, max: LAST.firstFixed + LAST.days - 1 } as const;

/** Month lengths, first day and status of a BS year. Throws OutOfRangeError outside the table. */
export function bsYearInfo(year: number): BsYearInfo {
  if (!Number.isInteger(year)) throw new InvalidDateError(messages.notInteger('year', year), 'year');
  const info = YEARS[year - FIRST.year];
  if (!info) throw new OutOfRangeError(messages.bsYearRange(year, FIRST.year, LAST.year), 'year');
  return info;
}

/** Whether a BS year is `published` or a `projection`. Throws OutOfRangeError outside the table. */
export function bsYearStatus(year: number): YearStatus {
  return bsYearInfo(year).status;
}

/** Days in a BS month (29–32). Throws InvalidDateError for a month outside 1–12, OutOfRangeError for the year. */
export function daysInBsMonth(year: number, month: number): number {
  const info = bsYearInfo(year);
  if (!Number.isInteger(month) || month < 1 || month > 12)
    throw new InvalidDateError(messages.bsMonth(month), 'month');
  return info.lengths[month - 1]!;
}

/** Fixed day number of the first day of a BS month. */
export function bsMonthStartFixed(year: number, month: number): number {
  const info = bsYearInfo(year);
  daysInBsMonth(year, month);
  let fixed = info.firstFixed;
  for (let m = 1; m < month; m++) fixed += info.lengths[m - 1]!;
  return fixed;
}

/** Fixed day number of a BS date. Throws InvalidDateError for a day that does not exist, OutOfRangeError outside the table. */
export function bsToFixed(date: BsDate): number {
  const { year, month, day } = date;
  const length = daysInBsMonth(year, month);
  if (!Number.isInteger(day) || day < 1 || day > length) {
    throw new InvalidDateError(messages.bsDay(year, month, day, length), 'day');
  }
  return bsMonthStartFixed(year, month) + day - 1;
}

/** BS date of a fixed day number. Throws OutOfRangeError outside the table. */
export function fixedToBs(fixed: number): BsDate {
  if (!Number.isInteger(fixed) || fixed < fixedRange.min || fixed > fixedRange.max) {
    throw new OutOfRangeError(
      messages.adRange(isoOrNumber(fixed), isoFromFixed(fixedRange.min), isoFromFixed(fixedRange.max)),
      'date',
    );
  }
  // Years are 365 or 366 days: estimate, then step (at most one step either way).
  let i = Math.min(YEARS.length - 1, Math.floor((fixed - FIRST.firstFixed) / 365.25));
  while (i > 0 && YEARS[i]!.firstFixed > fixed) i--;
  while (i < YEARS.length - 1 && YEARS[i + 1]!.firstFixed <= fixed) i++;
  const info = YEARS[i]!;
  let dayOfYear = fixed - info.firstFixed;
  let month = 1;
  while (dayOfYear >= info.lengths[month - 1]!) dayOfYear -= info.lengths[month++ - 1]!;
  return { year: info.year, month, day: dayOfYear + 1 };
}

/** Fixed day number of a Gregorian date, checking that the date exists (Feb 30 throws InvalidDateError). */
export function adToFixed(date: YMD): number {
  const { year, month, day } = date;
  for (const [what, value] of [
    ['year', year],
    ['month', month],
    ['day', day],
  ] as const) {
    if (!Number.isInteger(value)) throw new InvalidDateError(messages.notInteger(what, value), what);
  }
  if (month < 1 || month > 12) throw new InvalidDateError(messages.adMonth(month), 'month');
  const length = gregorianMonthLength(year, month);
  if (day < 1 || day > length) throw new InvalidDateError(messages.adDay(formatYmd(date), length), 'day');
  return fixedFromGregorian(year, month, day);
}

/** BS date of a Gregorian date. */
export function adToBs(date: YMD): BsDate {
  return fixedToBs(adToFixed(date));
}

/** Gregorian date of a BS date. */
export function bsToAd(date: BsDate): YMD {
  return gregorianFromFixed(bsToFixed(date));
}

/** `YYYY-MM-DD` of a date's parts (no validation). */
export function formatYmd(date: YMD): string {
  return `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

/** The days an ISO date of four digits names (0000-01-01 to 9999-12-31, proleptic Gregorian). */
const FIRST_ISO_DAY = fixedFromGregorian(0, 1, 1);
const LAST_ISO_DAY = fixedFromGregorian(9999, 12, 31);

/** A day outside the table as the date it was asked by, or its number when it is no four-digit ISO date. */
function isoOrNumber(fixed: number): string {
  return Number.isInteger(fixed) && fixed >= FIRST_ISO_DAY && fixed <= LAST_ISO_DAY
    ? isoFromFixed(fixed)
    : String(fixed);
}
