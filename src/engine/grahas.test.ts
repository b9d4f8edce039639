/**
 * The grahas against published ephemeris facts of 2025: the retrograde periods of the five planets (geocentric
 * stations as astronomical almanacs list them) and sidereal sign changes (Lahiri) that Indian and Nepali almanacs
 * announced. Each is checked well inside its period, and on both sides of it, so a station a day off cannot
 * decide a case.
 */
import { describe, expect, it } from 'vitest';
import type { GrahaId } from '../calendar/names.ts';
import { fixedFromGregorian } from '../calendar/time.ts';
import { grahaPositions, type PlanetEvaluation } from './grahas.ts';
import { modern } from './modern.ts';

const at = (iso: string, planets: PlanetEvaluation = 'blocks') => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const noonUt = fixedFromGregorian(y, m, d) + 0.5;
  return new Map(grahaPositions(modern, noonUt, planets).map((g) => [g.id, g]));
};

/** Retrograde periods (first and last day of retrograde motion) and a direct day before and after each. */
const RETROGRADE: [GrahaId, string, string, string, string][] = [
  ['mars', '2024-11-20', '2024-12-10', '2025-02-18', '2025-03-10'], // retrograde 2024-12-06 … 2025-02-23
  ['venus', '2025-02-20', '2025-03-05', '2025-04-08', '2025-04-20'], // 2025-03-01 … 04-12
  ['mercury', '2025-03-08', '2025-03-19', '2025-04-03', '2025-04-14'], // 2025-03-15 … 04-07
  ['mercury', '2025-07-10', '2025-07-22', '2025-08-07', '2025-08-18'], // 2025-07-18 … 08-11
  ['mercury', '2025-11-02', '2025-11-13', '2025-11-25', '2025-12-05'], // 2025-11-09 … 11-29
  ['saturn', '2025-07-01', '2025-07-20', '2025-11-20', '2025-12-10'], // 2025-07-13 … 11-28
  ['jupiter', '2025-10-25', '2025-11-18', '2026-03-03', '2026-03-25'], // 2025-11-11 … 2026-03-11
];

describe('retrograde flags against the published 2025 stations', () => {
  it.each(RETROGRADE)(
    '%s: direct on %s, retrograde %s…%s, direct again on %s',
    (id, before, from, to, after) => {
      for (const planets of ['blocks', 'direct'] as const) {
        expect(at(before, planets).get(id)!.retrograde, `${before} ${planets}`).toBe(false);
        expect(at(from, planets).get(id)!.retrograde, `${from} ${planets}`).toBe(true);
        expect(at(to, planets).get(id)!.retrograde, `${to} ${planets}`).toBe(true);
        expect(at(after, planets).get(id)!.retrograde, `${after} ${planets}`).toBe(false);
      }
    },
  );

  it('Rahu and Ketu move backwards and stay opposite', () => {
    for (const iso of ['2025-01-01', '2025-06-01', '2026-01-01']) {
      const g = at(iso);
      expect(g.get('rahu')!.retrograde && g.get('ketu')!.retrograde).toBe(true);
      expect((g.get('ketu')!.longitude - g.get('rahu')!.longitude + 360) % 360).toBeCloseTo(180, 9);
    }
  });

  it('flags the Sun and Moon direct and the nodes retrograde as their longitudes move, every 37th day 1843–2144', () => {
    // Their flags are set without a second evaluation; their own motion over the half day says the same.
    const step = (from: number, to: number) => (to - from + 360) % 360;
    for (let day = fixedFromGregorian(1843, 4, 1); day < fixedFromGregorian(2144, 4, 1); day += 37) {
      const now = new Map(grahaPositions(modern, day).map((g) => [g.id, g]));
      const later = new Map(grahaPositions(modern, day + 0.5).map((g) => [g.id, g]));
      for (const id of ['sun', 'moon', 'rahu', 'ketu'] as const) {
        const backwards = step(now.get(id)!.longitude, later.get(id)!.longitude) > 180;
        expect(now.get(id)!.retrograde, `${id} on day ${day}`).toBe(backwards);
      }
    }
  });
});

/** Sidereal (Lahiri) sign changes of 2025 as almanacs announced them: [graha, sign before, sign after, day of change]. */
const TRANSITS: [GrahaId, number, number, string][] = [
  ['saturn', 11, 12, '2025-03-29'], // Shani enters Meena
  ['jupiter', 2, 3, '2025-05-14'], // Guru enters Mithuna
  ['rahu', 12, 11, '2025-05-18'], // Rahu enters Kumbha (Ketu Simha)
  ['sun', 12, 1, '2025-04-14'], // Mesha sankranti
];

describe('the planets from their blocks and evaluated directly (a day asked for by itself)', () => {
  it('agree within 1e-5° and on the direction of motion, on 1,000 moments of AD 1843–2144', () => {
    const first = fixedFromGregorian(1843, 4, 13);
    const last = fixedFromGregorian(2144, 4, 13);
    let worst = 0;
    for (let i = 0; i < 1000; i++) {
      // Spread over the range, at every time of day.
      const moment = first + ((i * 110.3739) % (last - first));
      const blocks = grahaPositions(modern, moment, 'blocks');
      const direct = grahaPositions(modern, moment, 'direct');
      direct.forEach((g, k) => {
        const d = Math.abs(((g.longitude - blocks[k]!.longitude + 540) % 360) - 180);
        worst = Math.max(worst, d);
        expect(g.retrograde, `${g.id} ${moment}`).toBe(blocks[k]!.retrograde);
      });
    }
    expect(worst).toBeLessThan(1e-5);
  });
});

describe('sidereal signs against the announced 2025 transits', () => {
  it.each(TRANSITS)('%s moves from sign %i to %i around %s', (id, before, after, iso) => {
    const day = fixedFromGregorian(...(iso.split('-').map(Number) as [number, number, number]));
    const sign = (offset: number) => grahaPositions(modern, day + offset).find((g) => g.id === id)!.rashi;
    // A slow graha is checked ten days either side, the Sun two (the almanacs' days differ by a few hours).
    const margin = id === 'sun' ? 2 : 10;
    expect(sign(-margin)).toBe(before);
    expect(sign(margin)).toBe(after);
  });
});
