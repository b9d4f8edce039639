/**
 * The five limbs as functions of longitudes, generic over an AstronomicalModel, and the search for when each
 * one ends. Indexes are one-based: tithi 1–30 (elongation / 12°), karana 1–60 (elongation / 6°),
 * nakshatra 1–27 (Moon / 13°20′), yoga 1–27 ((Sun + Moon) / 13°20′), rashi 1–12 (longitude / 30°).
 */
import { mod360 } from './angles.ts';
import type { AstronomicalModel } from './model.ts';

/** Degrees of elongation per tithi. */
export const DEG_PER_TITHI = 12;
/** Degrees of elongation per karana (half a tithi). */
export const DEG_PER_KARANA = 6;
/** Degrees per nakshatra and per yoga: 360 / 27 = 13°20′. */
export const DEG_PER_NAKSHATRA = 360 / 27;
/** Degrees per sign. */
export const DEG_PER_RASHI = 30;

/** An angle that grows with time, and its mean rate (degrees a day), so boundaries can be searched. */
export interface Limb {
  readonly angle: (model: AstronomicalModel, moment: number) => number;
  readonly degreesPerPart: number;
  /** Mean rate of the angle, degrees per day. Source: mean motions (Moon 13.176°/d, Sun 0.9856°/d). */
  readonly meanRateDegPerDay: number;
}

export const LIMBS = {
  tithi: {
    angle: (m, t) => mod360(m.moonLongitude(t) - m.sunLongitude(t)),
    degreesPerPart: DEG_PER_TITHI,
    meanRateDegPerDay: 12.19,
  },
  karana: {
    angle: (m, t) => mod360(m.moonLongitude(t) - m.sunLongitude(t)),
    degreesPerPart: DEG_PER_KARANA,
    meanRateDegPerDay: 12.19,
  },
  nakshatra: {
    angle: (m, t) => m.moonLongitude(t),
    degreesPerPart: DEG_PER_NAKSHATRA,
    meanRateDegPerDay: 13.18,
  },
  yoga: {
    angle: (m, t) => mod360(m.moonLongitude(t) + m.sunLongitude(t)),
    degreesPerPart: DEG_PER_NAKSHATRA,
    meanRateDegPerDay: 14.16,
  },
  moonSign: { angle: (m, t) => m.moonLongitude(t), degreesPerPart: DEG_PER_RASHI, meanRateDegPerDay: 13.18 },
  sunSign: { angle: (m, t) => m.sunLongitude(t), degreesPerPart: DEG_PER_RASHI, meanRateDegPerDay: 0.9856 },
} as const satisfies Record<string, Limb>;
export type LimbName = keyof typeof LIMBS;

/** The one-based index of a limb at a moment (e.g. tithi 1–30). */
export function limbIndex(limb: Limb, model: AstronomicalModel, moment: number): number {
  return Math.floor(limb.angle(model, moment) / limb.degreesPerPart) + 1;
}

/** Angular tolerance of a crossing: 1e-5° is under 0.1 s of the fastest limb (yoga, ~14°/day). */
const CROSSING_TOLERANCE_DEG = 1e-5;

/**
 * The moment (UT) when the angle next reaches `targetDeg`, searching forward from `after`.
 * Secant iteration from the mean-rate estimate; converges to < 0.1 s. Returns the moment; never fails for the
 * Sun and Moon, whose longitudes only increase. `angleAfter`: the angle at `after`, when the caller has it.
 */
export function nextCrossing(
  limb: Limb,
  model: AstronomicalModel,
  after: number,
  targetDeg: number,
  angleAfter: number = limb.angle(model, after),
): number {
  const signed = (t: number) => {
    const d = mod360(limb.angle(model, t) - targetDeg);
    return d > 180 ? d - 360 : d;
  };
  let t0 = after;
  let f0 = -mod360(targetDeg - angleAfter);
  let t1 = after - f0 / limb.meanRateDegPerDay;
  for (let i = 0; i < 12; i++) {
    const f1 = signed(t1);
    if (Math.abs(f1) < CROSSING_TOLERANCE_DEG) break;
    const slope = (f1 - f0) / (t1 - t0);
    const rate = slope > 0 ? slope : limb.meanRateDegPerDay;
    t0 = t1;
    f0 = f1;
    t1 = t1 - f1 / rate;
  }
  return t1;
}
