/**
 * The new crescent Moon on an evening at a place (Kathmandu unless told): whether it is seen with the naked eye, by
 * M. Sh. Odeh's criterion (*New Criterion for Lunar Crescent Visibility*, Experimental Astronomy 18, 39–64, 2004,
 * fitted to 737 sightings). At the best time of the evening, sunset plus 4/9 of the lag to moonset (Yallop's), the
 * topocentric arc of vision ARCV (the Moon's altitude above the Sun's as seen from the place, airless, degrees) is
 * set against the topocentric width of the crescent W (arc minutes):
 * V = ARCV − (7.1651 − 6.3226 W + 0.7319 W² − 0.1018 W³); V ≥ 5.65 is his zone A, visible by naked eye. The Sun's
 * and Moon's positions of date come from the engine's cached blocks (src/engine/modern.ts), as its risings and
 * settings do (src/engine/sun.ts).
 */
import { Body, KM_PER_AU, RAD2DEG } from 'astronomy-engine';
import { nepalMidnight } from '../calendar/time.ts';
import { LIMBS, nextCrossing } from './elements.ts';
import { modern, positionOfDate } from './modern.ts';
import { station, stationOfDate } from './sidereal.ts';
import { KATHMANDU, moonset, sunrise, sunset, type Place } from './sun.ts';

/**
 * Odeh's zone A, visible by naked eye: V at least this. Nepal's Eid days (the Ministry of Home Affairs' holidays, as
 * the almanacs and the press give them) follow it at Kathmandu where the crescent is near the bound: on the evening
 * of 8 August 2013 it stood at V 5.70 and Eid was the 9th; on 9 April 2024 at 4.29 (zone B, "could be seen by naked
 * eye" with optical aid first), and Nepal kept Eid on the 11th, a day after Saudi Arabia (src/festivals/hijri.test.ts).
 * Yallop's category A (q above 0.216, NAO Technical Note 69), taken before, put the 2013 Eid a day late.
 */
export const NAKED_EYE_V = 5.65;
/** The Moon's mean radius, km (IAU). */
const MOON_RADIUS_KM = 1737.4;
/** The best time (Yallop's, which Odeh keeps): sunset plus this share of the lag from sunset to moonset. */
const BEST_TIME_SHARE_OF_LAG = 4 / 9;
/** Evenings looked at from the conjunction's day on: the crescent is always seen by the second after it. */
const EVENINGS_LOOKED_AT = 3;

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
 * Odeh's V for the evening of a civil day (fixed) at a place, or null when there is no crescent to see that
 * evening: the Sun does not set, or the Moon does not set between sunset and the next sunrise (it set before the
 * Sun). Example: `crescentV(fixed)` on 30 March 2025 at Kathmandu ≈ 10.6 (zone A: Eid al-Fitr the next day).
 */
export function crescentV(fixed: number, place: Place = KATHMANDU): number | null {
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
  const moon = positionOfDate(Body.Moon, best, [0, 0, 0, 0]).slice(1);
  const sun = positionOfDate(Body.Sun, best, [0, 0, 0, 0]).slice(1);
  // Topocentric: seen from the observer's place of date.
  const here = [0, 0, 0];
  const sidereal = stationOfDate(station(place.lat, place.lon, place.elevationM ?? 0), best, here);
  const moonHere = [moon[0]! - here[0]!, moon[1]! - here[1]!, moon[2]! - here[2]!];
  const sunHere = [sun[0]! - here[0]!, sun[1]! - here[1]!, sun[2]! - here[2]!];
  const arcOfVision =
    altitude(declination(moonHere), rightAscension(moonHere), sidereal, place.lat) -
    altitude(declination(sunHere), rightAscension(sunHere), sidereal, place.lat);
  const semiDiameterArcmin =
    Math.asin(MOON_RADIUS_KM / (Math.hypot(moonHere[0]!, moonHere[1]!, moonHere[2]!) * KM_PER_AU)) *
    RAD2DEG *
    60;
  const width = semiDiameterArcmin * (1 - Math.cos(angleBetween(moonHere, sunHere) / RAD2DEG));
  return arcOfVision - (7.1651 - 6.3226 * width + 0.7319 * width ** 2 - 0.1018 * width ** 3);
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
 * The civil day (fixed, Nepal time) whose evening first shows the new crescent after a conjunction (a moment), seen
 * with the naked eye (NAKED_EYE_V) at a place: the lunar month it opens begins the next day. When neither the
 * conjunction's evening (if it comes after the conjunction) nor the two after show it, the third after (never at
 * Kathmandu in BS 1900–2200: src/festivals/hijri.test.ts).
 */
export function firstCrescentEvening(conjunction: number, place: Place = KATHMANDU): number {
  let day = Math.floor(conjunction) - 1;
  while (nepalMidnight(day + 1) <= conjunction) day++;
  const last = day + EVENINGS_LOOKED_AT;
  for (; day < last; day++) {
    const sunsetAt = sunset(day, place);
    if (sunsetAt === null || sunsetAt <= conjunction) continue;
    const v = crescentV(day, place);
    if (v !== null && v >= NAKED_EYE_V) return day;
  }
  return last;
}
