/**
 * Cached interpolation blocks: a smooth function of time (a longitude, a position vector) answered from a
 * Chebyshev series fitted on a fixed grid of blocks, each block sampled once and then shared by every day,
 * every search and every record that falls in it (as JPL's ephemerides ship Chebyshev blocks instead of
 * theories). A year of day records then samples the Moon about twice a day instead of fourteen times.
 *
 * Blocks are aligned to multiples of their length in fixed days, so a value depends only on the moment asked,
 * never on what was asked before: the answers are the same in a build, a test or a single request.
 * Fit and evaluation: Press et al., *Numerical Recipes*, 3rd ed., §5.8 (chebft, chebev with Clenshaw's
 * recurrence), at the Chebyshev nodes of the first kind.
 */

/** How a function is blocked: block length in days and samples (Chebyshev nodes) per block. */
export interface BlockShape {
  readonly blockDays: number;
  readonly nodes: number;
}

/** Blocks kept per series; a series past it starts afresh (a build walks forward, so old blocks are not asked again). */
const CACHE_BLOCKS = 4096;

/**
 * A vector-valued function of a moment (fixed days, UT) answered from cached Chebyshev blocks. `sample` gives
 * `components` numbers at a moment and must be smooth, except the components listed in `angles` (degrees),
 * which may wrap at 360° (they are unwrapped within a block and come back unreduced: reduce with `mod360`).
 * The returned function writes the components into `out` (reused to spare allocations) and returns it.
 * Example: `const moon = vectorSeries(3, (t) => xyz(t), { blockDays: 8, nodes: 16 }); moon(t, [0, 0, 0])`.
 */
export function vectorSeries(
  components: number,
  sample: (moment: number) => readonly number[],
  shape: BlockShape,
  angles: readonly number[] = [],
): (moment: number, out: number[]) => number[] {
  const { blockDays, nodes } = shape;
  const blocks = new Map<number, Float64Array>();
  // cos(π (j + ½) / n): node j's place in [−1, 1]; cosines[k][j] = cos(π k (j + ½) / n) for the fit.
  const place = Array.from({ length: nodes }, (_, j) => Math.cos((Math.PI * (j + 0.5)) / nodes));
  const cosines = Array.from({ length: nodes }, (_, k) =>
    Array.from({ length: nodes }, (_, j) => Math.cos((Math.PI * k * (j + 0.5)) / nodes)),
  );

  function fit(block: number): Float64Array {
    const mid = (block + 0.5) * blockDays;
    const values = place.map((x) => sample(mid + (x * blockDays) / 2).slice());
    // An angle wraps at 360°: make each sample continuous with the one before (nodes are hours apart).
    for (let j = 1; j < nodes; j++)
      for (const c of angles) values[j]![c]! -= 360 * Math.round((values[j]![c]! - values[j - 1]![c]!) / 360);
    const coefficients = new Float64Array(components * nodes);
    for (let c = 0; c < components; c++)
      for (let k = 0; k < nodes; k++) {
        let sum = 0;
        for (let j = 0; j < nodes; j++) sum += values[j]![c]! * cosines[k]![j]!;
        coefficients[c * nodes + k] = (2 / nodes) * sum;
      }
    return coefficients;
  }

  return (moment, out) => {
    const block = Math.floor(moment / blockDays);
    let coefficients = blocks.get(block);
    if (coefficients === undefined) {
      if (blocks.size >= CACHE_BLOCKS) blocks.clear();
      coefficients = fit(block);
      blocks.set(block, coefficients);
    }
    // Clenshaw's recurrence at x in [−1, 1].
    const x = (2 * (moment - block * blockDays)) / blockDays - 1;
    const x2 = 2 * x;
    for (let c = 0; c < components; c++) {
      const base = c * nodes;
      let d = 0;
      let dd = 0;
      for (let k = nodes - 1; k >= 1; k--) {
        const saved = d;
        d = x2 * d - dd + coefficients[base + k]!;
        dd = saved;
      }
      out[c] = x * d - dd + 0.5 * coefficients[base]!;
    }
    return out;
  };
}

/**
 * An angle in degrees [0, 360) as a function of a moment, from cached Chebyshev blocks of the unwrapped angle.
 * `sample` must be continuous apart from the wrap at 360° and move less than 180° between nodes.
 * Example: `const sun = angleSeries((t) => longitude(t), { blockDays: 32, nodes: 12 }); sun(t)`.
 */
export function angleSeries(
  sample: (moment: number) => number,
  shape: BlockShape,
): (moment: number) => number {
  const wrapped: number[] = [0];
  const series = vectorSeries(1, (moment) => [sample(moment)], shape, [0]);
  return (moment) => reduce360(series(moment, wrapped)[0]!);
}

/** An angle in degrees reduced to [0, 360). */
export function reduce360(deg: number): number {
  const angle = deg % 360;
  return angle < 0 ? angle + 360 : angle;
}
