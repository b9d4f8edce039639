/**
 * The Surya Siddhanta model: the "modern Hindu" solar and lunar longitudes of Reingold & Dershowitz,
 * *Calendrical Calculations* (ch. "The Modern Hindu Calendars"), written from the book's definitions.
 *
 * The book's moments are local mean time at Ujjain; ours are UT (src/calendar/time.ts), so every exported
 * function takes a UT moment and adds Ujjain's longitude (75°46′6″ E = 75.768333°/360 of a day) first.
 * Longitudes are sidereal degrees, 0 ≤ λ < 360, measured from the model's own zero (Mesha 0°).
 */
import { mod360 } from './angles.ts';
import type { AstronomicalModel } from './model.ts';

/** Sidereal year in days. Source: R&D, hindu-sidereal-year. */
export const SIDEREAL_YEAR_DAYS = 365 + 279457 / 1080000;
/** Anomalistic year in days. Source: R&D, hindu-anomalistic-year. */
export const ANOMALISTIC_YEAR_DAYS = 1577917828000 / (4320000000 - 387);
/** Sidereal month in days. Source: R&D, hindu-sidereal-month. */
export const SIDEREAL_MONTH_DAYS = 27 + 4644439 / 14438334;
/** Synodic month in days. Source: R&D, hindu-synodic-month. */
export const SYNODIC_MONTH_DAYS = 29 + 7087771 / 13358334;
/** Anomalistic month in days. Source: R&D, hindu-anomalistic-month. */
export const ANOMALISTIC_MONTH_DAYS = 1577917828 / (57753336 - 488199);
/** Fixed date of the Kali Yuga epoch, Julian −3102-02-18 (3102 BCE). Source: R&D, hindu-epoch. */
export const HINDU_EPOCH_FIXED = -1132959;
/** The moment of creation, 1,955,880,000 sidereal years before the epoch. Source: R&D, hindu-creation. */
export const HINDU_CREATION = HINDU_EPOCH_FIXED - 1955880000 * SIDEREAL_YEAR_DAYS;
/** Ujjain's longitude in degrees east (75°46′6″). Source: R&D, ujjain. */
export const UJJAIN_LONGITUDE_DEG = 75 + 46 / 60 + 6 / 3600;
/** Ujjain local mean time minus UT, in days. */
export const UJJAIN_OFFSET_DAYS = UJJAIN_LONGITUDE_DEG / 360;

/** One step of the Hindu sine table: 225 arcminutes, in degrees. */
const SINE_STEP_DEG = 225 / 60;
/** The radius of the table in arcminutes. */
const SINE_RADIUS = 3438;

/** The tabulated Hindu sine of entry × 225′ (entry 0–24), rounded as the Surya Siddhanta prints it. Source: R&D, hindu-sine-table. */
function hinduSineTable(entry: number): number {
  const exact = SINE_RADIUS * Math.sin((entry * SINE_STEP_DEG * Math.PI) / 180);
  const error = 0.215 * Math.sign(exact) * Math.sign(Math.abs(exact) - 1716);
  return Math.round(exact + error) / SINE_RADIUS;
}

const SINE_TABLE = Array.from({ length: 97 }, (_, i) => hinduSineTable(i));

/** Linear interpolation in the sine table; theta in degrees ≥ 0. Source: R&D, hindu-sine. */
function hinduSine(thetaDeg: number): number {
  const entry = thetaDeg / SINE_STEP_DEG;
  const lower = Math.floor(entry);
  const fraction = entry - lower;
  return fraction * SINE_TABLE[lower + 1]! + (1 - fraction) * SINE_TABLE[lower]!;
}

/** Inverse of hinduSine for amplitudes in [−1, 1], in degrees. Source: R&D, hindu-arcsin. */
function hinduArcsin(amp: number): number {
  if (amp < 0) return -hinduArcsin(-amp);
  let pos = 0;
  while (amp > SINE_TABLE[pos]!) pos++;
  if (pos === 0) return 0;
  const below = SINE_TABLE[pos - 1]!;
  return SINE_STEP_DEG * (pos - 1 + (amp - below) / (SINE_TABLE[pos]! - below));
}

/**
 * The fraction of a cycle a body of the given period had completed at the Kali Yuga epoch, counted from
 * creation: frac(1,955,880,000 × sidereal year / period), computed exactly with rationals so that the
 * double-precision sum below keeps sub-second accuracy (R&D use exact rationals throughout).
 */
function cyclesAtEpoch(period: readonly [bigint, bigint]): number {
  const [yearNum, yearDen] = SIDEREAL_YEAR_RATIONAL;
  const num = 1955880000n * yearNum * period[1];
  const den = yearDen * period[0];
  return Number(((num % den) * 1_000_000_000_000n) / den) / 1e12;
}

