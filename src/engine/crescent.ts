/**
 * The new crescent Moon on an evening at a place (Kathmandu unless told): whether it is easily seen with the naked
 * eye, by B. D. Yallop's criterion (*A Method for Predicting the First Sighting of the New Crescent Moon*, HM
 * Nautical Almanac Office, NAO Technical Note 69, 1997). At the best time of the evening, sunset plus 4/9 of the lag
 * to moonset, the geocentric arc of vision ARCV (the Moon's altitude above the Sun's, airless, degrees) is set
 * against the topocentric width of the crescent W (arc minutes):
 * q = (ARCV − (11.8371 − 6.3226 W + 0.7319 W² − 0.1018 W³)) / 10. The Sun's and Moon's geocentric positions of date
 * come from the engine's cached blocks (src/engine/modern.ts), as its risings and settings do (src/engine/sun.ts).
 */
import { Body, KM_PER_AU, MakeTime, Observer, ObserverVector, RAD2DEG, SiderealTime } from 'astronomy-engine';
import { J2000_FIXED_MOMENT, nepalMidnight } from '../calendar/time.ts';
import { LIMBS, nextCrossing } from './elements.ts';
import { modern, positionOfDate } from './modern.ts';
import { KATHMANDU, moonset, sunrise, sunset, type Place } from './sun.ts';

/**
 * Yallop's category A, "easily visible" to the naked eye: q above it. Nepal's Eid days 2016–2025 (the Ministry of
 * Home Affairs' holidays, as the almanacs and the press give them) follow it at Kathmandu; category B (q above
 * −0.014, "visible under perfect conditions") would have begun Shawwal 1445 on the evening of 9 April 2024, a day
 * before Nepal's Eid (src/festivals/hijri.test.ts).
 */
export const EASILY_VISIBLE_Q = 0.216;
/** The Moon's mean radius, km (IAU). */
const MOON_RADIUS_KM = 1737.4;
/** Yallop's best time: sunset plus this share of the lag from sunset to moonset. */
const BEST_TIME_SHARE_OF_LAG = 4 / 9;
/** Evenings looked at from the conjunction's day on: the crescent is always seen by the second after it. */
const EVENINGS_LOOKED_AT = 3;

const timeOf = (moment: number) => MakeTime(moment - J2000_FIXED_MOMENT);

/** A direction's declination and right ascension, degrees, from a vector of date. */
const declination = (v: readonly number[]) => Math.atan2(v[2]!, Math.hypot(v[0]!, v[1]!)) * RAD2DEG;
const rightAscension = (v: readonly number[]) => Math.atan2(v[1]!, v[0]!) * RAD2DEG;

/** Altitude, degrees, of a direction of date (declination and right ascension) at a local sidereal time. */
function altitude(dec: number, ra: number, siderealDeg: number, latitudeDeg: number): number {
  const [d, h, lat] = [dec / RAD2DEG, (siderealDeg - ra) / RAD2DEG, latitudeDeg / RAD2DEG];
  return Math.asin(Math.sin(lat) * Math.sin(d) + Math.cos(lat) * Math.cos(d) * Math.cos(h)) * RAD2DEG;
}

/** The angle between two vectors, degrees. */
function angleBetween(a: readonly number[], b: readonly number[]): number {
  const dot = a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;
  const cos = dot / (Math.hypot(a[0]!, a[1]!, a[2]!) * Math.hypot(b[0]!, b[1]!, b[2]!));
  return Math.acos(Math.min(1, Math.max(-1, cos))) * RAD2DEG;
}

/**
 * Yallop's q for the evening of a civil day (fixed) at a place, or null when there is no crescent to see that
 * evening: the Sun does not set, or the Moon does not set between sunset and the next sunrise (it set before the
 * Sun). Example: `crescentQ(fixed)` on 30 March 2025 at Kathmandu ≈ 0.69 (category A: Eid al-Fitr the next day).
 */
export function crescentQ(fixed: number, place: Place = KATHMANDU): number | null {
  const sunsetAt = sunset(fixed, place);
  if (sunsetAt === null) return null;
  // The Moon's first setting after sunset and before the next sunrise: that civil day's, or after midnight the next
  // day's. A Moon that set before the Sun and rises again only after dawn is not in the evening sky.
  const today = moonset(fixed, place);
  const tonight = today !== null && today > sunsetAt;
  const moonsetAt = tonight ? today : moonset(fixed + 1, place);
  const nextSunrise = sunrise(fixed + 1, place);
  if (moonsetAt === null || (!tonight && (nextSunrise === null || moonsetAt >= nextSunrise))) return null;
  const best = sunsetAt + BEST_TIME_SHARE_OF_LAG * (moonsetAt - sunsetAt);
  const time = timeOf(best);
  const moon = positionOfDate(Body.Moon, best, [0, 0, 0, 0]).slice(1);
  const sun = positionOfDate(Body.Sun, best, [0, 0, 0, 0]).slice(1);
  const here = ObserverVector(time, new Observer(place.lat, place.lon, place.elevationM ?? 0), true);
  const sidereal = SiderealTime(time) * 15 + place.lon;
  const arcOfVision =
    altitude(declination(moon), rightAscension(moon), sidereal, place.lat) -
    altitude(declination(sun), rightAscension(sun), sidereal, place.lat);
  // Topocentric: seen from the observer, whose place of date ObserverVector gives.
  const moonHere = [moon[0]! - here.x, moon[1]! - here.y, moon[2]! - here.z];
  const sunHere = [sun[0]! - here.x, sun[1]! - here.y, sun[2]! - here.z];
  const semiDiameterArcmin =
    Math.asin(MOON_RADIUS_KM / (Math.hypot(moonHere[0]!, moonHere[1]!, moonHere[2]!) * KM_PER_AU)) *
    RAD2DEG *
    60;
  const width = semiDiameterArcmin * (1 - Math.cos(angleBetween(moonHere, sunHere) / RAD2DEG));
  return (arcOfVision - (11.8371 - 6.3226 * width + 0.7319 * width ** 2 - 0.1018 * width ** 3)) / 10;
}

/**
 * The first conjunction of the Sun and Moon (new moon, their apparent longitudes equal) after a moment (fixed days,
 * UT), from the modern model's cached blocks: within a minute of astronomy-engine's SearchMoonPhase
 * (src/engine/crescent.test.ts).
 */
export function conjunctionAfter(moment: number): number {
  return nextCrossing(LIMBS.tithi, modern, moment, 0);
}

/**
 * The civil day (fixed, Nepal time) whose evening first shows the new crescent after a conjunction (a moment), easily
 * seen with the naked eye (EASILY_VISIBLE_Q) at a place: the lunar month it opens begins the next day. When neither
 * the conjunction's evening (if it comes after the conjunction) nor the two after show it, the third after (never
 * at Kathmandu in BS 1900–2200: src/festivals/hijri.test.ts).
 */
export function firstCrescentEvening(conjunction: number, place: Place = KATHMANDU): number {
  let day = Math.floor(conjunction) - 1;
  while (nepalMidnight(day + 1) <= conjunction) day++;
  const last = day + EVENINGS_LOOKED_AT;
  for (; day < last; day++) {
    const sunsetAt = sunset(day, place);
    if (sunsetAt === null || sunsetAt <= conjunction) continue;
    const q = crescentQ(day, place);
    if (q !== null && q > EASILY_VISIBLE_Q) return day;
  }
  return last;
}
