/**
 * The CPU time to compute a BS year's muhurats (every category with rules), as the build does for each year it
 * writes: ours (lean Panchanga for every day, the full one only for the days some category may take) against
 * the straightforward way in the same process (the full Panchanga of every day, then every rule).
 */
import { bsToFixed } from '../../src/calendar/bs.ts';
import { panchangaOfDay } from '../../src/engine/panchanga.ts';
import { computeYear, decideDay, YearFacts } from '../../src/muhurat/engine.ts';
import { MUHURAT_RULES } from '../../src/muhurat/rules.ts';

const RUNS = 5;

/** CPU milliseconds (user + system) of a function. */
function cpuMs(run: () => number): { ms: number; sink: number } {
  const before = process.cpuUsage();
  const sink = run();
  const used = process.cpuUsage(before);
  return { ms: (used.user + used.system) / 1000, sink };
}

/** The median CPU time of RUNS years from `firstYear` on (a different year each run, so nothing is reused). */
function median(firstYear: number, year: (y: number) => number): number {
  const runs: number[] = [];
  let sink = 0;
  for (let i = 0; i < RUNS; i++) {
    const { ms, sink: s } = cpuMs(() => year(firstYear + i));
    runs.push(ms);
    sink += s;
  }
  if (sink === 0) throw new Error('benchmark optimised away');
  return runs.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
}

function straightforward(year: number): number {
  const facts = new YearFacts(year);
  let days = 0;
  for (let fixed = facts.first; fixed <= facts.last; fixed++) {
    const ctx = facts.context(panchangaOfDay(fixed));
    for (const rules of MUHURAT_RULES.values()) if (decideDay(rules, ctx)) days++;
  }
  return days;
}

const count = (year: number) => [...computeYear(year).values()].reduce((n, d) => n + d.length, 0);

export function muhuratBench(): string[] {
  count(2083); // warm the code paths once
  const ours = median(2084, count);
  const baseline = median(2094, straightforward);
  const first = bsToFixed({ year: 2104, month: 1, day: 1 });
  const days = bsToFixed({ year: 2105, month: 1, day: 1 }) - first;
  const counts = [...computeYear(2104).entries()].map(([c, d]) => `${c} ${d.length}`).join(', ');
  return [
    `muhurat: CPU time to compute a BS year's muhurats (${[...MUHURAT_RULES.keys()].join(', ')}), median of ${RUNS} years from 2084`,
    `  ours (full Panchanga only for candidate days): ${ours.toFixed(0)} ms a year`,
    `  straightforward (full Panchanga of all ${days} days): ${baseline.toFixed(0)} ms a year`,
    `  ratio: ${(baseline / ours).toFixed(2)}× faster; BS 2104 gives ${counts}`,
  ];
}
