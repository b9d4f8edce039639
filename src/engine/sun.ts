/**
 * Sunrise, sunset, moonrise and moonset at a place (Kathmandu unless told) from astronomy-engine's positions:
 * the upper limb with standard refraction (astronomy-engine's SearchRiseSet convention), which reproduced a
 * Swiss-Ephemeris panchanga to 0.3 min RMS at Kathmandu (DESIGN.md).
 *
 * Each event is estimated from the hour angle at which the body meets the horizon, then refined by secant
 * steps on the body's altitude, whose geocentric position comes from cached interpolation blocks
 * (src/engine/ephemeris.ts). The answer depends only on the place, the body and the day, never on the order of
 * the questions; anything unusual (a day without the event, a refinement that does not settle) is left to the
 * library's own SearchRiseSet.
 */
import { Body, KM_PER_AU, Observer, RAD2DEG, SearchRiseSet } from 'astronomy-engine';
import { J2000_FIXED_MOMENT, nepalMidnight } from '../calendar/time.ts';
import { positionOfDate } from './modern.ts';
import { station, stationOfDate, type Station } from './sidereal.ts';

/** Kathmandu, the place every almanac time refers to. Source: DESIGN.md (27.7172 N, 85.3240 E). */
export const KATHMANDU_LATITUDE_DEG = 27.7172;
export const KATHMANDU_LONGITUDE_DEG = 85.324;
/** Kathmandu's elevation in metres; the published tables use sea-level horizons, so 0. */
export const KATHMANDU_HEIGHT_M = 0;

/**
 * A place on the Earth: geodetic latitude (degrees, north positive, −90…90), longitude (degrees, east
 * positive, −180…180) and elevation above sea level (metres, default 0; it moves the observer, while the
 * horizon stays the standard one of −34′ refraction, as in astronomy-engine's SearchRiseSet).
 */
export interface Place {
  readonly lat: number;
  readonly lon: number;
  readonly elevationM?: number;
}

export const KATHMANDU: Place = {
  lat: KATHMANDU_LATITUDE_DEG,
  lon: KATHMANDU_LONGITUDE_DEG,
  elevationM: KATHMANDU_HEIGHT_M,
};

/** Elevations accepted, metres: the Dead Sea shore to above Everest's summit. */
const ELEVATION_RANGE_M = [-500, 9000] as const;

/** Throws a RangeError naming the field when a place is not on the Earth. */
export function checkPlace(place: Place): void {
  const elevation = place.elevationM ?? 0;
  if (!(Math.abs(place.lat) <= 90)) throw new RangeError(`lat must be within −90…90, not ${place.lat}`);
  if (!(Math.abs(place.lon) <= 180)) throw new RangeError(`lon must be within −180…180, not ${place.lon}`);
  if (!(elevation >= ELEVATION_RANGE_M[0] && elevation <= ELEVATION_RANGE_M[1]))
    throw new RangeError(`elevationM must be within ${ELEVATION_RANGE_M.join('…')} m, not ${elevation}`);
}

const RISE = +1;
const SET = -1;

/**
 * The civil day of a place as a span of moments: Nepal's civil day moved by the place's longitude difference
 * from Kathmandu, so that it runs from about the place's local midnight (and is Nepal's own day at Kathmandu).
 */
export function placeDayStart(fixed: number, place: Place = KATHMANDU): number {
  return nepalMidnight(fixed) + (KATHMANDU_LONGITUDE_DEG - place.lon) / 360;
}

/**
 * astronomy-engine's rise/set condition, as its SearchRiseSet evaluates it: the topocentric altitude of the
 * body's centre plus its angular radius equals −34′ (REFRACTION_NEAR_HORIZON). Radii are the library's
 * SUN_RADIUS_KM and MOON_EQUATORIAL_RADIUS_KM.
 */
const HORIZON_DEG = -34 / 60;
const RADIUS_AU: Partial<Record<Body, number>> = {
  [Body.Sun]: 695_700 / KM_PER_AU,
  [Body.Moon]: 1738.1 / KM_PER_AU,
};

