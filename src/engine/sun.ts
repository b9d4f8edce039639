/**
 * Sunrise, sunset, moonrise and moonset at Kathmandu from astronomy-engine: the upper limb with standard
 * refraction (astronomy-engine's SearchRiseSet convention), which reproduced a Swiss-Ephemeris panchanga to
 * 0.3 min RMS (DESIGN.md).
 */
import { Body, Observer, SearchRiseSet } from 'astronomy-engine';
import { J2000_FIXED_MOMENT, nepalMidnight } from '../calendar/time.ts';

/** Kathmandu, the place every almanac time refers to. Source: DESIGN.md (27.7172 N, 85.3240 E). */
export const KATHMANDU_LATITUDE_DEG = 27.7172;
export const KATHMANDU_LONGITUDE_DEG = 85.324;
/** Kathmandu's elevation in metres; the published tables use sea-level horizons, so 0. */
export const KATHMANDU_HEIGHT_M = 0;

const KATHMANDU = new Observer(KATHMANDU_LATITUDE_DEG, KATHMANDU_LONGITUDE_DEG, KATHMANDU_HEIGHT_M);

const RISE = +1;
const SET = -1;

/** Rise and set moments already computed, by body, direction and day (a build asks for each day twice). */
const memo = new Map<string, number | null>();
const MEMO_LIMIT = 20_000;

function riseSet(body: Body, direction: number, fixed: number): number | null {
  const key = `${body}${direction}${fixed}`;
  const known = memo.get(key);
  if (known !== undefined) return known;
  if (memo.size >= MEMO_LIMIT) memo.clear();
  const found = searchRiseSet(body, direction, fixed);
  memo.set(key, found);
  return found;
}

function searchRiseSet(body: Body, direction: number, fixed: number): number | null {
  const start = nepalMidnight(fixed);
  const found = SearchRiseSet(body, KATHMANDU, direction, start - J2000_FIXED_MOMENT, 1);
  if (!found) return null;
  const moment = found.ut + J2000_FIXED_MOMENT;
  return moment < start + 1 ? moment : null;
}

/** Moment (fixed days, UT) of sunrise at Kathmandu on a Nepal civil day (fixed day number). Always found at this latitude. */
export function sunrise(fixed: number): number {
  return riseSet(Body.Sun, RISE, fixed)!;
}

/** Moment (fixed days, UT) of sunset at Kathmandu on a Nepal civil day. Always found at this latitude. */
export function sunset(fixed: number): number {
  return riseSet(Body.Sun, SET, fixed)!;
}

/** Moment of moonrise at Kathmandu on a Nepal civil day, or `null` on the days the Moon does not rise. */
export function moonrise(fixed: number): number | null {
  return riseSet(Body.Moon, RISE, fixed);
}

/** Moment of moonset at Kathmandu on a Nepal civil day, or `null` on the days the Moon does not set. */
export function moonset(fixed: number): number | null {
  return riseSet(Body.Moon, SET, fixed);
}
