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
import { reduce360 } from './angles.ts';

/** How a function is blocked: block length in days and samples (Chebyshev nodes) per block. */
export interface BlockShape {
  readonly blockDays: number;
  readonly nodes: number;
}

/** Blocks kept per series; a series past it starts afresh (a build walks forward, so old blocks are not asked again). */
const CACHE_BLOCKS = 4096;

/** A series as the build stores its blocks and a function seeds them (`packBlocks`, `seedBlocks`). */
interface Storable {
  /** Numbers a block holds: components × nodes. */
  readonly size: number;
  readonly blockDays: number;
  readonly blocks: Map<number, Float64Array>;
  readonly fit: (block: number) => Float64Array;
}
/** The named series (vectorSeries' `name`), whose blocks can be stored and seeded. */
const storable = new Map<string, Storable>();

/**
 * A vector-valued function of a moment (fixed days, UT) answered from cached Chebyshev blocks. `sample` gives
 * `components` numbers at a moment and must be smooth, except the components listed in `angles` (degrees),
 * which may wrap at 360° (they are unwrapped within a block and come back unreduced: reduce with `mod360`).
 * The returned function writes the components into `out` (reused to spare allocations) and returns it. A `name`
 * makes its blocks storable (packBlocks, seedBlocks).
 * Example: `const moon = vectorSeries(3, (t) => xyz(t), { blockDays: 8, nodes: 16 }); moon(t, [0, 0, 0])`.
 */
export function vectorSeries(
  components: number,
  sample: (moment: number) => readonly number[],
  shape: BlockShape,
  angles: readonly number[] = [],
  name?: string,
): (moment: number, out: number[]) => number[] {
  const { blockDays, nodes } = shape;
  const blocks = new Map<number, Float64Array>();
  // cos(π (j + ½) / n): node j's place in [−1, 1]; cosines[k][j] = cos(π k (j + ½) / n) for the fit. Made by the
  // first fit: a series whose blocks are all seeded never needs them.
  let place: number[] = [];
  let cosines: number[][] = [];

  function fit(block: number): Float64Array {
    if (place.length === 0) {
      place = Array.from({ length: nodes }, (_, j) => Math.cos((Math.PI * (j + 0.5)) / nodes));
      cosines = Array.from({ length: nodes }, (_, k) =>
        Array.from({ length: nodes }, (_, j) => Math.cos((Math.PI * k * (j + 0.5)) / nodes)),
      );
    }
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

  if (name !== undefined) {
    if (storable.has(name)) throw new Error(`a series named ${name} exists already`);
    storable.set(name, { size: components * nodes, blockDays, blocks, fit });
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

/** The layout's version, first in a pack: a pack of another layout is not seeded. */
const PACK_FORMAT = 1;
/** Numbers before a series' blocks in a pack: its block length, first block, count of blocks and block size. */
const SERIES_HEAD = 4;

function storableNamed(name: string): Storable {
  const series = storable.get(name);
  if (series === undefined) throw new RangeError(`no series named ${name}`);
  return series;
}

/**
 * The blocks of the named series that cover the moments [from, to], fitted where this thread has not fitted them,
 * packed as numbers: the format, then for each series in turn its block length in days, its first block, its count
 * of blocks, the numbers a block holds, and the blocks' coefficients. The build stores a year's (scripts/build.ts); seedBlocks takes them
 * back. Example: `packBlocks(['moon'], from, to)`.
 */
export function packBlocks(names: readonly string[], from: number, to: number): Float64Array {
  const parts: number[] = [PACK_FORMAT];
  for (const name of names) {
    const { size, blockDays, blocks, fit } = storableNamed(name);
    const first = Math.floor(from / blockDays);
    const last = Math.floor(to / blockDays);
    parts.push(blockDays, first, last - first + 1, size);
    for (let block = first; block <= last; block++) parts.push(...(blocks.get(block) ?? fit(block)));
  }
  return Float64Array.from(parts);
}

/**
 * Whether every block of the named series that covers the moments [from, to] is in this thread's caches (fitted or
 * seeded), so that those moments evaluate no theory. Example: `blocksHeld(['moon'], from, to)`.
 */
export function blocksHeld(names: readonly string[], from: number, to: number): boolean {
  for (const name of names) {
    const { blockDays, blocks } = storableNamed(name);
    for (let block = Math.floor(from / blockDays); block <= Math.floor(to / blockDays); block++)
      if (!blocks.has(block)) return false;
  }
  return true;
}

/**
 * Puts packed blocks (packBlocks of the same names) into the series' caches, so that the moments they cover
 * evaluate no theory: the coefficients are those this thread would fit (the same code on the same moments), so
 * every answer stays what it would have been. False, with nothing seeded, for a pack of another layout or of
 * other block shapes (a tree built by other code).
 */
export function seedBlocks(names: readonly string[], pack: Float64Array): boolean {
  if (pack[0] !== PACK_FORMAT) return false;
  const found: { series: Storable; first: number; count: number; at: number }[] = [];
  let at = 1;
  for (const name of names) {
    const series = storableNamed(name);
    const [blockDays, first, count, size] = [pack[at], pack[at + 1], pack[at + 2], pack[at + 3]];
    if (
      blockDays !== series.blockDays ||
      size !== series.size ||
      !Number.isInteger(first) ||
      !Number.isInteger(count) ||
      count! < 0 ||
      at + SERIES_HEAD + count! * size > pack.length
    )
      return false;
    found.push({ series, first: first!, count: count!, at: at + SERIES_HEAD });
    at += SERIES_HEAD + count! * size;
  }
  if (at !== pack.length) return false;
  for (const { series, first, count, at: start } of found)
    for (let i = 0; i < count; i++) {
      if (series.blocks.size >= CACHE_BLOCKS) series.blocks.clear();
      const begin = start + i * series.size;
      series.blocks.set(first + i, pack.subarray(begin, begin + series.size));
    }
  return true;
}

/**
 * An angle in degrees [0, 360) as a function of a moment, from cached Chebyshev blocks of the unwrapped angle.
 * `sample` must be continuous apart from the wrap at 360° and move less than 180° between nodes.
 * Example: `const sun = angleSeries((t) => longitude(t), { blockDays: 32, nodes: 12 }); sun(t)`.
 */
export function angleSeries(
  sample: (moment: number) => number,
  shape: BlockShape,
  name?: string,
): (moment: number) => number {
  const wrapped: number[] = [0];
  const series = vectorSeries(1, (moment) => [sample(moment)], shape, [0], name);
  return (moment) => reduce360(series(moment, wrapped)[0]!);
}
