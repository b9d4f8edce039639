/**
 * The engine against its own earlier answers: every day of BS 2075–2083, in both models, every limb's parts
 * (index and end moment), sunrise, sunset, moonrise, moonset and the nine grahas, as the straightforward engine
 * of commit 74344b5 (one sampling of the Sun and Moon per day, library searches) computed them, recorded in
 * test/golden/engine/baseline-2075-2083.jsonl. The faster engine (cached interpolation blocks, estimated and
 * refined searches) must stay within BASELINE_TOLERANCE_S of those moments and give the same indexes.
 *
 * The file is rewritten only with UPDATE_GOLDEN=1, which would make the current engine its own baseline:
 * do that only on purpose, and review the diff.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bsToFixed } from '../calendar/bs.ts';
import { modern } from './modern.ts';
import type { Part } from './day.ts';
import { panchangaOfDay } from './panchanga.ts';
import { suryaSiddhanta } from './surya-siddhanta.ts';

const PATH = 'test/golden/engine/baseline-2075-2083.jsonl';
const FROM = bsToFixed({ year: 2075, month: 1, day: 1 });
const TO = bsToFixed({ year: 2084, month: 1, day: 1 });
/** How far a moment may move from the baseline: half a second (the bound). */
const BASELINE_TOLERANCE_S = 0.5;
/** How far a graha's longitude may move: 1e-5° (under 0.5 s of the Moon's motion, 0.04″). */
const LONGITUDE_TOLERANCE_DEG = 1e-5;
const SECONDS_PER_DAY = 86_400;
const LIMB_KEYS = ['tithis', 'nakshatras', 'yogas', 'karanas', 'moonSigns'] as const;

/** A moment as seconds after the day's midnight (UT), to 0.01 s. */
const seconds = (moment: number | null, fixed: number) =>
  moment === null ? null : Math.round((moment - fixed) * SECONDS_PER_DAY * 100) / 100;
const parts = (list: readonly Part[], fixed: number) =>
  list.flatMap((p) => [p.index, seconds(p.endsAt, fixed)!]);

/** Parts of a limb as [index, end in seconds after midnight], flattened: [i1, s1, i2, s2, …]. */
type Parts = number[];
/**
 * One line of the file: [fixed, sunrise, sunset, next sunrise, moonrise, moonset (seconds after the day's
 * midnight UT, null when none), the five limbs of LIMB_KEYS in the Surya Siddhanta model, then in the modern
 * model, then the nine grahas at sunrise as [longitude to 1e-7°, 1 when retrograde]].
 */
interface BaselineDay {
  fixed: number;
  moments: (number | null)[];
  limbs: Parts[];
  grahas: number[][];
}
const MOMENTS = ['sunrise', 'sunset', 'next sunrise', 'moonrise', 'moonset'];
const LIMBS_BY_MODEL = (['surya-siddhanta', 'modern'] as const).flatMap((model) =>
  LIMB_KEYS.map((key) => `${model} ${key}`),
);

function dayOf(fixed: number): BaselineDay {
  const traditional = panchangaOfDay(fixed, { tithiModel: suryaSiddhanta, limbModel: suryaSiddhanta });
  const day = panchangaOfDay(fixed, { tithiModel: modern, limbModel: modern });
  const moments = [day.sunrise, day.sunset, day.nextSunrise, day.moonrise, day.moonset];
  return {
    fixed,
    moments: moments.map((m) => seconds(m, fixed)),
    limbs: [traditional, day].flatMap((record) => LIMB_KEYS.map((key) => parts(record[key], fixed))),
    grahas: day.grahas.map((g) => [Math.round(g.longitude * 1e7) / 1e7, g.retrograde ? 1 : 0]),
  };
}
const lineOf = (day: BaselineDay) => JSON.stringify([day.fixed, ...day.moments, ...day.limbs, day.grahas]);
function dayFromLine(line: string): BaselineDay {
  const values = JSON.parse(line) as unknown[];
  return {
    fixed: values[0] as number,
    moments: values.slice(1, 1 + MOMENTS.length) as (number | null)[],
    limbs: values.slice(1 + MOMENTS.length, 1 + MOMENTS.length + LIMBS_BY_MODEL.length) as Parts[],
    grahas: values.at(-1) as number[][],
  };
}

describe('the engine against its recorded answers for BS 2075–2083 (rewritten only with UPDATE_GOLDEN=1)', () => {
  if (process.env.UPDATE_GOLDEN === '1') {
    mkdirSync('test/golden/engine', { recursive: true });
    const lines: string[] = [];
    for (let fixed = FROM; fixed < TO; fixed++) lines.push(lineOf(dayOf(fixed)));
    writeFileSync(PATH, lines.join('\n') + '\n');
  }
  // A missing baseline fails rather than being written: only UPDATE_GOLDEN=1 writes one.
  it(`${PATH} exists`, () => expect(existsSync(PATH), `${PATH} is missing`).toBe(true));
  if (!existsSync(PATH)) return;
  const baseline = readFileSync(PATH, 'utf8').trim().split('\n').map(dayFromLine);

  it('covers every day of the nine years', () => expect(baseline.length).toBe(TO - FROM));

  it(`gives the same indexes, and moments within ${BASELINE_TOLERANCE_S} s, on every day and in both models`, () => {
    const off: string[] = [];
    let worst = 0;
    const near = (what: string, ours: number | null, theirs: number | null) => {
      if (ours === null || theirs === null) {
        if (ours !== theirs) off.push(`${what}: ${ours} vs ${theirs}`);
        return;
      }
      worst = Math.max(worst, Math.abs(ours - theirs));
      if (Math.abs(ours - theirs) > BASELINE_TOLERANCE_S) off.push(`${what}: ${ours} s vs ${theirs} s`);
    };
    for (const expected of baseline) {
      const actual = dayOf(expected.fixed);
      const at = `day ${expected.fixed}`;
      MOMENTS.forEach((what, i) => near(`${at} ${what}`, actual.moments[i]!, expected.moments[i]!));
      LIMBS_BY_MODEL.forEach((what, i) => {
        const ours = actual.limbs[i]!;
        const theirs = expected.limbs[i]!;
        const indexes = (list: Parts) => list.filter((_, j) => j % 2 === 0).join();
        if (indexes(ours) !== indexes(theirs)) off.push(`${at} ${what}: ${ours.join()} vs ${theirs.join()}`);
        else
          for (let j = 1; j < ours.length; j += 2) near(`${at} ${what} end ${j >> 1}`, ours[j]!, theirs[j]!);
      });
      actual.grahas.forEach(([longitude, retrograde], i) => {
        const [expectedLongitude, expectedRetrograde] = expected.grahas[i]!;
        const d = Math.abs(((longitude! - expectedLongitude! + 540) % 360) - 180);
        if (d > LONGITUDE_TOLERANCE_DEG || retrograde !== expectedRetrograde)
          off.push(
            `${at} graha ${i}: ${longitude} ${retrograde} vs ${expectedLongitude} ${expectedRetrograde}`,
          );
      });
    }
    expect(off.slice(0, 20)).toEqual([]);
    expect(worst).toBeLessThanOrEqual(BASELINE_TOLERANCE_S);
  });
});