interface Sky {
  /** Topocentric declination of date, degrees, and local hour angle, degrees [−180, 180]. */
  readonly dec: number;
  readonly hourAngle: number;
  /** The altitude of the centre at which the upper limb is at the rise/set altitude, degrees. */
  readonly horizon: number;
}

const wrap180 = (deg: number) => deg - 360 * Math.round(deg / 360);
const scratch = [0, 0, 0, 0];
const here = [0, 0, 0];
/**
 * Where a body stands for an observer at a moment, as astronomy-engine's Equator (topocentric, of date) gives
 * it; its altitude, as Horizon computes it, is sin h = sin φ sin δ + cos φ cos δ cos H (geodetic latitude φ).
 * The observer's place and sidereal time are ObserverVector's and SiderealTime's (src/engine/sidereal.ts).
 */
function skyAt(body: Body, at: Station, moment: number): Sky {
  const geo = positionOfDate(body as Body.Sun | Body.Moon, moment, scratch);
  const localSidereal = stationOfDate(at, moment, here);
  const x = geo[1]! - here[0]!;
  const y = geo[2]! - here[1]!;
  const z = geo[3]! - here[2]!;
  const xy = Math.hypot(x, y);
  const dec = Math.atan2(z, xy) * RAD2DEG;
  const horizon = HORIZON_DEG - RAD2DEG * Math.asin(RADIUS_AU[body]! / Math.hypot(xy, z));
  const hourAngle = wrap180(localSidereal - Math.atan2(y, x) * RAD2DEG);
  return { dec, hourAngle, horizon };
}

/** Mean rate of a body's hour angle, degrees a day: sidereal rotation less the body's mean motion in RA. */
const HOUR_ANGLE_RATE_DEG_PER_DAY: Partial<Record<Body, number>> = { [Body.Sun]: 360, [Body.Moon]: 347.8 };
/** How much later the body rises or sets each day, in days: a solar day; a lunar day (24 h 50 min). */
const DAILY_SHIFT: Partial<Record<Body, number>> = { [Body.Sun]: 1, [Body.Moon]: 1.0351 };

/**
 * When to stop: each step shrinks the next by a factor under 0.02 (the hour angle's rate is known to 1–2 %,
 * the declination hardly moves in the step), so after a step under 2 s the moment is within 0.04 s: closer than
 * the library's own search tolerance (0.1 s).
 */
const SETTLED_STEP_DAYS = 2 / 86_400;
/** Steps allowed: about four settle an event, and a day may need a second event. */
const MAX_STEPS = 16;

/** The answer of a day without the event (the Moon skips one rise and one set a month). */
const NONE = 'none';

/**
 * The event's moment inside the day [start, start + 1): from the day's middle, step to the hour angle at which
 * the body meets the horizon, using the body's place at the previous step (Meeus, *Astronomical Algorithms*,
 * ch. 15, iterated) until the steps settle; at the fixed point the altitude condition holds exactly.
 * An event that settles outside the day is the neighbouring day's: one more start a rise-to-rise period
 * toward the day finds the day's own, and when that one settles outside on the other side, the day has none.
 * Null when the body does not meet the horizon or the steps do not settle (the library's search decides).
 */
function riseSetInDay(
  body: Body,
  direction: number,
  seen: Known,
  start: number,
): number | typeof NONE | null {
  const sinLat = Math.sin(seen.observer.latitude / RAD2DEG);
  const cosLat = Math.cos(seen.observer.latitude / RAD2DEG);
  let moment = start + 0.5;
  let before = false;
  let after = false;
  for (let step = 0; step < MAX_STEPS; step++) {
    const { dec, hourAngle, horizon } = skyAt(body, seen.station, moment);
    const cosH0 =
      (Math.sin(horizon / RAD2DEG) - sinLat * Math.sin(dec / RAD2DEG)) / (cosLat * Math.cos(dec / RAD2DEG));
    if (!(Math.abs(cosH0) < 1)) return null;
    const target = -direction * Math.acos(cosH0) * RAD2DEG;
    const change = wrap180(target - hourAngle) / HOUR_ANGLE_RATE_DEG_PER_DAY[body]!;
    moment += change;
    if (Math.abs(change) < SETTLED_STEP_DAYS) {
      if (moment >= start && moment < start + 1) return moment;
      before ||= moment < start;
      after ||= moment >= start + 1;
      if (before && after) return NONE;
      // A neighbouring day's event: start again a rise-to-rise period toward this day.
      moment += before ? DAILY_SHIFT[body]! : -DAILY_SHIFT[body]!;
    }
  }
  return null;
}

