/**
 * The Earth's turning: Greenwich apparent sidereal time, and where an observer stands in the equator of date, as
 * astronomy-engine's SiderealTime and ObserverVector give them, for the rise, set and lagna searches that ask
 * them many times a day. The sidereal time is the Earth rotation angle (a function of UT, exact here) plus a
 * slowly moving rest (the precession polynomial and the equation of the equinoxes of IAU 2000B nutation, functions
 * of TT): the rest comes from cached interpolation blocks (src/engine/ephemeris.ts), so a moment costs no nutation
 * series. Within 1e-9° of astronomy-engine's SiderealTime (src/engine/sidereal.test.ts).
 */
import { e_tilt, KM_PER_AU } from 'astronomy-engine';
import { J2000_FIXED_MOMENT } from '../calendar/time.ts';
import { vectorSeries } from './ephemeris.ts';
import { timeOf } from './modern.ts';

/**
 * The part of the sidereal time that is not the Earth rotation angle, degrees: astronomy-engine's sidereal_time
 * (IAU 2006 GMST less the rotation angle, plus the equation of the equinoxes), with its coefficients.
 */
function rest(moment: number): number {
  const time = timeOf(moment);
  const t = time.tt / 36525;
  const eqeq = 15 * e_tilt(time).ee;
  const arcsec =
    eqeq +
    0.014506 +
    ((((-0.0000000368 * t - 0.000029956) * t - 0.00000044) * t + 1.3915817) * t + 4612.156534) * t;
  return arcsec / 3600;
}

/** The name of the series of the rest, whose blocks the build stores (src/engine/sky.ts). */
export const SIDEREAL_SERIES = 'sidereal time';
/** The nutation's shortest terms have periods of days: 16-day blocks of 12 nodes keep the sidereal time within 1e-9°. */
const restOf = vectorSeries(1, (moment) => [rest(moment)], { blockDays: 16, nodes: 12 }, [], SIDEREAL_SERIES);
const restOut = [0];

/** The Earth rotation angle at a moment (fixed days, UT), degrees [0, 360): astronomy-engine's `era`. */
function rotationAngle(moment: number): number {
  const ut = moment - J2000_FIXED_MOMENT;
  const angle = 360 * ((0.779057273264 + 0.00273781191135448 * ut + (ut % 1)) % 1);
  return angle < 0 ? angle + 360 : angle;
}

/** Greenwich apparent sidereal time at a moment (fixed days, UT), degrees [0, 360). */
export function greenwichSiderealDeg(moment: number): number {
  const deg = (restOf(moment, restOut)[0]! + rotationAngle(moment)) % 360;
  return deg < 0 ? deg + 360 : deg;
}

/** astronomy-engine's figure of the Earth (its EARTH_FLATTENING and EARTH_EQUATORIAL_RADIUS_KM). */
const FLATTENING = 0.996647180302104;
const EQUATORIAL_RADIUS_KM = 6378.1366;

/**
 * An observer's place in the equator of date, as astronomy-engine's `terra` puts it: distance from the axis and
 * height above the equator (AU) for a geodetic latitude (degrees) and an elevation (metres).
 */
export interface Station {
  readonly longitude: number;
  readonly fromAxis: number;
  readonly aboveEquator: number;
}

/** The station of a geodetic latitude and longitude (degrees) and an elevation (metres). */
export function station(latitude: number, longitude: number, elevationM: number): Station {
  const phi = (latitude * Math.PI) / 180;
  const sin = Math.sin(phi);
  const cos = Math.cos(phi);
  const c = 1 / Math.hypot(cos, FLATTENING * sin);
  const height = elevationM / 1000;
  return {
    longitude,
    fromAxis: ((EQUATORIAL_RADIUS_KM * c + height) * cos) / KM_PER_AU,
    aboveEquator: ((EQUATORIAL_RADIUS_KM * FLATTENING * FLATTENING * c + height) * sin) / KM_PER_AU,
  };
}

/**
 * Where a station stands at a moment (UT) in the equator of date, written into `out` as [x, y, z] (AU), with the
 * local sidereal time (degrees, unreduced) it stands at: ObserverVector(time, observer, true) and 15 ×
 * SiderealTime(time) + longitude.
 */
export function stationOfDate(at: Station, moment: number, out: number[]): number {
  const local = greenwichSiderealDeg(moment) + at.longitude;
  const angle = (local * Math.PI) / 180;
  out[0] = at.fromAxis * Math.cos(angle);
  out[1] = at.fromAxis * Math.sin(angle);
  out[2] = at.aboveEquator;
  return local;
}
