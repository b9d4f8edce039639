/**
 * The new crescent Moon on an evening at a place (Kathmandu unless told): whether it is easily seen with the naked
 * eye, by B. D. Yallop's criterion (*A Method for Predicting the First Sighting of the New Crescent Moon*, HM
 * Nautical Almanac Office, NAO Technical Note 69, 1997). At the best time of the evening, sunset plus 4/9 of the lag
 * to moonset, the geocentric arc of vision ARCV (the Moon's altitude above the Sun's, airless, degrees) is set
 * against the topocentric width of the crescent W (arc minutes):
 * q = (ARCV − (11.8371 − 6.3226 W + 0.7319 W² − 0.1018 W³)) / 10. Positions are astronomy-engine's (apparent, of
 * date), sunset and moonset the engine's (src/engine/sun.ts).
 */
import {
  Body,
  Equator,
  EquatorFromVector,
  GeoVector,
  KM_PER_AU,
  MakeTime,
  Observer,
  RAD2DEG,
  RotateVector,
  Rotation_EQJ_EQD,
  SearchMoonPhase,
  SiderealTime,
  type EquatorialCoordinates,
} from 'astronomy-engine';
import { J2000_FIXED_MOMENT, nepalMidnight } from '../calendar/time.ts';
import { KATHMANDU, moonset, sunset, type Place } from './sun.ts';

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

/** A body's geocentric altitude for the observer, without refraction, degrees. */
function geocentricAltitude(body: Body, moment: number, observer: Observer): number {
  const time = timeOf(moment);
  const { ra, dec } = EquatorFromVector(RotateVector(Rotation_EQJ_EQD(time), GeoVector(body, time, true)));
  const hourAngle = (SiderealTime(time) * 15 + observer.longitude - ra * 15) / RAD2DEG;
  const lat = observer.latitude / RAD2DEG;
  return (
    Math.asin(
      Math.sin(lat) * Math.sin(dec / RAD2DEG) + Math.cos(lat) * Math.cos(dec / RAD2DEG) * Math.cos(hourAngle),
    ) * RAD2DEG
  );
}

/** The angle between two positions, degrees. */
function separation(a: EquatorialCoordinates, b: EquatorialCoordinates): number {
  const cos =
    Math.sin(a.dec / RAD2DEG) * Math.sin(b.dec / RAD2DEG) +
    Math.cos(a.dec / RAD2DEG) * Math.cos(b.dec / RAD2DEG) * Math.cos(((a.ra - b.ra) * 15) / RAD2DEG);
  return Math.acos(Math.min(1, Math.max(-1, cos))) * RAD2DEG;
}

/**
 * Yallop's q for the evening of a civil day (fixed) at a place, or null when there is no crescent to see that
 * evening: the Sun or the Moon does not set, or the Moon sets before the Sun. Example: `crescentQ(fixed)` on
 * 30 March 2025 at Kathmandu ≈ 0.69 (category A: Eid al-Fitr the next day).
 */
export function crescentQ(fixed: number, place: Place = KATHMANDU): number | null {
  const sunsetAt = sunset(fixed, place);
  if (sunsetAt === null) return null;
  // The Moon's setting after sunset: that civil day's, or after midnight the next day's.
  let moonsetAt = moonset(fixed, place);
  if (moonsetAt !== null && moonsetAt <= sunsetAt) moonsetAt = moonset(fixed + 1, place);
  if (moonsetAt === null || moonsetAt <= sunsetAt) return null;
  const best = sunsetAt + BEST_TIME_SHARE_OF_LAG * (moonsetAt - sunsetAt);
  const observer = new Observer(place.lat, place.lon, place.elevationM ?? 0);
  const arcOfVision =
    geocentricAltitude(Body.Moon, best, observer) - geocentricAltitude(Body.Sun, best, observer);
  const moon = Equator(Body.Moon, timeOf(best), observer, true, true);
  const sun = Equator(Body.Sun, timeOf(best), observer, true, true);
  const semiDiameterArcmin = Math.asin(MOON_RADIUS_KM / (moon.dist * KM_PER_AU)) * RAD2DEG * 60;
  const width = semiDiameterArcmin * (1 - Math.cos(separation(moon, sun) / RAD2DEG));
  return (arcOfVision - (11.8371 - 6.3226 * width + 0.7319 * width ** 2 - 0.1018 * width ** 3)) / 10;
}

/** The first conjunction of the Sun and Moon (new moon) at or after a moment (fixed days, UT). */
export function conjunctionAfter(moment: number): number {
  const found = SearchMoonPhase(0, timeOf(moment), 40);
  if (!found) throw new RangeError(`no new moon within 40 days of ${moment}`);
  return found.ut + J2000_FIXED_MOMENT;
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
