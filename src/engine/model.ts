/**
 * The two astronomical models behind one interface. Everything that needs a longitude (month starts, tithi,
 * nakshatra, yoga, karana, lunar months, festivals) asks a model, never astronomy-engine or the Surya
 * Siddhanta formulas directly.
 */

import type { ModelId } from '../contract/almanac-model.ts';

export { MODEL_IDS, type ModelId } from '../contract/almanac-model.ts';

export interface AstronomicalModel {
  readonly id: ModelId;
  /** Sidereal longitude of the Sun in degrees, 0 ≤ λ < 360, at a moment (fixed days, UT; see src/calendar/time.ts). */
  sunLongitude(moment: number): number;
  /** Sidereal longitude of the Moon in degrees, 0 ≤ λ < 360, at a moment (fixed days, UT). */
  moonLongitude(moment: number): number;
  /**
   * True when the longitudes are smooth (analytic series, no interpolated tables), so that a polynomial through
   * a few samples reproduces them over a few days (see `sampledModel`).
   */
  readonly smooth: boolean;
}

/** Chebyshev nodes per window: over 3.6 days the Moon's longitude is then reproduced to ~1e-6° (0.005 s). */
const NODES = 7;

/**
 * The longitudes of a smooth model between `from` and `to` (moments) interpolated from NODES samples at
 * Chebyshev points of the second kind with the barycentric formula (Berrut & Trefethen, "Barycentric Lagrange
 * Interpolation", SIAM Review 46, 2004, eq. 5.1 and §6); outside the window, and for a model that is not
 * smooth, the model itself answers. A day's limbs need a few dozen longitudes: this needs NODES of each.
 * Example: `sampledModel(modern, sunrise, sunrise + 3).moonLongitude(t)`.
 */
export function sampledModel(model: AstronomicalModel, from: number, to: number): AstronomicalModel {
  if (!model.smooth) return model;
  const n = NODES - 1;
  const nodes = Array.from(
    { length: NODES },
    (_, j) => (from + to) / 2 + ((to - from) / 2) * Math.cos((j * Math.PI) / n),
  );
  const weights = nodes.map((_, j) => (j % 2 ? -1 : 1) * (j === 0 || j === n ? 0.5 : 1));
  const interpolate = (longitude: (moment: number) => number) => {
    // Unwrap the samples (nodes run from `to` down to `from`) so the longitude is continuous over the window.
    const values = nodes.map(longitude);
    for (let j = 1; j < NODES; j++) values[j]! -= 360 * Math.round((values[j]! - values[j - 1]!) / 360);
    return (moment: number): number => {
      if (moment < from || moment > to) return longitude(moment);
      let numerator = 0;
      let denominator = 0;
      for (let j = 0; j < NODES; j++) {
        const d = moment - nodes[j]!;
        if (d === 0) return longitude(moment);
        numerator += (weights[j]! / d) * values[j]!;
        denominator += weights[j]! / d;
      }
      return (((numerator / denominator) % 360) + 360) % 360;
    };
  };
  return {
    id: model.id,
    smooth: true,
    sunLongitude: interpolate((t) => model.sunLongitude(t)),
    moonLongitude: interpolate((t) => model.moonLongitude(t)),
  };
}
