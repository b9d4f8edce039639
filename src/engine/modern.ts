/**
 * The modern (drik) model: apparent geocentric longitudes of date from astronomy-engine, made sidereal with
 * the Lahiri ayanamsa as the Swiss Ephemeris defines it (23.245524743° at JD 2435553.5, carried by the IAU 1976
 * general precession in longitude), since astronomy-engine has no ayanamsa.
 */
import {
  Body,
  C_AUDAY,
  e_tilt,
  Ecliptic,
  EclipticGeoMoon,
  GeoVector,
  HelioVector,
  MakeTime,
  SunPosition,
  Vector,
} from 'astronomy-engine';
import { J2000_FIXED_MOMENT } from '../calendar/time.ts';
import { mod360, reduce360 } from './angles.ts';
import { angleSeries, vectorSeries, type BlockShape } from './ephemeris.ts';
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

/** Julian centuries from J2000 to a moment (fixed days). */
export const centuries = (moment: number) => (moment - J2000_FIXED_MOMENT) / DAYS_PER_JULIAN_CENTURY;
const PRECESSION_AT_EPOCH_ARCSEC = precessionArcsec(centuries(LAHIRI_EPOCH_FIXED_MOMENT));

/** Lahiri ayanamsa in degrees at a moment (fixed days, UT): about 23.857° on 2000-01-01, growing 50.3″ a year. */
export function lahiriAyanamsa(moment: number): number {
  return (
    LAHIRI_AYANAMSA_AT_EPOCH_DEG + (precessionArcsec(centuries(moment)) - PRECESSION_AT_EPOCH_ARCSEC) / 3600
  );
}

/** astronomy-engine's time of a moment (fixed days, UT). */
export const timeOf = (moment: number) => MakeTime(moment - J2000_FIXED_MOMENT);

/** Sidereal (Lahiri) apparent longitude of the Sun, degrees [0, 360), at a moment (UT). */
export function modernSunLongitude(moment: number): number {
  return mod360(SunPosition(timeOf(moment)).elon - lahiriAyanamsa(moment));
}

/** Sidereal (Lahiri) longitude of the Moon, degrees [0, 360), at a moment (UT). */
export function modernMoonLongitude(moment: number): number {
  return mod360(EclipticGeoMoon(timeOf(moment)).lon - lahiriAyanamsa(moment));
}

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

/**
 * Block shapes of the cached series (src/engine/ephemeris.ts): the largest blocks whose interpolation stays
 * within about 1e-6° of the direct evaluation over AD 1840–2150 (measured at 3,000 random moments: Sun 3e-7°,
 * Moon 3.4e-7°, i.e. under 0.01 s of a tithi's end; the Moon's position within 1e-10 AU, 15 m; the planets, sampled
 * from the heliocentric blocks below, under 3.2e-6° of modernPlanetLongitude at 5,000 moments, a second of
 * Mercury's motion). src/engine/modern.test.ts holds them to 1e-6° and 5e-6°.
 */
const SUN_BLOCKS: BlockShape = { blockDays: 16, nodes: 8 };
/** The names of the Sun's and the Moon's series, whose blocks the build stores (src/engine/sky.ts). */
const SUN_SERIES = 'sun';
const MOON_SERIES = 'moon';
const MOON_BLOCKS: BlockShape = { blockDays: 16, nodes: 18 };

const DEG_TO_RAD = Math.PI / 180;

/** An ecliptic vector of date turned to the true equator of date by the true obliquity (degrees). */
function toEquatorOfDate(x: number, y: number, z: number, obliquityDeg: number): number[] {
  const c = Math.cos(obliquityDeg * DEG_TO_RAD);
  const s = Math.sin(obliquityDeg * DEG_TO_RAD);
  return [x, y * c - z * s, y * s + z * c];
}

/**
 * The Sun and the Moon from one evaluation each, as [sidereal longitude (degrees, unreduced), x, y, z]: the
 * longitude of modernSunLongitude / modernMoonLongitude, and the geocentric position of date (true equator
 * and equinox, AU) that the rise and set of the body need: the library's ecliptic of date turned back to the
 * equator by the true obliquity it was turned with (SunPosition, EclipticGeoMoon).
 */
