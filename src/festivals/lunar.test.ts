import { describe, expect, it } from 'vitest';
import { dayHolding } from './lunar.ts';

describe('dayHolding: the day a tithi is kept at a point of the day', () => {
  // A point at 06:00 UT of each day (fixed day d + 0.25), as a sunrise would be.
  const at = (fixed: number) => fixed + 0.25;

  it('takes the day whose point the tithi holds', () => {
    expect(dayHolding(739_000.1, 739_000.9, at)).toBe(739_000);
  });

  it('of two such days, the first, or the second when `twice` says so', () => {
    expect(dayHolding(739_000.1, 739_001.5, at)).toBe(739_000);
    expect(dayHolding(739_000.1, 739_001.5, at, 'second')).toBe(739_001);
  });

  it('of none (the tithi begins after one point and ends before the next), the earlier, or the later when `skipped` says so', () => {
    // Dharmasindhu's Janmashtami: ashtami at the midnight of neither day is kept on the later day.
    expect(dayHolding(739_000.3, 739_001.2, at)).toBe(739_000);
    expect(dayHolding(739_000.3, 739_001.2, at, 'first', 'later')).toBe(739_001);
    expect(dayHolding(739_000.3, 739_001.2, at, 'second', 'later')).toBe(739_001);
  });
});
