/**
 * The full record of one day for a function: the day's record as its month file gives it (stored with the month's
 * days, through env.ASSETS, so curated data as deployed wins) with every element of the engine and the day's
 * muhurats (published or computed, stored with the month's days) added. At Kathmandu the engine's day is read
 * from the build's stored days (src/engine/packed-days.ts) and computed only when the deployment has none for its
 * month; at another place it is computed, from the year's stored sky (src/http/sky.ts).
 */
import { bsMonthStartFixed, fixedToBs } from '../calendar/bs.ts';
import type { Lang } from '../calendar/names.ts';
import { placeEcho, type ResolvedPlace } from '../calendar/places.ts';
import {
  KNOWN_CATEGORIES,
  muhuratDayIndex,
  muhuratsOfDay,
  readMuhuratYear,
  type MuhuratDays,
} from '../almanac/muhurat.ts';
import { kathmanduFullRecord } from '../almanac/full-record.ts';
import { unpackStoredDay } from '../engine/packed-days.ts';
import { muhuratFileReader, readMonthDay, readStoredDay } from './assets.ts';
import { ApiProblem } from './problem.ts';
import { seedSkyOfDays } from './sky.ts';

/**
 * The full record of a civil day (fixed), at Kathmandu or at a place (echoed in the answer); a 404 problem (thrown)
 * when its month is not built.
 */
export async function fullDayAnswer(
  assets: Fetcher,
  url: URL,
  fixed: number,
  lang: Lang,
  place: ResolvedPlace | null = null,
): Promise<object> {
  const bs = fixedToBs(fixed);
  const index = fixed - bsMonthStartFixed(bs.year, bs.month);
  // The stored days hold the day's record in both languages and the month's muhurat categories, at a place too
  // (where the day itself is computed); a deployment built before they held the records reads its month file.
  const stored = await readStoredDay(assets, url, bs.year, bs.month, index);
  const base = stored?.records?.[lang] ?? (await readMonthDay(assets, url, bs.year, bs.month, lang, index));
  if (!base) {
    throw new ApiProblem(
      'not-found',
      `BS ${bs.year}-${bs.month} is not in this deployment's built range; see /api/panchanga/available-months.`,
    );
  }
  const muhuratDays = stored?.head.muhurats ?? (await yearMuhuratDays(assets, url, bs.year));
  const muhurats = muhuratsOfDay(muhuratDays, bs.month, bs.day, lang);
  // The engine is loaded only when a day must be computed, and not through the day records' module: a module
  // imported dynamically keeps all its exports in the bundle, and records.ts's would bring the glossary.
  if (!place) {
    const day = stored ? unpackStoredDay(stored.head, stored.day, fixed) : null;
    if (day) return kathmanduFullRecord(base, day, lang, muhurats);
    const { panchangaOfDay } = await import('../engine/panchanga.ts');
    return kathmanduFullRecord(base, panchangaOfDay(fixed), lang, muhurats);
  }
  const [{ fullDayRecordAt }] = await Promise.all([
    import('../almanac/at-place.ts'),
    seedSkyOfDays(assets, url, fixed, fixed),
  ]);
  return { ...fullDayRecordAt(base, fixed, lang, muhurats, place), place: placeEcho(place, lang) };
}

/**
 * The muhurat days of a year from its lists (every category's file), for a deployment whose stored days do not
 * hold them (one built before they did, or without stored days).
 */
async function yearMuhuratDays(assets: Fetcher, url: URL, year: number): Promise<MuhuratDays | null> {
  const file = await readMuhuratYear(KNOWN_CATEGORIES, muhuratFileReader(assets, url, year));
  return file && muhuratDayIndex(file).days;
}
