/**
 * The full record of one day for a function: the day's record from its month file (through env.ASSETS, so
 * curated data as deployed wins) with every element of the engine and the day's muhurat categories added.
 */
import { bsMonthStartFixed, fixedToBs } from '../calendar/bs.ts';
import type { Lang } from '../calendar/names.ts';
import { STATIC_FILES } from '../contract/endpoints.ts';
import type { MuhuratFile } from '../contract/muhurat.ts';
import { muhuratCategoriesOfDay } from '../muhurat/muhurat.ts';
import { fullDayRecord } from '../panchanga/records.ts';
import { readJsonAsset, readMonthAsset } from './assets.ts';
import { ok, problem } from './problem.ts';

/** Answer the full record of a civil day (fixed), or a 404 problem when its month is not built. */
export async function fullDayResponse(
  assets: Fetcher,
  url: URL,
  fixed: number,
  lang: Lang,
): Promise<Response> {
  const bs = fixedToBs(fixed);
  const [month, muhurats] = await Promise.all([
    readMonthAsset(assets, url, bs.year, bs.month, lang),
    readJsonAsset<MuhuratFile>(assets, url, STATIC_FILES.muhurats(bs.year)),
  ]);
  const base = month?.days[fixed - bsMonthStartFixed(bs.year, bs.month)];
  if (!base) {
    return problem(
      'not-found',
      `BS ${bs.year}-${bs.month} is not in this deployment's built range; see /api/panchanga/available-months.`,
    );
  }
  return ok(fullDayRecord(base, fixed, lang, muhuratCategoriesOfDay(muhurats, bs.month, bs.day)));
}
