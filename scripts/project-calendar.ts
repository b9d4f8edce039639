/**
 * Projects the BS years outside the published table (BS 1900–1969 and 2084–2200) with the Surya Siddhanta
 * month-start rule (src/engine/month-start.ts) into data/calendar/projection.json, each year marked
 * "projection" and each near-boundary month (sankranti within 30 minutes of its cut-off) flagged.
 * Where the rule's first day disagrees with the end of the adjoining published year, the published table wins
 * and the year says so. Deterministic: `npm run check:generated` regenerates and fails if the file changes.
 *
 * Usage: npm run generate:calendar
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { calendarTableSchema } from '../src/contract/calendar-table.ts';
import { NEAR_BOUNDARY_MINUTES, projectedYear } from '../src/engine/month-start.ts';
import { fixedFromGregorian, isoFromFixed } from '../src/calendar/time.ts';
import { dataFileText } from '../src/almanac/month-check.ts';

export const PROJECTION_FROM = 1900;
export const PROJECTION_TO = 2200;
const OUT = 'data/calendar/projection.json';

const published = calendarTableSchema.parse(
  JSON.parse(readFileSync('data/calendar/month-lengths.json', 'utf8')),
);
const publishedYears = Object.keys(published.years).map(Number);
const firstPublished = Math.min(...publishedYears);
const lastPublished = Math.max(...publishedYears);
const startOf = (year: number) => {
  const [y, m, d] = published.years[String(year)]!.firstDayAD.split('-').map(Number) as [
    number,
    number,
    number,
  ];
  return fixedFromGregorian(y, m, d);
};

const years: Record<string, unknown> = {};
const round1 = (x: number) => Math.round(x * 10) / 10;
const add = (
  year: number,
  firstFixed: number,
  lengths: number[],
  near: { month: number; minutesFromCutoff: number }[],
  note?: string,
) => {
  years[String(year)] = {
    lengths,
    days: lengths.reduce((a, b) => a + b, 0),
    firstDayAD: isoFromFixed(firstFixed),
    status: 'projection',
    nearBoundary: near.map((n) => ({ month: n.month, minutesFromCutoff: round1(n.minutesFromCutoff) })),
    ...(note ? { note } : {}),
  };
};

// Before the table: project backwards so the last projected year ends the day before the first published one.
const before: [number, ReturnType<typeof projectedYear>][] = [];
for (let year = PROJECTION_FROM; year < firstPublished; year++) before.push([year, projectedYear(year)]);
for (const [i, [year, p]] of before.entries()) {
  const nextStart = i + 1 < before.length ? before[i + 1]![1].firstFixed : startOf(firstPublished);
  const lengths = [...p.lengths];
  const chaitraEnd = p.firstFixed + lengths.reduce((a, b) => a + b, 0);
  let note: string | undefined;
  if (chaitraEnd !== nextStart) {
    lengths[11]! += nextStart - chaitraEnd;
    note = `Chaitra adjusted by ${nextStart - chaitraEnd} day(s) to join the next year's start`;
  }
  add(year, p.firstFixed, lengths, p.nearBoundaryMonths, note);
}

// After the table: the first projected year starts the day after the last published year ends.
let start = startOf(lastPublished) + published.years[String(lastPublished)]!.days;
for (let year = lastPublished + 1; year <= PROJECTION_TO; year++) {
  const p = projectedYear(year);
  const lengths = [...p.lengths];
  let note: string | undefined;
  if (p.firstFixed !== start) {
    lengths[0]! -= start - p.firstFixed;
    note = `Baisakh adjusted by ${p.firstFixed - start} day(s): the year starts the day after the previous year ends`;
  }
  add(year, start, lengths, p.nearBoundaryMonths, note);
  start += lengths.reduce((a, b) => a + b, 0);
}

const table = {
  about: `Projected BS years ${PROJECTION_FROM}–${firstPublished - 1} and ${lastPublished + 1}–${PROJECTION_TO}: no published almanac; computed, not official.`,
  generatedBy: 'scripts/project-calendar.ts',
  model: 'surya-siddhanta',
  rule: `Month m starts at the Surya Siddhanta sankranti of 30°·(m−1) on the Nepal civil date containing it; Shrawan: before sunrise → previous day; Magh: after sunset → next day. nearBoundary: sankranti within ${NEAR_BOUNDARY_MINUTES} minutes of its cut-off.`,
  years: Object.fromEntries(Object.entries(years).sort(([a], [b]) => Number(a) - Number(b))),
};
writeFileSync(OUT, dataFileText(calendarTableSchema.parse(table)));
console.log(`${OUT}: ${Object.keys(years).length} projected years`);
