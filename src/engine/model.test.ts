/**
 * The sampled model reproduces the modern model's longitudes over a day's window, and the limbs computed from it
 * (every part's index and end) equal those computed from the model itself; a model with kinks is not sampled.
 */
import { describe, expect, it } from 'vitest';
import { bsToFixed } from '../calendar/bs.ts';
import { LIMBS } from './elements.ts';
import { sampledModel } from './model.ts';
import { modern } from './modern.ts';
import { partsBetween } from './panchanga.ts';
import { sunrise } from './sun.ts';
import { suryaSiddhanta } from './surya-siddhanta.ts';

const gap = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180);

describe('sampledModel', () => {
  const from = bsToFixed({ year: 2084, month: 1, day: 1 });
  const days = Array.from({ length: 60 }, (_, i) => from + i * 6);

  it('reproduces the modern longitudes within 1e-5° anywhere in the window', () => {
    let worst = 0;
    for (const fixed of days) {
      const rise = sunrise(fixed);
      const sampled = sampledModel(modern, rise, rise + 3.6);
      for (let k = 0; k <= 36; k++) {
        const t = rise + k * 0.0997;
        worst = Math.max(
          worst,
          gap(sampled.moonLongitude(t), modern.moonLongitude(t)),
          gap(sampled.sunLongitude(t), modern.sunLongitude(t)),
        );
      }
    }
    expect(worst).toBeLessThan(1e-5);
  });

  it('gives the same parts, ending within 0.5 s, for every limb', () => {
    let worst = 0;
    for (const fixed of days) {
      const rise = sunrise(fixed);
      const next = sunrise(fixed + 1);
      const sampled = sampledModel(modern, rise, next + 2.6);
      for (const limb of Object.values(LIMBS)) {
        const exact = partsBetween(limb, modern, rise, next);
        const fast = partsBetween(limb, sampled, rise, next);
        expect(fast.map((p) => p.index)).toEqual(exact.map((p) => p.index));
        for (const [i, part] of fast.entries())
          worst = Math.max(worst, Math.abs(part.endsAt - exact[i]!.endsAt) * 86_400);
      }
    }
    expect(worst).toBeLessThan(0.5);
  });

  it('leaves a model with tabulated (kinked) longitudes as it is', () => {
    expect(sampledModel(suryaSiddhanta, 0, 3)).toBe(suryaSiddhanta);
  });
});
