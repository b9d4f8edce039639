import { describe, expect, it } from 'vitest';
import { mod360, reduce360 } from './angles.ts';

/** The formulas the two stand for, with the floating-point remainder. */
const byRemainder = {
  mod360: (x: number) => ((x % 360) + 360) % 360,
  reduce360: (deg: number) => {
    const angle = deg % 360;
    return angle < 0 ? angle + 360 : angle;
  },
};

describe('angles brought into [0, 360)', () => {
  // The edges of the quick paths, numbers a rounding away from them, tiny and huge angles, and a seeded spread.
  const edges = [0, -0, 360, -360, 720, -720, 1080, 1e-300, -1e-300, 1e-15, -1e-15, 1e20, -1e20, 180, -180];
  const near = edges.flatMap((x) => [
    x,
    x * (1 + Number.EPSILON),
    x * (1 - Number.EPSILON),
    x + 1e-13,
    x - 1e-13,
  ]);
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
  const spread = Array.from({ length: 200_000 }, (_, i) =>
    i % 3 === 0 ? random() * 1500 : i % 3 === 1 ? random() * 1e-6 : 360 + random() * 1e-9,
  );

  it('answer bit for bit as their % formulas do (the engine’s outputs stay the same)', () => {
    for (const x of [...near, ...spread]) {
      expect(Object.is(mod360(x), byRemainder.mod360(x)), `mod360(${x})`).toBe(true);
      expect(Object.is(reduce360(x), byRemainder.reduce360(x)), `reduce360(${x})`).toBe(true);
    }
  });

  it('lie in [0, 360), reduce360 at 360 for a negative angle within a rounding of 0', () => {
    for (const x of [...near, ...spread]) {
      expect(mod360(x)).toBeGreaterThanOrEqual(0);
      expect(mod360(x)).toBeLessThan(360);
      expect(reduce360(x)).toBeGreaterThanOrEqual(0);
      expect(reduce360(x)).toBeLessThanOrEqual(360);
    }
    expect(mod360(-30)).toBe(330);
    expect(reduce360(370)).toBe(10);
    expect(reduce360(-1e-15)).toBe(360);
  });
});