const sunOfDate = vectorSeries(
  4,
  (moment) => {
    const ecliptic = SunPosition(timeOf(moment));
    const { x, y, z, t } = ecliptic.vec;
    return [ecliptic.elon - lahiriAyanamsa(moment), ...toEquatorOfDate(x, y, z, e_tilt(t).tobl)];
  },
  SUN_BLOCKS,
  [0],
  SUN_SERIES,
);
const moonOfDate = vectorSeries(
  4,
  (moment) => {
    const time = timeOf(moment);
    const { lat, lon, dist } = EclipticGeoMoon(time);
    const across = dist * Math.cos(lat * DEG_TO_RAD);
    const [x, y, z] = [
      across * Math.cos(lon * DEG_TO_RAD),
      across * Math.sin(lon * DEG_TO_RAD),
      dist * Math.sin(lat * DEG_TO_RAD),
    ];
    return [lon - lahiriAyanamsa(moment), ...toEquatorOfDate(x, y, z, e_tilt(time).tobl)];
  },
  MOON_BLOCKS,
  [0],
  MOON_SERIES,
);

/**
 * The Sun's or the Moon's sidereal longitude and geocentric position of date at a moment (UT), from cached
 * interpolation blocks, written into `out` as [longitude (degrees, unreduced), x, y, z (AU)] and returned.
 */
export function positionOfDate(body: Body.Sun | Body.Moon, moment: number, out: number[]): number[] {
  return body === Body.Sun ? sunOfDate(moment, out) : moonOfDate(moment, out);
}

const longitudeOut = [0, 0, 0, 0];

/**
 * Block shapes, by body: of its heliocentric position (J2000 equator, AU), which the planets' longitudes are sampled
 * from, within 1e-8 AU of astronomy-engine's HelioVector over AD 1840–2150 (3,000 random moments; the floor is the
 * kinks of its ΔT, not the fit), i.e. within 2e-6° of a longitude even for Venus at its nearest (0.27 AU); and, for
 * a planet, of its geocentric longitude.
 */
const BLOCKS: Partial<Record<Body, { helio: BlockShape; longitude?: BlockShape }>> = {
  [Body.Earth]: { helio: { blockDays: 32, nodes: 12 } },
  [Body.Mercury]: { helio: { blockDays: 32, nodes: 20 }, longitude: { blockDays: 32, nodes: 20 } },
  [Body.Venus]: { helio: { blockDays: 32, nodes: 12 }, longitude: { blockDays: 32, nodes: 12 } },
  [Body.Mars]: { helio: { blockDays: 32, nodes: 12 }, longitude: { blockDays: 64, nodes: 20 } },
  [Body.Jupiter]: { helio: { blockDays: 64, nodes: 16 }, longitude: { blockDays: 32, nodes: 12 } },
  [Body.Saturn]: { helio: { blockDays: 64, nodes: 16 }, longitude: { blockDays: 32, nodes: 12 } },
};

/** The heliocentric position of each body of BLOCKS, from its cached blocks. */
const helioSeries = new Map(
  Object.entries(BLOCKS).map(([body, { helio }]) => [
    body as Body,
    vectorSeries(
      3,
      (t) => {
        const { x, y, z } = HelioVector(body as Body, timeOf(t));
        return [x, y, z];
      },
      helio,
    ),
  ]),
);

/** A body's heliocentric position at a moment (UT) from its cached blocks, written into `out`. */
function helioPosition(body: Body, moment: number, out: number[]): number[] {
  return helioSeries.get(body)!(moment, out);
}

const earthAt = [0, 0, 0];
const planetAt = [0, 0, 0];
/** astronomy-engine's light-time solver stops when the backdated moment moves less than this (days). */
const LIGHT_TIME_SETTLED_DAYS = 1e-9;

/**
 * A planet's apparent geocentric ecliptic position of date, [tropical longitude, latitude] (degrees), as
 * modernPlanetLongitude's GeoVector gives it, from the heliocentric blocks: the same light-time iteration as
 * astronomy-engine's GeoVector with aberration (BackdatePosition: the planet and the Earth both taken at the moment
 * the light left, which is its model of aberration), then the same turn to the true ecliptic of date. A GeoVector
 * evaluates VSOP87 about seven times (the Earth and the planet at each step); this evaluates blocks that a year fits
 * from about 800 evaluations in all, instead of about 5,000.
 */
