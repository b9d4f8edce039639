/**
 * Asta measures against the sky: the kalamsha (degrees of time between a graha's and the Sun's rising or
 * setting) against the rising and setting times astronomy-engine finds at Kathmandu for the graha and the Sun,
 * near the conjunctions of 2025–2026 that the almanacs print asta for; and the elongation's range.
 */
import { Body, MakeTime, Observer, SearchRiseSet } from 'astronomy-engine';
import { describe, expect, it } from 'vitest';
import { fixedFromGregorian, J2000_FIXED_MOMENT } from '../calendar/time.ts';
import { elongation, kalamsha } from './asta.ts';
import { grahaPositions, planetLatitudeOf } from './grahas.ts';
import { modern } from './modern.ts';
import { KATHMANDU_HEIGHT_M, KATHMANDU_LATITUDE_DEG, KATHMANDU_LONGITUDE_DEG, sunrise } from './sun.ts';

const KATHMANDU = new Observer(KATHMANDU_LATITUDE_DEG, KATHMANDU_LONGITUDE_DEG, KATHMANDU_HEIGHT_M);
/** Degrees the sky turns in a mean solar day. */
const SIDEREAL_DEG_PER_DAY = 360.98564736629;

/** The time between the graha's and the Sun's rising (direction +1) or setting (−1) near a moment, degrees. */
function observedKala(body: Body, moment: number, direction: 1 | -1): number {
  const from = MakeTime(moment - 0.6 - J2000_FIXED_MOMENT);
  const sun = SearchRiseSet(Body.Sun, KATHMANDU, direction, from, 2)!;
  const graha = SearchRiseSet(body, KATHMANDU, direction, from, 2)!;
  return Math.abs(sun.ut - graha.ut) * SIDEREAL_DEG_PER_DAY;
}

// Days near Jupiter's conjunction of 24 June 2025 and Venus's of 6 January 2026: [body, id, AD date, seen before
// dawn (west of the Sun, rising) or after dusk (east, setting)].
const CASES: [Body, 'jupiter' | 'venus', string, 1 | -1][] = [
  [Body.Jupiter, 'jupiter', '2025-06-08', -1],
  [Body.Jupiter, 'jupiter', '2025-06-13', -1],
  [Body.Jupiter, 'jupiter', '2025-07-06', 1],
  [Body.Jupiter, 'jupiter', '2025-07-12', 1],
  [Body.Venus, 'venus', '2025-11-25', 1],
  [Body.Venus, 'venus', '2025-12-05', 1],
  [Body.Venus, 'venus', '2026-02-08', -1],
  [Body.Venus, 'venus', '2026-02-15', -1],
];

describe('kalamsha', () => {
  it.each(CASES)(
    '%s: %s on %s is within a degree of time of the observed rising or setting times',
    (body, id, iso, direction) => {
      const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
      const moment = sunrise(fixedFromGregorian(y, m, d));
      const grahas = grahaPositions(modern, moment);
      const observed = observedKala(body, moment, direction);
      // The graha's own latitude (within 1.5° of the ecliptic here) and the Sun's disc are what differ (0.1–0.7).
      expect(Math.abs(kalamsha(grahas, id, moment) - observed)).toBeLessThan(1);
      // On the ecliptic near the Sun, a degree of time is not a degree of longitude.
      expect(kalamsha(grahas, id, moment)).not.toBeCloseTo(elongation(grahas, id), 0);
    },
  );

  // Days near Venus's inferior conjunctions of 25 March 2017 (8° north of the ecliptic) and 24 October 2026 (7.5°
  // south), where its latitude moves its rising or setting by many minutes: [AD date, rising (1) or setting (−1)].
  it.each([
    ['2017-03-29', 1],
    ['2017-04-02', 1],
    ['2026-10-09', -1],
    ['2026-10-13', -1],
  ] as const)(
    'venus on %s: taken at its latitude, within a degree of time of the observed times (at its point of the ecliptic, 3 or more off)',
    (iso, direction) => {
      const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
      const moment = sunrise(fixedFromGregorian(y, m, d));
      const grahas = grahaPositions(modern, moment);
      const observed = observedKala(Body.Venus, moment, direction);
      const beta = planetLatitudeOf('venus', moment);
      expect(Math.abs(beta)).toBeGreaterThan(7);
      expect(Math.abs(kalamsha(grahas, 'venus', moment, beta) - observed)).toBeLessThan(1);
      expect(Math.abs(kalamsha(grahas, 'venus', moment) - observed)).toBeGreaterThan(3);
    },
  );

  it('sets Jupiter on the day the Samiti printed for 2082 (Jestha 29 = 12 June 2025) at 11 degrees of time', () => {
    const at = (iso: string) => {
      const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
      const moment = sunrise(fixedFromGregorian(y, m, d));
      return kalamsha(grahaPositions(modern, moment), 'jupiter', moment);
    };
    expect(at('2025-06-11')).toBeGreaterThanOrEqual(11);
    expect(at('2025-06-12')).toBeLessThan(11);
  });

  it('elongation is 0–180 either side of the Sun', () => {
    for (let day = 0; day < 400; day += 7) {
      const grahas = grahaPositions(modern, fixedFromGregorian(2025, 1, 1) + day);
      for (const id of ['moon', 'mars', 'venus', 'jupiter'] as const) {
        const e = elongation(grahas, id);
        expect(e).toBeGreaterThanOrEqual(0);
        expect(e).toBeLessThanOrEqual(180);
      }
    }
  });
});
