/**
 * The sky of a BS year, stored: the interpolation blocks (src/engine/ephemeris.ts) of every series a day at any
 * place reads (the Sun, the Moon, the sidereal time and the five planets' longitudes) over the year and a few days
 * either side. The build writes each year's (dist/api/stored-days/{year}/sky, numbers as little-endian doubles);
 * a function seeds them before it computes a day at a place, which then evaluates no theory of the Sun, the Moon
 * or a planet: those are most of what a cold isolate spent on such a day. The blocks are the ones the function
 * would fit (the same code on the same moments), so the answers are the same with them or without.
 */
import { bsYearInfo } from '../calendar/bs.ts';
import { blocksHeld, packBlocks, seedBlocks } from './ephemeris.ts';
import { MODERN_SERIES } from './modern.ts';
import { SIDEREAL_SERIES } from './sidereal.ts';

const SKY_SERIES = [...MODERN_SERIES, SIDEREAL_SERIES];

/**
 * Days either side of a year that its days read: a place's day starts up to half a day before Nepal's, its
 * varjyams read the nakshatras from 1.1 days before its sunrise, its last nakshatra may end two days after its
 * sunrise, and its planets' motion is read half a day on.
 */
const MARGIN_DAYS = 4;

/** The stored sky of a BS year. Example: `skyOfYear(2083).byteLength` (about 30 KB). */
export function skyOfYear(year: number): Float64Array {
  const { firstFixed, days } = bsYearInfo(year);
  return skyOfDays(firstFixed, firstFixed + days - 1);
}

/**
 * The sky the days `from`–`to` (fixed) read, packed as a year's is (a few KB for a day): what an isolate primes a
 * place's path with (src/http/prime.ts). Example: `seedSky(skyOfDays(738989, 738989))`.
 */
export function skyOfDays(from: number, to: number): Float64Array {
  return packBlocks(SKY_SERIES, from - MARGIN_DAYS, to + MARGIN_DAYS);
}

/** Seeds a year's stored sky (skyOfYear, or skyOfDays); false, with nothing seeded, when it is not one. */
export function seedSky(sky: Float64Array): boolean {
  return seedBlocks(SKY_SERIES, sky);
}

/**
 * Whether the sky the days `from`–`to` (fixed) read is held already (seeded or fitted in this thread), so that a
 * function need not read and seed a stored year again for them. Example: `skyHeld(738989, 738989)`.
 */
export function skyHeld(from: number, to: number): boolean {
  return blocksHeld(SKY_SERIES, from - MARGIN_DAYS, to + MARGIN_DAYS);
}
