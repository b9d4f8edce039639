import { Body, Ecliptic, GeoVector } from 'astronomy-engine';
import { describe, expect, it } from 'vitest';
import {
  modern,
  modernMoonLongitude,
  modernPlanetLongitude,
  modernSunLongitude,
  planetLatitude,
  planetLongitude,
  timeOf,
} from './modern.ts';

/** Moments spread over AD 1843–2144 (fixed days) from a fixed seed: the same every run. */
function moments(count: number, seed: number): number[] {
  const from = 673_000;
  const to = 783_000;
  return Array.from({ length: count }, () => {
    seed = (seed * 48_271) % 2_147_483_647;
    return from + (seed / 2_147_483_647) * (to - from);
  });
}

const apart = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180);

describe('the modern model from its cached blocks against astronomy-engine evaluated at the moment', () => {
  it('gives the Sun and the Moon within 1e-6° (under 0.01 s of a tithi’s end)', () => {
    let sun = 0;
    let moon = 0;
    for (const t of moments(2000, 17)) {
      sun = Math.max(sun, apart(modern.sunLongitude(t), modernSunLongitude(t)));
      moon = Math.max(moon, apart(modern.moonLongitude(t), modernMoonLongitude(t)));
    }
    expect(sun).toBeLessThan(1e-6);
    expect(moon).toBeLessThan(1e-6);
  });

  it('gives the five planets within 5e-6° through their heliocentric blocks (a second of Mercury’s motion)', () => {
    for (const body of [Body.Mercury, Body.Venus, Body.Mars, Body.Jupiter, Body.Saturn]) {
      let worst = 0;
      for (const t of moments(600, 29))
        worst = Math.max(worst, apart(planetLongitude(body, t), modernPlanetLongitude(body, t)));
      expect(worst, body).toBeLessThan(5e-6);
    }
  });

  it('gives Venus’s and Jupiter’s ecliptic latitudes within 1e-5° of GeoVector’s, Venus up to 8–9° off the ecliptic', () => {
    for (const body of [Body.Venus, Body.Jupiter]) {
      let worst = 0;
      let widest = 0;
      for (const t of moments(600, 31)) {
        const expected = Ecliptic(GeoVector(body, timeOf(t), true)).elat;
        worst = Math.max(worst, Math.abs(planetLatitude(body, t) - expected));
        widest = Math.max(widest, Math.abs(expected));
      }
      expect(worst, body).toBeLessThan(1e-5);
      expect(widest, body).toBeGreaterThan(body === Body.Venus ? 7 : 1);
    }
  });
});
