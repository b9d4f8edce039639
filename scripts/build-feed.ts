/**
 * Writes the webcal feed after the static API: `dist/api/v1/feeds/{variant}.ics` for every variant of
 * src/feed/feed.ts, holding the BS years around the current one in Nepal (FEED_YEARS_BEFORE and
 * FEED_YEARS_AFTER, default 1 and 1). The middleware serves them at /api/v1/calendar.ics?lang=&holidays=&include=.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { BS_MAX_YEAR, BS_MIN_YEAR, fixedToBs } from '../src/calendar/bs.ts';
import { nepalToday } from '../src/calendar/time.ts';
import { buildFeed, libraryFeedSource } from '../src/feed/feed.ts';
import { FEED_VARIANTS } from '../src/feed/variants.ts';
import { FEED_ASSET_DIR } from '../src/contract/endpoints.ts';
import { loadAllCurated, loadMuhuratFiles } from '../src/panchanga/curated.ts';

export const FEED_DIR = FEED_ASSET_DIR.slice(1);

function countFromEnv(name: string): number {
  const value = Number(process.env[name] ?? 1);
  if (!Number.isInteger(value) || value < 0 || value > 10)
    throw new Error(`${name} must be a whole number of years 0–10, got ${process.env[name]}`);
  return value;
}

const started = performance.now();
const DIST = process.env.DIST_DIR ?? 'dist';
const current = fixedToBs(nepalToday(Date.now())).year;
const from = Math.max(BS_MIN_YEAR, current - countFromEnv('FEED_YEARS_BEFORE'));
const to = Math.min(BS_MAX_YEAR, current + countFromEnv('FEED_YEARS_AFTER'));
const years = Array.from({ length: to - from + 1 }, (_, i) => from + i);

const source = libraryFeedSource(years, loadAllCurated(), loadMuhuratFiles());
mkdirSync(`${DIST}/${FEED_DIR}`, { recursive: true });
for (const variant of FEED_VARIANTS)
  writeFileSync(`${DIST}/${FEED_DIR}/${variant.file}`, buildFeed(source, variant));
console.log(
  `${DIST}/${FEED_DIR}: ${FEED_VARIANTS.length} feeds for BS ${from}–${to} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
