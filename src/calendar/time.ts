/**
 * Day numbers, moments and Nepal civil time: the one pivot every conversion in the project goes through.
 *
 * - A **day number** ("fixed date") is Reingold & Dershowitz's Rata Die: day 1 = Monday 0001-01-01
 *   (proleptic Gregorian). Integer.
 * - A **moment** is a fixed date plus the fraction of the day elapsed, in Universal Time (UT):
 *   moment 738000.5 is noon UT of day 738000. All astronomy in src/engine uses moments.
 * - **Nepal time** is UTC+05:30 before 1986-01-01 and UTC+05:45 since.
 */

import { fromDevanagariDigits } from './digits.ts';

/** Fixed day number of 1970-01-01 (Unix epoch). Source: Reingold & Dershowitz, fixed-from-gregorian(1970,1,1). */
export const UNIX_EPOCH_FIXED = 719163;
export const MS_PER_DAY = 86_400_000;
/** Fixed moment of J2000.0 (2000-01-01T12:00 UT): astronomy-engine counts `ut` days from here. */
export const J2000_FIXED_MOMENT = 730120.5;
export const MINUTES_PER_DAY = 1440;
/** Nepal Standard Time offset since 1986-01-01 (minutes east of UTC). */
export const NPT_OFFSET_MIN = 345;
/** Offset used before 1986-01-01 (Indian Standard Time's +05:30). */
export const NPT_OFFSET_BEFORE_1986_MIN = 330;
/** Fixed day 1986-01-01, when Nepal moved from +05:30 to +05:45 (local midnight). */
export const NPT_CHANGE_FIXED = 725007;

export interface YMD {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** Fixed day number of a proleptic Gregorian date (any integer year). */
export function fixedFromGregorian(year: number, month: number, day: number): number {
  // Days from the Unix epoch by Howard Hinnant's days_from_civil, shifted to Rata Die.
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468 + UNIX_EPOCH_FIXED;
}

/** Proleptic Gregorian date of a fixed day number. */
export function gregorianFromFixed(fixed: number): YMD {
  const z = fixed - UNIX_EPOCH_FIXED + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: era * 400 + yoe + (month <= 2 ? 1 : 0), month, day };
}

/** Days in a Gregorian month. */
export function gregorianMonthLength(year: number, month: number): number {
  return (
    fixedFromGregorian(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1, 1) -
    fixedFromGregorian(year, month, 1)
  );
}

/** Weekday of a fixed day: 0 = Sunday … 6 = Saturday. */
export function weekdayOfFixed(fixed: number): number {
  return ((fixed % 7) + 7) % 7;
}

