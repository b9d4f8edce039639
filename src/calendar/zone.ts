/**
 * Civil time in any IANA time zone through Intl (which Workers and Node both carry), for answers computed at a
 * place outside Nepal. Nepal's own zone, Asia/Kathmandu, is answered by the rule time.ts keeps for every Nepal
 * clock of the service (+05:30 before 1986, +05:45 since), without Intl: a zone's first Intl.DateTimeFormat in an
 * isolate builds its formatter (about 0.2 ms once ICU is set up, which a Node process does on its first one, 15–25
 * ms, as a workerd process does once for all its isolates), and each time then costs a formatToParts.
 */
import {
  fixedFromGregorian,
  isoFromFixed,
  MINUTES_PER_DAY,
  momentFromUnixMs,
  nepalOffsetMinutes,
  UNIX_EPOCH_FIXED,
  unixMsFromMoment,
  type NepalTime,
} from './time.ts';

/** The zone of Nepal's civil time: of every answer without a place, of a place given by its coordinates alone and
 * of the gazetteer's places in Nepal. */
export const NEPAL_TIME_ZONE = 'Asia/Kathmandu';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

/**
 * Whether Intl knows a time zone. Names are kept as given: ICU would canonicalize Asia/Kathmandu to the old
 * Asia/Katmandu. Example: `isTimeZone('Asia/Kathmandu')` is true; `isTimeZone('Mars/Olympus_Mons')` is false.
 */
export function isTimeZone(timeZone: string): boolean {
  if (timeZone === NEPAL_TIME_ZONE) return true;
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The civil day (fixed) and minutes since its midnight (whole, 0–1439) of a Unix-millisecond instant in a zone:
 * the minute the instant falls in, as Intl formats it. Nepal's zone by time.ts's rule (from 1920, when the tz
 * database ends Kathmandu's local mean time, the same as Intl; test: zone.test.ts).
 */
function zonedLocal(ms: number, timeZone: string): { fixed: number; minutes: number } {
  if (timeZone === NEPAL_TIME_ZONE) {
    const local = Math.floor(ms / 60_000) + nepalOffsetMinutes(momentFromUnixMs(ms));
    const days = Math.floor(local / MINUTES_PER_DAY);
    return { fixed: UNIX_EPOCH_FIXED + days, minutes: local - days * MINUTES_PER_DAY };
  }
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(ms)))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return {
    fixed: fixedFromGregorian(parts.year!, parts.month!, parts.day!),
    minutes: parts.hour! * 60 + parts.minute!,
  };
}

/**
 * `HH:MM` of a moment (fixed days, UT) in a time zone relative to a civil day (fixed) of that zone, rounded to
 * the nearest minute; after that day's midnight the hours continue past 24 ("25:10" = 01:10 the next day), as
 * nepalClock prints them. A moment before that day's midnight prints as the previous day's time of day.
 * Example: `zonedClock(sunrise, fixed, 'America/New_York')`.
 */
export function zonedClock(moment: number, fixed: number, timeZone: string): string {
  const ms = Math.round(unixMsFromMoment(moment) / 60_000) * 60_000;
  const local = zonedLocal(ms, timeZone);
  const total = (local.fixed - fixed) * MINUTES_PER_DAY + local.minutes;
  const minutes = total < 0 ? (total % MINUTES_PER_DAY) + MINUTES_PER_DAY : total;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * A moment as the API gives it on a zone's clock relative to a civil day: `HH:MM` (00:00–23:59), and the exact
 * moment in ISO 8601 with the zone's offset when it falls on another day. Example: `zonedTime(m, fixed, 'Europe/London')`.
 */
export function zonedTime(moment: number, fixed: number, timeZone: string): NepalTime {
  const ms = Math.round(unixMsFromMoment(moment) / 60_000) * 60_000;
  const local = zonedLocal(ms, timeZone);
  const minutes = Math.round(local.minutes);
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
  if (local.fixed === fixed) return { clock };
  const offset = zoneOffsetMinutes(moment, timeZone);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return {
    clock,
    at: `${isoFromFixed(local.fixed)}T${clock}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`,
  };
}

/**
 * A zone's offset from UTC in minutes at a moment (fixed days, UT), e.g. 345 for Asia/Kathmandu since 1986,
 * −240 for America/New_York in summer.
 */
export function zoneOffsetMinutes(moment: number, timeZone: string): number {
  const ms = Math.round(unixMsFromMoment(moment) / 60_000) * 60_000;
  const local = zonedLocal(ms, timeZone);
  const utcMinutes = Math.floor(ms / 60_000);
  const localMinutes = (local.fixed - fixedFromGregorian(1970, 1, 1)) * MINUTES_PER_DAY + local.minutes;
  return localMinutes - utcMinutes;
}

/** The civil day (fixed) in a zone at a Unix-millisecond instant. Example: `zonedToday(Date.now(), 'Europe/London')`. */
export function zonedToday(nowMs: number, timeZone: string): number {
  return zonedLocal(nowMs, timeZone).fixed;
}

/** Seconds from a Unix-millisecond instant to the next midnight in a zone, at least 1. */
export function secondsUntilZonedMidnight(nowMs: number, timeZone: string): number {
  const local = zonedLocal(nowMs, timeZone);
  const secondsIntoMinute = Math.floor((nowMs % 60_000) / 1000);
  return Math.max(1, (MINUTES_PER_DAY - local.minutes) * 60 - secondsIntoMinute);
}
