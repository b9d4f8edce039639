/**
 * Rise and set moments (estimated from the hour angle, then iterated to 0.1 s) equal
 * astronomy-engine's own SearchRiseSet from the day's Nepal midnight, for the Sun and the Moon over three years,
 * days without a moonrise or moonset included.
 */
import { Body, Observer, SearchRiseSet } from 'astronomy-engine';
import { describe, expect, it } from 'vitest';
import { bsToFixed } from '../calendar/bs.ts';
import { J2000_FIXED_MOMENT, nepalMidnight } from '../calendar/time.ts';
import {
  KATHMANDU_HEIGHT_M,
  KATHMANDU_LATITUDE_DEG,
  KATHMANDU_LONGITUDE_DEG,
  moonrise,
  moonset,
  sunrise,
  sunset,
} from './sun.ts';

const kathmandu = new Observer(KATHMANDU_LATITUDE_DEG, KATHMANDU_LONGITUDE_DEG, KATHMANDU_HEIGHT_M);

function librarySearch(body: Body, direction: number, fixed: number): number | null {
  const start = nepalMidnight(fixed);
  const found = SearchRiseSet(body, kathmandu, direction, start - J2000_FIXED_MOMENT, 1);
  if (!found) return null;
  const moment = found.ut + J2000_FIXED_MOMENT;
  return moment < start + 1 ? moment : null;
}

describe('rise and set day after day', () => {
  it('agree with SearchRiseSet within half a second on every day of BS 2081–2083 (and the same days lack a moonrise)', () => {
    const from = bsToFixed({ year: 2081, month: 1, day: 1 });
    const to = bsToFixed({ year: 2084, month: 1, day: 1 });
    const ours: [Body, number, (f: number) => number | null][] = [
      [Body.Sun, +1, sunrise],
      [Body.Sun, -1, sunset],
      [Body.Moon, +1, moonrise],
      [Body.Moon, -1, moonset],
    ];
    let worst = 0;
    let missing = 0;
    for (let fixed = from; fixed < to; fixed++) {
      for (const [body, direction, compute] of ours) {
        const expected = librarySearch(body, direction, fixed);
        const got = compute(fixed);
        if (expected === null) {
          expect(got, `${body} ${direction} ${fixed}`).toBeNull();
          missing++;
          continue;
        }
        worst = Math.max(worst, Math.abs(got! - expected) * 86_400);
      }
    }
    expect(missing).toBeGreaterThan(30);
    expect(worst).toBeLessThan(0.5);
  });
});
