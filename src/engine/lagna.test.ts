import {
  Horizon,
  MakeTime,
  Observer,
  RotateVector,
  Rotation_ECT_EQD,
  Spherical,
  VectorFromSphere,
  EquatorFromVector,
} from 'astronomy-engine';
import { describe, expect, it } from 'vitest';
import { bsToFixed } from '../calendar/bs.ts';
import { J2000_FIXED_MOMENT } from '../calendar/time.ts';
import { ascendant, lagnaStarts } from './lagna.ts';
import { lahiriAyanamsa } from './modern.ts';
import { KATHMANDU_LATITUDE_DEG, KATHMANDU_LONGITUDE_DEG, sunrise } from './sun.ts';

const SECOND = 1 / 86_400;
const kathmandu = new Observer(KATHMANDU_LATITUDE_DEG, KATHMANDU_LONGITUDE_DEG, 0);

/** Altitude and azimuth (degrees, no refraction) at Kathmandu of the ecliptic point at a sidereal longitude, by
 * astronomy-engine's own rotation from the true ecliptic of date to the equator of date and its horizon. */
function horizonOf(siderealDeg: number, moment: number) {
  const time = MakeTime(moment - J2000_FIXED_MOMENT);
  const ecliptic = VectorFromSphere(new Spherical(0, siderealDeg + lahiriAyanamsa(moment), 1), time);
  const equator = EquatorFromVector(RotateVector(Rotation_ECT_EQD(time), ecliptic));
  return Horizon(time, kathmandu, equator.ra, equator.dec);
}

describe('lagna: the sign rising at Kathmandu', () => {
  const days = [1950, 2000, 2075, 2083, 2084, 2150].map((year) => bsToFixed({ year, month: 4, day: 10 }));

  it('begins each sign where the ecliptic point of its first degree is on the eastern horizon (astronomy-engine)', () => {
    for (const day of days) {
      const starts = lagnaStarts(sunrise(day), sunrise(day + 1));
      expect(starts.length).toBeGreaterThanOrEqual(12);
      expect(starts.length).toBeLessThanOrEqual(13);
      for (const { moment, sign } of starts) {
        const { altitude, azimuth } = horizonOf((sign - 1) * 30, moment);
        // The ecliptic rises at 0.1–0.4° of altitude a minute here: within 0.01° is within a few seconds.
        expect(Math.abs(altitude), `${day} sign ${sign}`).toBeLessThan(0.01);
        expect(azimuth).toBeGreaterThan(0);
        expect(azimuth).toBeLessThan(180);
      }
    }
  });

  it('agrees with the ascendant: the sign before a start until a second before it, the new one a second after', () => {
    for (const day of days) {
      const starts = lagnaStarts(sunrise(day), sunrise(day + 1));
      for (const { moment, sign } of starts) {
        expect(Math.floor(ascendant(moment + SECOND) / 30) + 1).toBe(sign);
        expect(Math.floor(ascendant(moment - SECOND) / 30) + 1).toBe(sign === 1 ? 12 : sign - 1);
      }
      // In order, each sign after the one before, about two hours apart (0.9–3.2 hours at 27.7° N).
      for (let i = 1; i < starts.length; i++) {
        expect(starts[i]!.sign).toBe((starts[i - 1]!.sign % 12) + 1);
        const hours = (starts[i]!.moment - starts[i - 1]!.moment) * 24;
        expect(hours).toBeGreaterThan(0.9);
        expect(hours).toBeLessThan(3.2);
      }
    }
  });
});
