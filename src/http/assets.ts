/** Reading the deployment's static API files from a function (Cloudflare Pages `env.ASSETS`). */
import { monthFromAnswer, type MonthAnswer, type MonthFile } from '../contract/day-record.ts';
import { STATIC_FILES } from '../contract/endpoints.ts';
import type { PackedMonth } from '../engine/packed-days.ts';

/** The JSON of a static file (its `data` when it is a `{success, data}` envelope), or null when absent. */
export async function readJsonAsset<T>(assets: Fetcher, base: URL, path: string): Promise<T | null> {
  const response = await assets.fetch(new URL(path, base.origin));
  if (response.status !== 200) return null;
  const body = (await response.json()) as { success?: boolean; data?: T } | T;
  return body && typeof body === 'object' && 'success' in body && 'data' in body
    ? (body.data as T)
    : (body as T);
}

/** A month file of the deployment (its day records and facts), or null when the month is not built. */
export async function readMonthAsset(
  assets: Fetcher,
  base: URL,
  year: number,
  month: number,
  lang: 'ne' | 'en' = 'ne',
): Promise<MonthFile | null> {
  const response = await assets.fetch(new URL(STATIC_FILES.month(year, month, lang), base.origin));
  if (response.status !== 200) return null;
  return monthFromAnswer((await response.json()) as MonthAnswer);
}

/** A month's stored Kathmandu days, or null when this deployment has none for it. */
export function readStoredDays(
  assets: Fetcher,
  base: URL,
  year: number,
  month: number,
): Promise<PackedMonth | null> {
  return readJsonAsset<PackedMonth>(assets, base, STATIC_FILES.storedDays(year, month));
}
