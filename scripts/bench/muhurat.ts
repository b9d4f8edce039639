/**
 * The CPU time to compute a BS year's muhurats (every category with rules), as the build does for each year it
 * writes: the year's full day Panchangas, its lunations and eclipses, and every rule on every day. The baseline is
 * the year's full Panchangas alone, so the ratio is what the rules cost on top of the engine. Both sides in one
 * process, interleaved after a warm-up (scripts/bench/measure.ts), each round on a year neither side nor any other
 * benchmark of `npm run bench` has computed (the engine's interpolation blocks would otherwise be warm for one of
 * them): the muhurats on BS 2140 + r, the Panchangas on BS 2170 + r.
 */
import { bsToFixed } from '../../src/calendar/bs.ts';
import { computeYear } from '../../src/almanac/muhurat-engine.ts';
import { MUHURAT_RULES } from '../../src/almanac/muhurat-rules.ts';
import { panchangaOfDay } from '../../src/engine/panchanga.ts';
import { compare, report } from './measure.ts';

const ROUNDS = 15;
const WARMUP = 4;
/** The first year of each side's rounds (round r: this + WARMUP + r); far from the years the other benches use. */
const MUHURAT_YEARS = 2140;
const PANCHANGA_YEARS = 2170;

const muhurats = (year: number) => [...computeYear(year).values()].reduce((n, d) => n + d.length, 0);

function panchangas(year: number): number {
  const from = bsToFixed({ year, month: 1, day: 1 });
  const to = bsToFixed({ year: year + 1, month: 1, day: 1 });
  let sink = 0;
  for (let f = from; f < to; f++) sink += panchangaOfDay(f).nakshatras.length;
  return sink;
}

export function muhuratBench(): string[] {
  const c = compare(
    { name: 'panchangas alone', run: (r) => panchangas(PANCHANGA_YEARS + WARMUP + r) },
    { name: 'muhurats', run: (r) => muhurats(MUHURAT_YEARS + WARMUP + r) },
    ROUNDS,
    WARMUP,
  );
  const counts = [...computeYear(2104).entries()].map(([cat, d]) => `${cat} ${d.length}`).join(', ');
  return [
    `muhurat: CPU time to compute a BS year's muhurats (${[...MUHURAT_RULES.keys()].join(', ')}): Panchangas, lunations, eclipses, every rule on every day; against the year's full Panchangas alone`,
    ...report(c, 'a year'),
    `  BS 2104 gives ${counts}`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(muhuratBench().join('\n'));
}
