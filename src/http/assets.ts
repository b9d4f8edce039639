/** Reading the deployment's static API files from a function (Cloudflare Pages `env.ASSETS`). */
import { monthFromAnswer, type DayRecord, type MonthAnswer, type MonthFile } from '../contract/day-record.ts';
import { STATIC_FILES, staticFileData } from '../contract/endpoints.ts';
import type { MuhuratYear } from '../contract/muhurat.ts';
import { rowsFile } from '../contract/rows.ts';
import type { PackedDay, PackedHead } from '../engine/packed-days.ts';
import type { MuhuratDays } from '../almanac/muhurat.ts';
import { KEPT_MS } from './cache.ts';

/** A static file's response when it is there (200), else null (its body released). */
async function assetResponse(assets: Fetcher, base: URL, path: string): Promise<Response | null> {
  const response = await assets.fetch(new URL(path, base.origin));
  if (response.status === 200) return response;
  await response.body?.cancel();
  return null;
}

/** Parsed year files kept by this isolate, newest last: path → the asset's ETag, its JSON and when it was read or asked. */
const parsed = new Map<string, { etag: string; json: unknown; askedAt: number }>();
/** How many parsed files an isolate keeps. */
const PARSED_FILES = 16;

/**
 * The JSON of a static file, or null when absent. With `keep` (for a year's file, which the requests of every
 * day of the year read), a file the asset server answers with an ETag is parsed once per isolate and kept: answered
 * as kept for KEPT_MS after it was read (a read of the asset server costs a request in workerd about 0.25 ms, whatever
 * the file's size: scripts/bench/README.md, session 61), then kept while its ETag stays the same, asked again each
 * KEPT_MS. The value is shared, so readers must not change it (src/http/assets.test.ts checks that every route
 * reading one answers the same the second time). It is not frozen: freezing a muhurat year file took 3.7 ms of a
 * first request, four times its parse. Month files are not kept: requests that walk over dates would keep replacing
 * them, and the parsed months that outlived a few requests made old-generation garbage (the by-English-date bench's
 * warm p99 went from 4 to 7 ms when they were kept).
 * Example: `await assetJson(env.ASSETS, url, '/api/muhurats/2083', true)`.
 */
export async function assetJson(assets: Fetcher, base: URL, path: string, keep = false): Promise<unknown> {
  const kept = keep ? parsed.get(path) : undefined;
  const now = Date.now();
  if (kept) parsed.delete(path);
  if (kept && now - kept.askedAt < KEPT_MS) {
    parsed.set(path, kept);
    return kept.json;
  }
  const response = await assetResponse(assets, base, path);
  if (!response) return null;
  const etag = response.headers.get('ETag');
  if (etag && kept?.etag === etag) {
    await response.body?.cancel();
    parsed.set(path, { ...kept, askedAt: now });
    return kept.json;
  }
  if (!keep || !etag) return response.json();
  const json = await response.json();
  parsed.set(path, { etag, json, askedAt: now });
  if (parsed.size > PARSED_FILES) parsed.delete(parsed.keys().next().value!);
  return json;
}

/**
 * The JSON of a static file (its `data` when it is a `{success, data}` envelope), or null when absent; `keep`:
 * a year's file, kept parsed (assetJson).
 */
export async function readJsonAsset<T>(
  assets: Fetcher,
  base: URL,
  path: string,
  keep = false,
): Promise<T | null> {
  const body = await assetJson(assets, base, path, keep);
  return body === null ? null : staticFileData<T>(body);
}

/**
 * The reader of a BS year's muhurat files (the main one for `null`, else a category's own), kept parsed: what
 * src/almanac/muhurat.ts readMuhuratYear reads them with.
 * Example: `readMuhuratYear(['pasni'], muhuratFileReader(env.ASSETS, url, 2084))`.
 */
export function muhuratFileReader(
  assets: Fetcher,
  base: URL,
  year: number,
): (category: string | null) => Promise<MuhuratYear | null> {
  return (category) =>
    readJsonAsset<MuhuratYear>(assets, base, STATIC_FILES.muhurats(year, category ?? undefined), true);
}

/** A month file of the deployment (its day records and facts), or null when the month is not built. */
export async function readMonthAsset(
  assets: Fetcher,
  base: URL,
  year: number,
  month: number,
  lang: 'ne' | 'en' = 'ne',
): Promise<MonthFile | null> {
  const answer = (await assetJson(assets, base, STATIC_FILES.month(year, month, lang))) as MonthAnswer | null;
  return answer && monthFromAnswer(answer);
}

