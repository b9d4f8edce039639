/**
 * The sidereal time and the observer's place of date from src/engine/sidereal.ts equal astronomy-engine's
 * SiderealTime and ObserverVector (of date) at random moments of the whole BS range, at Kathmandu and elsewhere.
 */
import { MakeTime, Observer, ObserverVector, SiderealTime } from 'astronomy-engine';
import { describe, expect, it } from 'vitest';
import { bsToFixed } from '../calendar/bs.ts';
import { J2000_FIXED_MOMENT } from '../calendar/time.ts';
import { greenwichSiderealDeg, station, stationOfDate } from './sidereal.ts';

/** A repeatable walk over [0, 1) (a linear congruential generator), so a failure names the same moments again. */
function* uniform(count: number): Generator<number> {
  let state = 12345;
  for (let i = 0; i < count; i++) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    yield state / 2 ** 31;
  }
}

describe('the Earth’s turning', () => {
  const from = bsToFixed({ year: 1900, month: 1, day: 1 });
  const to = bsToFixed({ year: 2200, month: 12, day: 1 });
  const places = [
    [27.7172, 85.324, 0],
    [-33.87, 151.21, 58],
    [64.15, -21.94, 2000],
  ] as const;

  it('agrees with SiderealTime within 1e-9° and ObserverVector within a millimetre over BS 1900–2200', () => {
    let worstDeg = 0;
    let worstAu = 0;
    const out = [0, 0, 0];
    let i = 0;
    for (const u of uniform(6000)) {
      const moment = from + u * (to - from);
      const time = MakeTime(moment - J2000_FIXED_MOMENT);
      const diff = Math.abs(SiderealTime(time) * 15 - greenwichSiderealDeg(moment));
      worstDeg = Math.max(worstDeg, Math.min(diff, 360 - diff));
      const [lat, lon, height] = places[i++ % places.length]!;
      const local = stationOfDate(station(lat, lon, height), moment, out);
      const expected = ObserverVector(time, new Observer(lat, lon, height), true);
      worstAu = Math.max(
        worstAu,
        Math.hypot(expected.x - out[0]!, expected.y - out[1]!, expected.z - out[2]!),
      );
      const localDiff = Math.abs(SiderealTime(time) * 15 + lon - local);
      expect(Math.min(localDiff % 360, 360 - (localDiff % 360))).toBeLessThan(1e-9);
    }
    expect(worstDeg).toBeLessThan(1e-9);
    expect(worstAu * 1.495978707e11).toBeLessThan(1e-3);
  });
});
