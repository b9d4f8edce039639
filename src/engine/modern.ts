/**
 * The modern (drik) model: apparent geocentric longitudes of date from astronomy-engine, made sidereal with
 * the Lahiri ayanamsa as the Swiss Ephemeris defines it (23.245524743° at JD 2435553.5, carried by the IAU 1976
 * general precession in longitude), since astronomy-engine has no ayanamsa.
 */
import { Body, Ecliptic, EclipticGeoMoon, GeoVector, MakeTime, SunPosition } from 'astronomy-engine';
import { J2000_FIXED_MOMENT } from '../calendar/time.ts';
import type { AstronomicalModel } from './model.ts';

/** Lahiri ayanamsa at the reference epoch, degrees. Source: Swiss Ephemeris, SE_SIDM_LAHIRI (t0 = JD 2435553.5). */
export const LAHIRI_AYANAMSA_AT_EPOCH_DEG = 23.245524743;
/** The reference epoch as a fixed moment: JD 2435553.5 = 1956-03-21T00:00 TT (ΔT ignored: < 1 s of precession). */
export const LAHIRI_EPOCH_FIXED_MOMENT = 2435553.5 - 1721424.5;
const DAYS_PER_JULIAN_CENTURY = 36525;

/** IAU 1976 general precession in longitude from J2000, arcseconds, T in Julian centuries. Source: Lieske et al. 1977. */
function precessionArcsec(t: number): number {
  return 5029.0966 * t + 1.11113 * t * t - 0.000006 * t * t * t;
}

const centuries = (moment: number) => (moment - J2000_FIXED_MOMENT) / DAYS_PER_JULIAN_CENTURY;
const PRECESSION_AT_EPOCH_ARCSEC = precessionArcsec(centuries(LAHIRI_EPOCH_FIXED_MOMENT));

/** Lahiri ayanamsa in degrees at a moment (fixed days, UT): about 23.857° on 2000-01-01, growing 50.3″ a year. */
export function lahiriAyanamsa(moment: number): number {
  return (
    LAHIRI_AYANAMSA_AT_EPOCH_DEG + (precessionArcsec(centuries(moment)) - PRECESSION_AT_EPOCH_ARCSEC) / 3600
  );
}

export function mod360(x: number): number {
  return ((x % 360) + 360) % 360;
}

const timeOf = (moment: number) => MakeTime(moment - J2000_FIXED_MOMENT);

/**
 * Remember the latest values of a function of a moment: a day's limbs (tithi, karana, nakshatra, yoga, Moon
 * sign) all start from the longitudes at the same sunrise.
 */
function remembered(f: (moment: number) => number): (moment: number) => number {
  const known = new Map<number, number>();
  return (moment) => {
    let value = known.get(moment);
    if (value === undefined) {
      if (known.size >= 64) known.clear();
      value = f(moment);
      known.set(moment, value);
    }
    return value;
  };
}

/** Sidereal (Lahiri) apparent longitude of the Sun, degrees [0, 360), at a moment (UT). */
export const modernSunLongitude = remembered((moment) =>
  mod360(SunPosition(timeOf(moment)).elon - lahiriAyanamsa(moment)),
);

/** Sidereal (Lahiri) longitude of the Moon, degrees [0, 360), at a moment (UT). */
export const modernMoonLongitude = remembered((moment) =>
  mod360(EclipticGeoMoon(timeOf(moment)).lon - lahiriAyanamsa(moment)),
);

/** Sidereal (Lahiri) apparent geocentric longitude of a planet, degrees [0, 360), at a moment (UT). */
export function modernPlanetLongitude(body: Body, moment: number): number {
  return mod360(Ecliptic(GeoVector(body, timeOf(moment), true)).elon - lahiriAyanamsa(moment));
}

/**
 * Sidereal longitude of the mean ascending lunar node (Rahu), degrees [0, 360). Mean node, as most Nepali
 * almanacs print it. Source: Meeus, Astronomical Algorithms, 2nd ed., eq. 47.7.
 */
export function meanRahuLongitude(moment: number): number {
  const t = centuries(moment);
  const node = 125.0445479 - 1934.1362891 * t + 0.0020754 * t * t + (t * t * t) / 467441;
  return mod360(node - lahiriAyanamsa(moment));
}

/** The modern model behind the common interface. */
export const modern: AstronomicalModel = {
  id: 'modern',
  smooth: true,
  sunLongitude: modernSunLongitude,
  moonLongitude: modernMoonLongitude,
};
