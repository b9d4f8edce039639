/**
 * Today and by-English-date at Kathmandu read the engine's day, its records and its muhurats from the build's stored
 * days (src/engine/packed-days.ts, src/http/assets.ts), one file, instead of computing it and reading its month file:
 * through the router in-process, over the files of BS 2083 as the build writes them (scripts/api-year.ts), every
 * day of the year answers byte for byte what the engine computes when no stored days are deployed, and its
 * nakshatra, yoga and karana agree with the printed almanac (../shared/data/almanac/2083.jsonl) as often as the
 * engine does. A place still computes.
 */
import { describe, expect, it, vi } from 'vitest';
import { loadAllCurated, loadMuhuratFiles } from '../almanac/curated.ts';
import { KARANAS, NAKSHATRAS, YOGAS, indexOfName, type Name } from '../calendar/names.ts';
import { STATIC_FILES } from '../contract/endpoints.ts';
import { jsonWithRows } from '../contract/rows.ts';
import { sharingDays } from '../engine/panchanga.ts';
import { FestivalCalendar } from '../festivals/festivals.ts';
import { almanacYear, readSharedJson } from '../../test/support/shared-data.ts';
import { apiYear } from '../../scripts/api-year.ts';
import { BUILD_ACCESS_PATH } from './auth.ts';
import { createApp } from './app.ts';
import type { Env } from './env.ts';

const YEAR = 2083;
const curated = loadAllCurated();
const festivals = new FestivalCalendar({ curated });

/** The files of BS 2083 as the build writes them (scripts/api-year.ts), by path: JSON text, the sky as bytes. */
const files = new Map<string, string | Uint8Array>();
sharingDays(() =>
  apiYear({ write: (path, body) => files.set(path, body) }, YEAR, curated, loadMuhuratFiles(), festivals),
);
const SKY = STATIC_FILES.sky(YEAR);

/** How many times the functions read a stored month of days, and a year's sky; every path read, in order. */
let storedReads = 0;
let skyReads = 0;
const paths: string[] = [];
const STORED_MONTH = /^\/api\/stored-days\/\d+\/\d\d$/;

/** The files with each JSON one changed (the sky left as it is). */
const changed = (change: (path: string, json: string) => string) =>
  new Map([...files].map(([path, body]) => [path, typeof body === 'string' ? change(path, body) : body]));
/** The same files as plain JSON, a day's records not a line each (a deployment built before src/contract/rows.ts). */
const plainFiles = changed((_, body) => JSON.stringify(JSON.parse(body)));
/** The stored days of a day without its records: the packed day alone on each line (a deployment built before). */
const packedOnly = (body: string) => {
  const file = JSON.parse(body) as { days: unknown[][] };
  expect(Array.isArray(file.days[0]![0])).toBe(true);
  return { ...file, days: file.days.map((row) => row[0]) };
};
/** The stored days without their records, the days alone on the lines (a deployment built before session 30). */
const withoutRecords = changed((path, body) =>
  STORED_MONTH.test(path) ? jsonWithRows(packedOnly(body), 'days') : body,
);
/** The stored days without their records and muhurats (a deployment built before they were stored with the days). */
const olderFiles = changed((path, body) => {
  if (!STORED_MONTH.test(path)) return body;
  const { muhurats, ...packed } = packedOnly(body) as unknown as { muhurats: unknown };
  expect(muhurats).toBeTruthy();
  return JSON.stringify(packed);
});

/**
 * env.ASSETS over those files; `stored: false` is a deployment without stored days or sky (the function computes).
 */
function envWith(stored: boolean, now?: string, source = files): Env {
  const ASSETS = {
    fetch: async (input: RequestInfo | URL) => {
      const path = new URL(String(input)).pathname;
      paths.push(path);
      if (stored && STORED_MONTH.test(path)) storedReads++;
      if (stored && path === SKY) skyReads++;
      const body = stored || !(STORED_MONTH.test(path) || path === SKY) ? source.get(path) : undefined;
      return body === undefined ? new Response('not found', { status: 404 }) : new Response(body as BodyInit);
    },
  } as unknown as Fetcher;
  return { DEFAULT_MOBILE_TOKEN: TOKEN, ASSETS, ...(now ? { DEV_MODE: 'true', FIXED_NOW: now } : {}) };
}
const TOKEN = 'in-process-token';
const app = createApp();