function planetEclipticFromHelio(body: Body, moment: number): [number, number] {
  let back = moment;
  for (let step = 0; step < 10; step++) {
    helioPosition(Body.Earth, back, earthAt);
    helioPosition(body, back, planetAt);
    const x = planetAt[0]! - earthAt[0]!;
    const y = planetAt[1]! - earthAt[1]!;
    const z = planetAt[2]! - earthAt[2]!;
    const next = moment - Math.hypot(x, y, z) / C_AUDAY;
    if (Math.abs(next - back) < LIGHT_TIME_SETTLED_DAYS) {
      const { elon, elat } = Ecliptic(new Vector(x, y, z, timeOf(moment)));
      return [elon, elat];
    }
    back = next;
  }
  throw new RangeError(`the light time of ${body} did not settle at ${moment}`);
}

/** A planet's sidereal longitude as modernPlanetLongitude gives it, from the heliocentric blocks. */
const planetLongitudeFromHelio = (body: Body, moment: number) =>
  mod360(planetEclipticFromHelio(body, moment)[0] - lahiriAyanamsa(moment));

/** The name of a planet's longitude series. */
const planetSeriesName = (body: Body) => `longitude of ${body}`;

/** Each planet's longitude, from cached blocks sampled from the heliocentric ones. */
const planetSeries = new Map<Body, (moment: number) => number>();
for (const [body, { longitude }] of Object.entries(BLOCKS) as [Body, NonNullable<(typeof BLOCKS)[Body]>][])
  if (longitude)
    planetSeries.set(
      body,
      angleSeries((t) => planetLongitudeFromHelio(body, t), longitude, planetSeriesName(body)),
    );

/** The series of the modern model whose blocks the build stores (src/engine/sky.ts): the Sun, the Moon, the planets. */
export const MODERN_SERIES: readonly string[] = [
  SUN_SERIES,
  MOON_SERIES,
  ...[...planetSeries.keys()].map(planetSeriesName),
];

/**
 * Sidereal (Lahiri) apparent geocentric longitude of a planet (Mercury to Saturn), degrees [0, 360), at a moment
 * (UT), from cached interpolation blocks of its longitude, each sampled from the heliocentric blocks
 * (planetLongitudeFromHelio): within 1e-5° of modernPlanetLongitude (src/engine/grahas.test.ts).
 */
export function planetLongitude(body: Body, moment: number): number {
  const series = planetSeries.get(body);
  if (series === undefined) throw new RangeError(`no longitude blocks for ${body}`);
  return series(moment);
}

/** Each planet's ecliptic latitude, from cached blocks of the longitude's shape, fitted on first use. */
const latitudeSeries = new Map<Body, (moment: number, out: number[]) => number[]>();
const latitudeOut = [0];

/**
 * A planet's apparent geocentric ecliptic latitude of date, degrees (north positive), at a moment (UT), from cached
 * interpolation blocks sampled as planetLongitude's are: within 1e-5° of astronomy-engine's
 * `Ecliptic(GeoVector(body, time, true)).elat` (src/engine/modern.test.ts). Venus's reaches 8–9° near its inferior
 * conjunction, which moves its rising and setting by many minutes (src/engine/asta.ts).
 */
export function planetLatitude(body: Body, moment: number): number {
  let series = latitudeSeries.get(body);
  if (series === undefined) {
    const shape = BLOCKS[body]?.longitude;
    if (shape === undefined) throw new RangeError(`no latitude blocks for ${body}`);
    series = vectorSeries(1, (t) => [planetEclipticFromHelio(body, t)[1]], shape);
    latitudeSeries.set(body, series);
  }
  return series(moment, latitudeOut)[0]!;
}

/**
 * The modern model behind the common interface: the longitudes above, answered from cached interpolation
 * blocks (within 1e-6° of the direct evaluation), so that the searches of many days share their samples.
 */
export const modern: AstronomicalModel = {
  id: 'modern',
  smooth: true,
  sunLongitude: (moment) => reduce360(sunOfDate(moment, longitudeOut)[0]!),
  moonLongitude: (moment) => reduce360(moonOfDate(moment, longitudeOut)[0]!),
};