/** ISO `YYYY-MM-DD` of a fixed day (years 0–9999). */
export function isoFromFixed(fixed: number): string {
  const { year, month, day } = gregorianFromFixed(fixed);
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

/** Moment (fixed days, UT) of a JavaScript Date or Unix milliseconds. */
export function momentFromUnixMs(ms: number): number {
  return ms / MS_PER_DAY + UNIX_EPOCH_FIXED;
}

/** Unix milliseconds of a moment. */
export function unixMsFromMoment(moment: number): number {
  return (moment - UNIX_EPOCH_FIXED) * MS_PER_DAY;
}

/** Nepal's offset from UTC in minutes at a moment (UT): 330 before 1986-01-01 local, 345 since. */
export function nepalOffsetMinutes(moment: number): number {
  return moment + NPT_OFFSET_MIN / MINUTES_PER_DAY >= NPT_CHANGE_FIXED
    ? NPT_OFFSET_MIN
    : NPT_OFFSET_BEFORE_1986_MIN;
}

/** Nepal's offset in minutes in force during a whole civil day (the change happened at midnight). */
export function nepalOffsetMinutesOnDay(fixed: number): number {
  return fixed >= NPT_CHANGE_FIXED ? NPT_OFFSET_MIN : NPT_OFFSET_BEFORE_1986_MIN;
}

/** The moment (UT) of Nepal local midnight starting a civil day. */
export function nepalMidnight(fixed: number): number {
  return fixed - nepalOffsetMinutesOnDay(fixed) / MINUTES_PER_DAY;
}

/** Nepal local time of a moment: the civil day and the minutes since its local midnight (0 ≤ minutes < 1440). */
export function nepalLocal(moment: number): { fixed: number; minutes: number } {
  const local = moment + nepalOffsetMinutes(moment) / MINUTES_PER_DAY;
  const fixed = Math.floor(local);
  return { fixed, minutes: (local - fixed) * MINUTES_PER_DAY };
}

/**
 * `HH:MM` of a moment in Nepal time relative to a civil day, rounded to the nearest minute.
 * Moments after that day's midnight continue past 24 (e.g. "25:10" = 01:10 the next day), as almanacs print them.
 */
export function nepalClock(moment: number, fixed: number): string {
  const minutes = Math.round((moment - nepalMidnight(fixed)) * MINUTES_PER_DAY);
  return `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
}

/** A moment as the API gives times: `clock` is `HH:MM` (00:00–23:59) Nepal time; `at`, only when the moment
 * falls on another civil day than `fixed` (after midnight), the exact moment in ISO 8601 with Nepal's offset. */
export interface NepalTime {
  readonly clock: string;
  readonly at?: string;
}

/**
 * A moment (UT, in days) as the API gives it relative to a civil day `fixed`, rounded to the minute.
 * Example: 01:10 of the day after `fixed` → `{ clock: '01:10', at: '2026-11-24T01:10:00+05:45' }`.
 */
export function nepalTime(moment: number, fixed: number): NepalTime {
  const rounded = Math.round(moment * MINUTES_PER_DAY) / MINUTES_PER_DAY;
  const local = nepalLocal(rounded);
  const minutes = Math.round(local.minutes);
  const day = local.fixed + Math.floor(minutes / MINUTES_PER_DAY);
  const m = minutes % MINUTES_PER_DAY;
  const clock = `${pad2(Math.floor(m / 60))}:${pad2(m % 60)}`;
  if (day === fixed) return { clock };
  return { clock, at: nepalIso(rounded) };
}

/** ISO 8601 of a moment in Nepal time with its offset, to the minute (e.g. 2026-05-03T19:42:00+05:45). */
export function nepalIso(moment: number): string {
  const rounded = Math.round(moment * MINUTES_PER_DAY) / MINUTES_PER_DAY;
  const offset = nepalOffsetMinutes(rounded);
  const total = Math.round(rounded * MINUTES_PER_DAY) + offset;
  const fixed = Math.floor(total / MINUTES_PER_DAY);
  const m = total - fixed * MINUTES_PER_DAY;
  return `${isoFromFixed(fixed)}T${pad2(Math.floor(m / 60))}:${pad2(m % 60)}:00+${pad2(Math.floor(offset / 60))}:${pad2(offset % 60)}`;
}

/**
 * The moment of an `HH:MM` clock time (Latin or Devanagari digits; past 24 for after the next midnight) on a
 * Nepal civil day, the inverse of nepalClock; null for text that is not such a time.
 * Example: `nepalClockMoment('२५:१०', fixed)` is 01:10 of the next day.
 */
export function nepalClockMoment(clock: string, fixed: number): number | null {
  const match = fromDevanagariDigits(clock).match(/^(\d{1,2}):(\d{2})$/);
  if (!match) return null;
  return nepalMidnight(fixed) + (Number(match[1]) * 60 + Number(match[2])) / MINUTES_PER_DAY;
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** The Nepal civil day (fixed) at an instant given in Unix milliseconds: the day changes at 18:15 UTC. */
export function nepalToday(nowMs: number): number {
  return nepalLocal(momentFromUnixMs(nowMs)).fixed;
}
