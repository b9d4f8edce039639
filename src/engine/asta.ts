/**
 * How far a graha is from the Sun, for asta (a graha set, combust, lost in the Sun's light): its elongation in
 * longitude, or its kalamsha, Surya Siddhanta's measure (9.6–9.9): the time between the graha's rising and the
 * Sun's when the graha is west of the Sun (seen before dawn), or between their settings when it is east of the
 * Sun (seen after dusk), in degrees of the turning sky (one degree = four minutes of sidereal time). The same
 * elongation is a larger or smaller kalamsha as the ecliptic rises steeply or obliquely at the place, so asta by
 * kalamsha begins and ends on other days than asta by elongation, as the almanacs print them.
 */
import type { GrahaPosition } from './day.ts';
import { mod360 } from './angles.ts';
import { centuries, lahiriAyanamsa } from './modern.ts';
import { KATHMANDU_LATITUDE_DEG } from './sun.ts';

const RAD = Math.PI / 180;

/** Mean obliquity of the ecliptic, degrees (IAU 1980, enough for a rising time to a second). */
function meanObliquity(moment: number): number {
  return 23.439291 - 0.0130042 * centuries(moment);
}

/** Degrees in [−180, 180). */
const signed = (x: number) => mod360(x + 180) - 180;

/**
 * The sidereal time (degrees) at which a point of the sky (tropical ecliptic longitude `lon`, ecliptic latitude
 * `beta`) rises or sets at latitude `lat`: its right ascension less or plus its semi-diurnal arc.
 */
function horizonTime(lon: number, beta: number, obliquity: number, lat: number, set: boolean): number {
  const l = lon * RAD;
  const b = beta * RAD;
  const e = obliquity * RAD;
  const ra = Math.atan2(Math.sin(l) * Math.cos(e) - Math.tan(b) * Math.sin(e), Math.cos(l));
  const dec = Math.asin(Math.sin(b) * Math.cos(e) + Math.cos(b) * Math.sin(e) * Math.sin(l));
  const arc = Math.acos(Math.max(-1, Math.min(1, -Math.tan(lat * RAD) * Math.tan(dec))));
  return (ra + (set ? arc : -arc)) / RAD;
}

const longitudeOf = (grahas: readonly GrahaPosition[], id: GrahaPosition['id']) =>
  grahas.find((g) => g.id === id)!.longitude;

/** Elongation of a graha from the Sun, degrees 0–180. */
export function elongation(grahas: readonly GrahaPosition[], id: GrahaPosition['id']): number {
  return Math.abs(signed(longitudeOf(grahas, id) - longitudeOf(grahas, 'sun')));
}

/**
 * The kalamsha of a graha at a moment, degrees of time 0–180: between its rising and the Sun's (graha west of
 * the Sun) or its setting and the Sun's (east of the Sun), at latitude `lat` (default Kathmandu). `grahas` are
 * sidereal (Lahiri) positions at `moment`. The graha is taken at its ecliptic latitude `beta` (degrees north; 0, its
 * point of the ecliptic, by default): Surya Siddhanta's drikkarma (chapter 9, before the orbs of 9.6–9.9) turns a
 * graha's longitude by its latitude (vikshepa) before its rising is found, which moves Venus near its inferior
 * conjunction, up to 9° off the ecliptic, by many degrees of time; Jupiter's latitude is never over 1.5°.
 */
export function kalamsha(
  grahas: readonly GrahaPosition[],
  id: GrahaPosition['id'],
  moment: number,
  beta = 0,
  lat = KATHMANDU_LATITUDE_DEG,
): number {
  const ayanamsa = lahiriAyanamsa(moment);
  const obliquity = meanObliquity(moment);
  const sun = longitudeOf(grahas, 'sun') + ayanamsa;
  const graha = longitudeOf(grahas, id) + ayanamsa;
  const east = signed(graha - sun) > 0;
  const time = (lon: number, b: number) => horizonTime(lon, b, obliquity, lat, east);
  return Math.abs(signed(time(graha, beta) - time(sun, 0)));
}