function searchRiseSet(body: Body, direction: number, observer: Observer, start: number): number | null {
  const found = SearchRiseSet(body, observer, direction, start - J2000_FIXED_MOMENT, 1);
  if (!found) return null;
  const moment = found.ut + J2000_FIXED_MOMENT;
  return moment < start + 1 ? moment : null;
}

/** Rise and set moments already computed, by place, then by day, body and direction (a build asks many times). */
interface Known {
  readonly observer: Observer;
  readonly station: Station;
  readonly moments: Map<number, number | null>;
}
const known = new Map<string, Known>();
const MEMO_LIMIT = 20_000;
const PLACES_KEPT = 64;
let lastPlace: Place | undefined;
let lastKnown: Known | undefined;

/** The memo and observer of a place, checking the place the first time it is seen. */
function knownAt(place: Place): Known {
  if (place === lastPlace) return lastKnown!;
  const key = `${place.lat},${place.lon},${place.elevationM ?? 0}`;
  let entry = known.get(key);
  if (entry === undefined) {
    checkPlace(place);
    if (known.size >= PLACES_KEPT) known.clear();
    const elevation = place.elevationM ?? 0;
    entry = {
      observer: new Observer(place.lat, place.lon, elevation),
      station: station(place.lat, place.lon, elevation),
      moments: new Map(),
    };
    known.set(key, entry);
  }
  lastPlace = place;
  lastKnown = entry;
  return entry;
}

function riseSet(body: Body, direction: number, fixed: number, place: Place): number | null {
  const seen = knownAt(place);
  const { observer, moments } = seen;
  const key = fixed * 4 + (body === Body.Sun ? 0 : 2) + (direction === RISE ? 0 : 1);
  const remembered = moments.get(key);
  if (remembered !== undefined) return remembered;
  if (moments.size >= MEMO_LIMIT) moments.clear();
  const start = placeDayStart(fixed, place);
  const inDay = riseSetInDay(body, direction, seen, start);
  const found = inDay === NONE ? null : (inDay ?? searchRiseSet(body, direction, observer, start));
  moments.set(key, found);
  return found;
}

/** Moment (fixed days, UT) of sunrise at a place (Kathmandu by default) on a Nepal civil day; null where the Sun does not rise that day (polar days and nights, never at Kathmandu). */
export function sunrise(fixed: number): number;
export function sunrise(fixed: number, place: Place): number | null;
export function sunrise(fixed: number, place: Place = KATHMANDU): number | null {
  return riseSet(Body.Sun, RISE, fixed, place);
}

/** Moment (fixed days, UT) of sunset at a place (Kathmandu by default) on a Nepal civil day; null where the Sun does not set that day. */
export function sunset(fixed: number): number;
export function sunset(fixed: number, place: Place): number | null;
export function sunset(fixed: number, place: Place = KATHMANDU): number | null {
  return riseSet(Body.Sun, SET, fixed, place);
}

/** Moment of moonrise at a place (Kathmandu by default) on a Nepal civil day, or `null` on the days the Moon does not rise. */
export function moonrise(fixed: number, place: Place = KATHMANDU): number | null {
  return riseSet(Body.Moon, RISE, fixed, place);
}

/** Moment of moonset at a place (Kathmandu by default) on a Nepal civil day, or `null` on the days the Moon does not set. */
export function moonset(fixed: number, place: Place = KATHMANDU): number | null {
  return riseSet(Body.Moon, SET, fixed, place);
}
