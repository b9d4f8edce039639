/**
 * Sunrise, sunset, moonrise and moonset at Kathmandu from astronomy-engine: the upper limb with standard
 * refraction (astronomy-engine's SearchRiseSet convention), which reproduced a Swiss-Ephemeris panchanga to
 * 0.3 min RMS (DESIGN.md).
 */
import {
  Body,
  Equator,
  Horizon,
  KM_PER_AU,
  MakeTime,
  Observer,
  RAD2DEG,
  SearchRiseSet,
} from 'astronomy-engine';
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
const key = (body: Body, direction: number, fixed: number) => `${body}${direction}${fixed}`;

/** How much later the body rises or sets each day, in days: a solar day; a lunar day (24 h 50 min). */
const DAILY_SHIFT: Partial<Record<Body, number>> = { [Body.Sun]: 1, [Body.Moon]: 1.0351 };

function riseSet(body: Body, direction: number, fixed: number): number | null {
  const known = memo.get(key(body, direction, fixed));
  if (known !== undefined) return known;
  if (memo.size >= MEMO_LIMIT) memo.clear();
  // Day after day (a build, a year of records), yesterday's moment is a close guess that a few secant steps
  // refine; anything unusual (no rise that day, no convergence) falls back to the library's full search.
  const yesterday = memo.get(key(body, direction, fixed - 1));
  const refined = yesterday ? refineRiseSet(body, direction, yesterday + DAILY_SHIFT[body]!) : null;
  const start = nepalMidnight(fixed);
  const found =
    refined !== null && refined >= start && refined < start + 1
      ? refined
      : searchRiseSet(body, direction, fixed);
  memo.set(key(body, direction, fixed), found);
  return found;
}

/**
 * astronomy-engine's rise/set condition, as its SearchRiseSet evaluates it for an observer at sea level: the
 * topocentric altitude of the body's centre plus its angular radius equals −34′ (REFRACTION_NEAR_HORIZON).
 * Radii are the library's SUN_RADIUS_KM and MOON_EQUATORIAL_RADIUS_KM. Positive after a rise (direction +1)
 * or a set (direction −1).
 */
const HORIZON_DEG = -34 / 60;
const RADIUS_AU: Partial<Record<Body, number>> = {
  [Body.Sun]: 695_700 / KM_PER_AU,
  [Body.Moon]: 1738.1 / KM_PER_AU,
};
function pastHorizon(body: Body, direction: number, moment: number): number {
  const time = MakeTime(moment - J2000_FIXED_MOMENT);
  const ofDate = Equator(body, time, KATHMANDU, true, true);
  const horizontal = Horizon(time, KATHMANDU, ofDate.ra, ofDate.dec);
  const altitude = horizontal.altitude + RAD2DEG * Math.asin(RADIUS_AU[body]! / ofDate.dist);
  return direction * (altitude - HORIZON_DEG);
}

/** The library's search tolerance, 0.1 s, in days. */
const TOLERANCE_DAYS = 0.1 / 86_400;

/** Secant steps from a guess within an hour or so to the rise (or set) crossing; null if they do not settle. */
function refineRiseSet(body: Body, direction: number, guess: number): number | null {
  let t0 = guess;
  let f0 = pastHorizon(body, direction, t0);
  let t1 = guess + 2 / 1440;
  let f1 = pastHorizon(body, direction, t1);
  for (let step = 0; step < 8; step++) {
    const t2 = t1 - (f1 * (t1 - t0)) / (f1 - f0);
    if (!Number.isFinite(t2) || Math.abs(t2 - guess) > 0.25) return null;
    if (Math.abs(t2 - t1) < TOLERANCE_DAYS) return (f1 - f0) / (t1 - t0) > 0 ? t2 : null;
    [t0, f0, t1, f1] = [t1, f1, t2, pastHorizon(body, direction, t2)];
  }
  return null;
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
