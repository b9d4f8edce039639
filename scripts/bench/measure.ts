/**
 * How every comparison of `npm run bench` is timed, so that a ratio means the same from one run to the next:
 * both sides in one process, on the same work (round r of each side does the same inputs, fresh ones each
 * round so no side meets its own cache), after warm-up rounds, alternating A B A B, each run timed in the CPU time
 * of the thread that runs it (threadCpu), which other processes on a shared machine do not inflate as they inflate
 * wall time. Not the process's CPU (process.cpuUsage): it also counts V8's background threads, whose compiling
 * and concurrent marking fall into whichever run is under way when they happen (session 28: a year's Panchangas
 * read 19–63 ms of process CPU in one run and 18–30 ms of its thread's, and the muhurat ratio's median moved from
 * 1.8× to 2.9× between runs). The order alternates (A B, then B A) so that neither side always runs right after
 * the other and pays for its garbage. Each round gives one ratio; the report is their median and spread. (A forced
 * full collection between runs was tried: V8 then drops compiled code, and every run is cold; a forced collection
 * of the young generation alone, session 28, changed neither the medians nor the spread.)
 */

import { existsSync, openSync, readSync } from 'node:fs';

const SCHEDSTAT = '/proc/thread-self/schedstat';
const schedstat = existsSync(SCHEDSTAT) ? openSync(SCHEDSTAT, 'r') : null;
const line = Buffer.alloc(96);
const cell = new Int32Array(new SharedArrayBuffer(4));

/**
 * The CPU time of this thread so far, in ms: what an isolate is charged for a request (V8's background compiler
 * and marking threads are not the isolate's). On Linux it is read from /proc/thread-self/schedstat (the thread's
 * run time in ns) just after a wait of 20 µs (Atomics.wait): the kernel brings a thread's run time up to date when
 * the thread leaves the CPU, so the reading is exact. process.threadCpuUsage (and process.cpuUsage) would do it in
 * one call, but on a virtual machine they advance in scheduler ticks and read a 0.5 ms request as 0 or 4 ms.
 * Elsewhere threadCpuUsage it is. Each reading costs a few µs (clockCostMs says how much).
 */
export function threadCpu(): number {
  if (schedstat === null) {
    const u = process.threadCpuUsage();
    return (u.user + u.system) / 1000;
  }
  Atomics.wait(cell, 0, 0, 0.02);
  const n = readSync(schedstat, line, 0, line.length, 0);
  return Number(line.toString('latin1', 0, n).split(' ')[0]) / 1e6;
}

/** What one reading of threadCpu costs, in ms (the median of 51), to take off each interval measured. */
export const clockCostMs: number = (() => {
  const readings = Array.from({ length: 51 }, () => {
    const a = threadCpu();
    return threadCpu() - a;
  }).sort((x, y) => x - y);
  return readings[25]!;
})();

/** This thread's CPU milliseconds that `body` takes, less the clock's own cost: for work of a request's size. */
export function threadCpuMs(body: () => void): number {
  const before = threadCpu();
  body();
  return Math.max(0, threadCpu() - before - clockCostMs);
}

/** The q-quantile (0–1) of a sorted list, nearest rank. */
export function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** The q-quantile (0–1) of a list in any order. */
export function quantileOf(values: readonly number[], q: number): number {
  return quantile(
    [...values].sort((x, y) => x - y),
    q,
  );
}

/** The median of a list in any order. */
export const median = (values: readonly number[]): number => quantileOf(values, 0.5);

/** One side of a comparison: a name and the work of round r (returning a number, so it cannot be optimised away). */
export interface Side {
  readonly name: string;
  readonly run: (round: number) => number;
}

export interface Comparison {
  readonly a: Side;
  readonly b: Side;
  /** CPU ms of each measured round, per side. */
  readonly aMs: readonly number[];
  readonly bMs: readonly number[];
  /** b / a per round: how many times faster A is. */
  readonly ratios: readonly number[];
}

/**
 * Runs `warmup` rounds of both sides untimed, then `rounds` timed rounds, A then B in even rounds and B then A
 * in odd ones (rounds −warmup…−1 warm up; 0…rounds−1 are measured).
 */
export function compare(a: Side, b: Side, rounds: number, warmup = 2): Comparison {
  let sink = 0;
  for (let r = -warmup; r < 0; r++) sink += a.run(r) + b.run(r);
  const aMs: number[] = [];
  const bMs: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const runA = () => aMs.push(threadCpuMs(() => (sink += a.run(r))));
    const runB = () => bMs.push(threadCpuMs(() => (sink += b.run(r))));
    if (r % 2 === 0) {
      runA();
      runB();
    } else {
      runB();
      runA();
    }
  }
  if (!Number.isFinite(sink)) throw new Error('benchmark produced no result');
  return { a, b, aMs, bMs, ratios: aMs.map((ms, i) => bMs[i]! / ms) };
}

const sorted = (values: readonly number[]) => [...values].sort((x, y) => x - y);
const fixed = (x: number, digits: number) => x.toFixed(digits);

/** "median (p10–p90)" of a list, with `digits` decimals. */
export function spread(values: readonly number[], digits = 1): string {
  const s = sorted(values);
  return `${fixed(quantile(s, 0.5), digits)} (p10–p90 ${fixed(quantile(s, 0.1), digits)}–${fixed(quantile(s, 0.9), digits)})`;
}

/** "median (min–max)" of a list, with `digits` decimals: for a few whole runs, where a p10–p90 says nothing more. */
export function medianRange(values: readonly number[], digits = 1): string {
  const s = sorted(values);
  return `${fixed(quantile(s, 0.5), digits)} (${fixed(s[0]!, digits)}–${fixed(s.at(-1)!, digits)})`;
}

/**
 * The report of a comparison: each side's CPU time a round (scaled by `per`, e.g. rounds of 30 days to a
 * year), and the ratio's median, p10–p90 and min–max.
 */
export function report(c: Comparison, unit: string, per = 1): string[] {
  const ratios = sorted(c.ratios);
  const scaled = (ms: readonly number[]) => spread(ms.map((x) => x * per));
  return [
    `  ${c.a.name}: ${scaled(c.aMs)} ms ${unit}`,
    `  ${c.b.name}: ${scaled(c.bMs)} ms ${unit}`,
    `  ${c.a.name} faster by (${c.b.name} ÷ ${c.a.name}, ${ratios.length} interleaved rounds): median ${fixed(quantile(ratios, 0.5), 2)}×, ` +
      `p10–p90 ${fixed(quantile(ratios, 0.1), 2)}–${fixed(quantile(ratios, 0.9), 2)}×, min–max ${fixed(ratios[0]!, 2)}–${fixed(ratios.at(-1)!, 2)}×`,
  ];
}
