/**
 * The CPU time to compute a BS year's muhurats (every category with rules), as the build does for each year it
 * writes: the year's full day Panchangas, its lunations and eclipses, and every rule on every day. The baseline,
 * in the same process, is the year's full Panchangas alone, so the ratio is what the rules cost on top of the
 * engine.
 */
import { bsToFixed } from '../../src/calendar/bs.ts';
import { panchangaOfDay } from '../../src/engine/panchanga.ts';
import { computeYear } from '../../src/almanac/muhurat-engine.ts';
import { cpuMs } from './measure.ts';
import { MUHURAT_RULES } from '../../src/almanac/muhurat-rules.ts';

const RUNS = 5;

/** CPU milliseconds of a function, and what it returned (so it is not optimised away). */
function cpuMsOf(run: () => number): { ms: number; sink: number } {
  let sink = 0;
  const ms = cpuMs(() => (sink = run()));
  return { ms, sink };
}

/** The median CPU time of RUNS years from `firstYear` on (a different year each run, so nothing is reused). */
function median(firstYear: number, year: (y: number) => number): number {
  const runs: number[] = [];
  let sink = 0;
  for (let i = 0; i < RUNS; i++) {
    const { ms, sink: s } = cpuMsOf(() => year(firstYear + i));
    runs.push(ms);
    sink += s;
  }
  if (sink === 0) throw new Error('benchmark optimised away');
  return runs.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
}

const muhurats = (year: number) => [...computeYear(year).values()].reduce((n, d) => n + d.length, 0);

function panchangas(year: number): number {
  const from = bsToFixed({ year, month: 1, day: 1 });
  const to = bsToFixed({ year: year + 1, month: 1, day: 1 });
  let sink = 0;
  for (let f = from; f < to; f++) sink += panchangaOfDay(f).nakshatras.length;
  return sink;
}

export function muhuratBench(): string[] {
  muhurats(2083); // warm the code paths once
  const ours = median(2084, muhurats);
  const engine = median(2094, panchangas);
  const counts = [...computeYear(2104).entries()].map(([c, d]) => `${c} ${d.length}`).join(', ');
  return [
    `muhurat: CPU time to compute a BS year's muhurats (${[...MUHURAT_RULES.keys()].join(', ')}), median of ${RUNS} years from 2084`,
    `  ours (Panchangas, lunations, eclipses, every rule on every day): ${ours.toFixed(0)} ms a year`,
    `  baseline (the year's full Panchangas alone): ${engine.toFixed(0)} ms a year`,
    `  ratio (ours / baseline): ${(ours / engine).toFixed(2)}×; BS 2104 gives ${counts}`,
  ];
}
