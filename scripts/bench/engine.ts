/**
 * Full Panchanga records per second: our engine (secant searches over both models) against a straightforward
 * baseline that runs one astronomy-engine search per element per day (Search over the modern elongation,
 * Moon and Sun + Moon longitudes, SearchRiseSet for the sunrise of each day), in the same process.
 */
import { Body, MakeTime, Observer, Search, SearchRiseSet, type AstroTime } from 'astronomy-engine';
import { bsToFixed } from '../../src/calendar/bs.ts';
import { J2000_FIXED_MOMENT } from '../../src/calendar/time.ts';
import {
  DEG_PER_KARANA,
  DEG_PER_NAKSHATRA,
  DEG_PER_RASHI,
  DEG_PER_TITHI,
} from '../../src/engine/elements.ts';
import { grahaPositions } from '../../src/engine/grahas.ts';
import { modern, modernMoonLongitude, modernSunLongitude } from '../../src/engine/modern.ts';
import { panchangaOfDay } from '../../src/engine/panchanga.ts';
import { suryaSiddhanta } from '../../src/engine/surya-siddhanta.ts';
import { KATHMANDU_LATITUDE_DEG, KATHMANDU_LONGITUDE_DEG } from '../../src/engine/sun.ts';

const kathmandu = new Observer(KATHMANDU_LATITUDE_DEG, KATHMANDU_LONGITUDE_DEG, 0);
const moment = (t: AstroTime) => t.ut + J2000_FIXED_MOMENT;
const mod = (x: number, m: number) => ((x % m) + m) % m;

/** The baseline: one library search per element per day. */
function baselineDay(fixed: number): number {
  const start = MakeTime(fixed - 0.25 - J2000_FIXED_MOMENT);
  const rise = SearchRiseSet(Body.Sun, kathmandu, +1, start, 1)!;
  const set = SearchRiseSet(Body.Sun, kathmandu, -1, rise, 1)!;
  SearchRiseSet(Body.Moon, kathmandu, +1, start, 1);
  SearchRiseSet(Body.Moon, kathmandu, -1, start, 1);
  let total = set.ut;
  const angles: [(m: number) => number, number][] = [
    [(m) => mod(modernMoonLongitude(m) - modernSunLongitude(m), 360), DEG_PER_TITHI],
    [(m) => mod(modernMoonLongitude(m) - modernSunLongitude(m), 360), DEG_PER_KARANA],
    [(m) => modernMoonLongitude(m), DEG_PER_NAKSHATRA],
    [(m) => mod(modernMoonLongitude(m) + modernSunLongitude(m), 360), DEG_PER_NAKSHATRA],
    [(m) => modernMoonLongitude(m), DEG_PER_RASHI],
  ];
  for (const [angle, part] of angles) {
    const at = angle(moment(rise));
    const target = (Math.floor(at / part) + 1) * part;
    const found = Search((t) => mod(angle(moment(t)) - target + 180, 360) - 180, rise, rise.AddDays(1.3));
    total += found?.ut ?? 0;
  }
  // Planetary positions are evaluations, not searches: the same call as ours, so the ratio compares searching.
  total += grahaPositions(modern, moment(rise)).length;
  return total;
}

const RUNS = 5;

/**
 * The median of RUNS timings of `day` over every day of a BS year, in ms a year. Each run takes a different
 * year (from `firstYear` on), so nothing computed in one run is reused by the next.
 */
function yearTime(firstYear: number, day: (fixed: number) => number): number {
  const runs: number[] = [];
  let sink = 0;
  for (let i = 0; i < RUNS; i++) {
    const from = bsToFixed({ year: firstYear + i, month: 1, day: 1 });
    const to = bsToFixed({ year: firstYear + i + 1, month: 1, day: 1 });
    const start = performance.now();
    for (let f = from; f < to; f++) sink += day(f);
    runs.push(performance.now() - start);
  }
  if (sink === 0) throw new Error('benchmark optimised away');
  return runs.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
}

export function engineBench(): string[] {
  const ours = yearTime(2083, (f) => panchangaOfDay(f).tithis.length);
  const lean = yearTime(2093, (f) => panchangaOfDay(f, { lean: true }).tithis.length);
  // Every element in each model: a traditional record and a modern one of the same day.
  const both = yearTime(
    2103,
    (f) =>
      panchangaOfDay(f, { tithiModel: suryaSiddhanta, limbModel: suryaSiddhanta }).tithis.length +
      panchangaOfDay(f, { tithiModel: modern, limbModel: modern }).tithis.length,
  );
  const baseline = yearTime(2083, baselineDay);
  let sink = 0;
  const rangeFrom = bsToFixed({ year: 1970, month: 1, day: 1 });
  const rangeTo = bsToFixed({ year: 2151, month: 1, day: 1 });
  const rangeStart = performance.now();
  for (let f = rangeFrom; f < rangeTo; f++) sink += panchangaOfDay(f).tithis.length;
  const range = performance.now() - rangeStart;
  if (sink === 0) throw new Error('benchmark optimised away');
  return [
    `engine: BS 2083–${2083 + RUNS - 1}, a year of full records (sunrise, sunset, moonrise, moonset, tithi, nakshatra, yoga, karana, signs, 9 grahas, windows)`,
    `  ours (median of ${RUNS} years): ${ours.toFixed(0)} ms a year; both models for every element: ${both.toFixed(0)} ms a year; month-file records (tithi, sunrise, sunset): ${lean.toFixed(0)} ms a year`,
    `  baseline (one astronomy-engine search per element per day, same graha positions): ${baseline.toFixed(0)} ms a year`,
    `  ratio (baseline / ours, full records): ${(baseline / ours).toFixed(2)}× faster`,
    `engine: BS 1970–2150 full records (${rangeTo - rangeFrom} days, once): ${(range / 1000).toFixed(1)} s = ${((range / (rangeTo - rangeFrom)) * 365.25).toFixed(0)} ms a year`,
  ];
}