/** The periods as exact rationals [numerator, denominator] of days. Source: R&D (see the constants above). */
const SIDEREAL_YEAR_RATIONAL = [365n * 1080000n + 279457n, 1080000n] as const;
const ANOMALISTIC_YEAR_RATIONAL = [1577917828000n, 4320000000n - 387n] as const;
const SIDEREAL_MONTH_RATIONAL = [27n * 14438334n + 4644439n, 14438334n] as const;
const ANOMALISTIC_MONTH_RATIONAL = [1577917828n, 57753336n - 488199n] as const;

interface Period {
  readonly days: number;
  readonly atEpoch: number;
}
const period = (r: readonly [bigint, bigint]): Period => ({
  days: Number(r[0]) / Number(r[1]),
  atEpoch: cyclesAtEpoch(r),
});
const SIDEREAL_YEAR = period(SIDEREAL_YEAR_RATIONAL);
const ANOMALISTIC_YEAR = period(ANOMALISTIC_YEAR_RATIONAL);
const SIDEREAL_MONTH = period(SIDEREAL_MONTH_RATIONAL);
const ANOMALISTIC_MONTH = period(ANOMALISTIC_MONTH_RATIONAL);

/** Mean position in degrees of a body with the given period, at a moment in Ujjain time. Source: R&D, hindu-mean-position. */
function meanPosition(ujjainMoment: number, p: Period): number {
  const cycles = (ujjainMoment - HINDU_EPOCH_FIXED) / p.days + p.atEpoch;
  return 360 * (cycles - Math.floor(cycles));
}

/** True position with the epicycle of `size` (fraction of 360°) contracted by `change`. Source: R&D, hindu-true-position. */
function truePosition(
  ujjainMoment: number,
  p: Period,
  size: number,
  anomalistic: Period,
  change: number,
): number {
  const lambda = meanPosition(ujjainMoment, p);
  const offset = hinduSine(meanPosition(ujjainMoment, anomalistic));
  const contraction = Math.abs(offset) * change * size;
  const equation = hinduArcsin(offset * (size - contraction));
  return mod360(lambda - equation);
}

/** Sidereal solar longitude in degrees [0, 360) at a moment (fixed days, UT). Source: R&D, hindu-solar-longitude. */
export function ssSolarLongitude(moment: number): number {
  return truePosition(moment + UJJAIN_OFFSET_DAYS, SIDEREAL_YEAR, 14 / 360, ANOMALISTIC_YEAR, 1 / 42);
}

/** Sidereal lunar longitude in degrees [0, 360) at a moment (fixed days, UT). Source: R&D, hindu-lunar-longitude. */
export function ssLunarLongitude(moment: number): number {
  return truePosition(moment + UJJAIN_OFFSET_DAYS, SIDEREAL_MONTH, 32 / 360, ANOMALISTIC_MONTH, 1 / 96);
}

/** Elongation of the Moon from the Sun in degrees [0, 360) at a moment (UT). Source: R&D, hindu-lunar-phase. */
export function ssLunarPhase(moment: number): number {
  return mod360(ssLunarLongitude(moment) - ssSolarLongitude(moment));
}

/**
 * The moment (UT) when the Surya Siddhanta Sun reaches `targetDeg` (0 ≤ target < 360), searching the
 * sidereal year that starts at `after` (fixed days, UT). Bisection to about 0.01 s; always found.
 */
export function ssSankrantiAfter(after: number, targetDeg: number): number {
  // Days until the mean Sun covers the remaining arc; the true Sun is within ±2.5 days of that.
  const remaining = mod360(targetDeg - ssSolarLongitude(after));
  const estimate = after + (remaining / 360) * SIDEREAL_YEAR_DAYS;
  let lo = Math.max(after, estimate - 5);
  let hi = estimate + 5;
  // Signed angular distance past the target, in (−180, 180].
  const past = (t: number) => {
    const d = mod360(ssSolarLongitude(t) - targetDeg);
    return d > 180 ? d - 360 : d;
  };
  for (let i = 0; i < 40 && hi - lo > 1e-7; i++) {
    const mid = (lo + hi) / 2;
    if (past(mid) >= 0) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** The Surya Siddhanta model behind the common interface. */
export const suryaSiddhanta: AstronomicalModel = {
  id: 'surya-siddhanta',
  // The tabulated Hindu sine is interpolated linearly, so the longitudes have kinks.
  smooth: false,
  sunLongitude: ssSolarLongitude,
  moonLongitude: ssLunarLongitude,
};