/** The bytes of a static file, or null when absent. */
async function assetBytes(assets: Fetcher, base: URL, path: string): Promise<Uint8Array | null> {
  const response = await assetResponse(assets, base, path);
  return response ? new Uint8Array(await response.arrayBuffer()) : null;
}

/**
 * The record of day `index` (0 = the month's first) from a month file, or null when the month is not built: the
 * day's line alone is parsed (src/contract/rows.ts), the whole file only when it is laid out otherwise.
 */
export async function readMonthDay(
  assets: Fetcher,
  base: URL,
  year: number,
  month: number,
  lang: 'ne' | 'en',
  index: number,
): Promise<DayRecord | null> {
  const bytes = await readMonthBytes(assets, base, year, month, lang);
  if (bytes === null) return null;
  return (rowsFile(bytes, 'data').row(index) as DayRecord | undefined) ?? null;
}

/** A month file's bytes (its JSON, laid out by rows), or null when the month is not built. */
export function readMonthBytes(
  assets: Fetcher,
  base: URL,
  year: number,
  month: number,
  lang: 'ne' | 'en',
): Promise<Uint8Array | null> {
  return assetBytes(assets, base, STATIC_FILES.month(year, month, lang));
}

/** An id's occurrences over the built years (STATIC_FILES.festivalById), or null when no built year holds it. */
export function readFestivalIdBytes(
  assets: Fetcher,
  base: URL,
  id: string,
  lang: 'ne' | 'en',
): Promise<Uint8Array | null> {
  return assetBytes(assets, base, STATIC_FILES.festivalById(id, lang));
}

/** A BS year's stored sky (src/engine/sky.ts) as doubles, or null when the deployment has none for it. */
export async function readSkyAsset(assets: Fetcher, base: URL, year: number): Promise<Float64Array | null> {
  const response = await assetResponse(assets, base, STATIC_FILES.sky(year));
  if (!response) return null;
  const buffer = await response.arrayBuffer();
  return buffer.byteLength % Float64Array.BYTES_PER_ELEMENT === 0 ? new Float64Array(buffer) : null;
}

/**
 * The head of a month's stored days (written by scripts/api-year.ts): what unpacking a day needs
 * (src/engine/packed-days.ts) and the muhurat categories of the month's days, so that a full day record reads them
 * with its day instead of from a file of their own (one asset read fewer: by-English-date in workerd, interleaved,
 * warm median 1.90 → 1.76 and 1.71 → 1.53 ms, p99 3.85 → 3.36 and 3.80 → 2.96 ms); absent from a deployment built
 * before they were stored here.
 */
export interface StoredMonthHead extends PackedHead {
  readonly muhurats?: MuhuratDays;
}

/**
 * One line of a month's stored days: the engine's day packed, and the day's record as the month files give it in
 * Nepali and in English, so that a full day record reads one file, not its month file besides (by-English-date in
 * workerd, eight interleaved processes each: warm median 2.26 → 1.92 ms, p99 3.96 → 3.37 ms). A deployment built
 * before they were stored here has the packed day alone on the line.
 */
export type StoredDayRow = readonly [day: PackedDay, ne: DayRecord, en: DayRecord];

/** A stored day read back: the packed day, and its records when the deployment stores them with it. */
export interface StoredDay {
  readonly head: StoredMonthHead;
  readonly day: PackedDay | undefined;
  readonly records: Readonly<Record<'ne' | 'en', DayRecord>> | null;
}

/**
 * Day `index` of a month's stored Kathmandu days with the month's head, or null when this deployment has none for
 * it: the day's line alone is parsed, as readMonthDay does.
 */
export async function readStoredDay(
  assets: Fetcher,
  base: URL,
  year: number,
  month: number,
  index: number,
): Promise<StoredDay | null> {
  const bytes = await assetBytes(assets, base, STATIC_FILES.storedDays(year, month));
  if (bytes === null) return null;
  const file = rowsFile(bytes, 'days');
  const head = file.rest() as StoredMonthHead;
  const row = file.row(index) as StoredDayRow | PackedDay | undefined;
  // A packed day begins with its sunrise (a number); a stored row with the packed day (an array).
  if (row && Array.isArray(row[0])) {
    const [day, ne, en] = row as StoredDayRow;
    return { head, day, records: { ne, en } };
  }
  return { head, day: row as PackedDay | undefined, records: null };
}