async function get(path: string, env: Env): Promise<{ status: number; text: string }> {
  const res = await app.request(
    `https://panchanga.test${path}`,
    { headers: { Authorization: `Bearer ${TOKEN}` } },
    env,
  );
  return { status: res.status, text: await res.text() };
}

const almanac = almanacYear(YEAR);
const withStored = envWith(true);
const computing = envWith(false);

describe('a Kathmandu day read from the stored days', () => {
  it('answers every day of BS 2083, in both languages, exactly as the engine computes it', async () => {
    const readsBefore = storedReads;
    for (const [i, day] of almanac.entries()) {
      const lang = i % 2 ? 'en' : 'ne';
      const path = `/api/panchanga/by-english-date/${day.ad}?lang=${lang}`;
      const [read, computed] = [await get(path, withStored), await get(path, computing)];
      expect(read.status, path).toBe(200);
      expect(read.text, path).toBe(computed.text);
    }
    expect(storedReads - readsBefore).toBe(almanac.length);
  }, 120_000);

  it('reads a day whether its files have a line a day or are plain JSON', async () => {
    const plain = envWith(true, undefined, plainFiles);
    expect(plainFiles.get(STATIC_FILES.month(YEAR, 1, 'en'))).not.toContain('\n');
    expect(String(files.get(STATIC_FILES.month(YEAR, 1, 'en'))).split('\n')).toHaveLength(31 + 2);
    for (const day of almanac.filter((_, i) => i % 7 === 0)) {
      const path = `/api/panchanga/by-english-date/${day.ad}?lang=en`;
      const [lines, whole] = [await get(path, withStored), await get(path, plain)];
      expect(lines.status, path).toBe(200);
      expect(lines.text, path).toBe(whole.text);
    }
  }, 120_000);

  it('reads one file for a day, its stored days (its records and muhurats among them); its month file and a year’s lists without them', async () => {
    const day = '2026-11-23'; // BS 2083-08-07
    for (const lang of ['ne', 'en']) {
      paths.length = 0;
      const read = await get(`/api/panchanga/by-english-date/${day}?lang=${lang}`, withStored);
      expect(read.status).toBe(200);
      expect(paths).toEqual([STATIC_FILES.storedDays(YEAR, 8)]);
      paths.length = 0;
      const before = await get(
        `/api/panchanga/by-english-date/${day}?lang=${lang}`,
        envWith(true, undefined, withoutRecords),
      );
      expect(before.text).toBe(read.text);
      // (A new env reads the build's access file once, as an isolate does.)
      expect(paths.filter((path) => path !== BUILD_ACCESS_PATH)).toEqual([
        STATIC_FILES.storedDays(YEAR, 8),
        STATIC_FILES.month(YEAR, 8, lang as 'ne'),
      ]);
      paths.length = 0;
      const older = await get(
        `/api/panchanga/by-english-date/${day}?lang=${lang}`,
        envWith(true, undefined, olderFiles),
      );
      expect(older.text).toBe(read.text);
      expect(paths).toContain(STATIC_FILES.muhurats(YEAR));
    }
    // Days with muhurats, so that the comparisons above and below are of something.
    let withMuhurats = 0;
    for (const day of almanac.filter((_, i) => i % 5 === 0)) {
      const path = `/api/panchanga/by-english-date/${day.ad}?lang=en`;
      const [read, before, older] = [
        await get(path, withStored),
        await get(path, envWith(true, undefined, withoutRecords)),
        await get(path, envWith(true, undefined, olderFiles)),
      ];
      expect(before.text, path).toBe(read.text);
      expect(older.text, path).toBe(read.text);
      if (JSON.parse(read.text).data.muhurats.length > 0) withMuhurats++;
    }
    expect(withMuhurats).toBeGreaterThan(20);
  }, 120_000);

  it('answers today from them too', async () => {
    const path = '/api/panchanga?lang=en';
    const now = '2026-11-23T03:00:00Z';
    const read = await get(path, envWith(true, now));
    expect(read.status).toBe(200);
    expect(read.text).toBe((await get(path, envWith(false, now))).text);
    expect(JSON.parse(read.text).data.bsDate).toBe('2083-08-07');
  });

  it('agrees with the printed almanac on nakshatra, yoga and karana as the engine does', async () => {
    const agree = { nakshatra: 0, yoga: 0, karana: 0 };
    const same = (names: readonly Name[], ours: string, printed: string) =>
      indexOfName(names, ours) >= 0 && indexOfName(names, ours) === indexOfName(names, printed);
    let printedDays = 0;
    for (const day of almanac) {
      const printed = day as typeof day & { nakshatra?: string; yoga?: string; karana?: string };
      if (!printed.nakshatra || !printed.yoga || !printed.karana) continue;
      printedDays++;
      const { data } = JSON.parse((await get(`/api/panchanga/by-english-date/${day.ad}`, withStored)).text);
      if (same(NAKSHATRAS, data.nakshatra.name, printed.nakshatra)) agree.nakshatra++;
      if (same(YOGAS, data.yoga.name, printed.yoga)) agree.yoga++;
      if (same(KARANAS, data.karana.name, printed.karana)) agree.karana++;
    }
    // The almanac prints the element current at sunrise, computed with a modern ephemeris (Lahiri), as the
    // engine does (364, 360 and 364 of 365 days agree); a change within minutes of sunrise may differ.
    expect(printedDays).toBeGreaterThan(300);
    for (const [element, count] of Object.entries(agree))
      expect(count / printedDays, element).toBeGreaterThan(0.98);
  }, 120_000);

  it("lists each day's muhurats as the published lists of 2083 give them, at Kathmandu and at a place", async () => {
    const shared = readSharedJson<{
      years: Record<string, Record<string, Record<string, { ad: string }[]>>>;
    }>('muhurat/muhurat-2075-2083.json').years[String(YEAR)]!;
    const listed = new Map<string, string[]>();
    for (const [name, bySource] of Object.entries(shared)) {
      const category = name === 'annaprashan_pasni' ? 'pasni' : name;
      if (!['bibaha', 'bratabandha', 'pasni'].includes(category)) continue;
      for (const day of Object.values(bySource)[0]!)
        listed.set(day.ad, [...(listed.get(day.ad) ?? []), category]);
    }
    expect(listed.size).toBeGreaterThan(60);
    for (const [ad, categories] of listed) {
      for (const place of ['', '?place=london']) {
        const { data } = JSON.parse(
          (await get(`/api/panchanga/by-english-date/${ad}${place}`, withStored)).text,
        );
        const found = (data.muhurats as { category: string; estimated: boolean }[]).filter((m) =>
          ['bibaha', 'bratabandha', 'pasni'].includes(m.category),
        );
        expect(found.map((m) => m.category).sort(), ad).toEqual([...categories].sort());
        expect(
          found.every((m) => !m.estimated),
          ad,
        ).toBe(true);
      }
    }
  }, 120_000);

  it('computes at a place (no stored day there) from the year’s stored sky, as without it, read once', async () => {
    // A fresh app (its modules evaluated again): an engine that holds no block of the year, as a new isolate.
    vi.resetModules();
    const fresh = (await import('./app.ts')).createApp();
    const freshGet = async (path: string) => {
      const res = await fresh.request(
        `https://panchanga.test${path}`,
        { headers: { Authorization: `Bearer ${TOKEN}` } },
        withStored,
      );
      return { status: res.status, text: await res.text() };
    };
    const path = '/api/panchanga/by-english-date/2026-11-23?place=london';
    const readsBefore = skyReads;
    const [read, computed] = [await freshGet(path), await get(path, computing)];
    expect(read.status).toBe(200);
    expect(read.text).toBe(computed.text);
    expect(JSON.parse(read.text).data.place).toBeTruthy();
    expect(skyReads - readsBefore).toBe(1);
    // The blocks seeded stay: the same day again, another day of the year and a span in it read no sky again.
    expect((await freshGet(path)).text).toBe(computed.text);
    expect((await freshGet('/api/panchanga/by-english-date/2027-02-01?place=london')).status).toBe(200);
    const span = await freshGet('/api/panchanga/range?from=2026-11-20&to=2026-11-26&place=pokhara');
    expect(span.status).toBe(200);
    expect(skyReads - readsBefore).toBe(1);
  });
});
