/**
 * What comes next: the festivals and public holidays of the days from today in Nepal (or from another day), across
 * the BS year boundary (Chaitra → Baisakh), from the per-year festival listings (the files /api/festivals serves).
 */
import { fixedRange, fixedToBs } from '../calendar/bs.ts';
import { InvalidQueryError } from '../calendar/errors.ts';
import type { Lang } from '../calendar/names.ts';
import { fixedFromGregorian, isoFromFixed } from '../calendar/time.ts';
import type { FestivalYear } from '../contract/festival.ts';
import { DEFAULT_UPCOMING_DAYS, MAX_SPAN_DAYS, type Upcoming } from '../contract/span.ts';

/** Reads the festival listing of one BS year in a language; null when the deployment has none. */
export type FestivalYearReader = (year: number, lang: Lang) => Promise<FestivalYear | null>;

/**
 * The `days` query: a whole number 1–MAX_SPAN_DAYS, DEFAULT_UPCOMING_DAYS when absent. Throws InvalidQueryError naming `days`.
 */
export function upcomingDays(text: string | null): number {
  if (text === null || text === '') return DEFAULT_UPCOMING_DAYS;
  const days = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
  if (!(days >= 1 && days <= MAX_SPAN_DAYS))
    throw new InvalidQueryError(
      'days',
      `days must be a whole number 1–${MAX_SPAN_DAYS}, got "${text.slice(0, 20)}"`,
    );
  return days;
}

/** Years (BS) whose listings hold the `days` days from `today`, up to the end of the supported range. */
export function yearsOfUpcoming(today: number, days: number): number[] {
  const years: number[] = [];
  const last = fixedToBs(upcomingSpan(today, days).last).year;
  for (let year = fixedToBs(today).year; year <= last; year++) years.push(year);
  return years;
}

/**
 * The span an upcoming answer looks at: `days` days from `first` (fixed), cut at the end of the supported range
 * (BS 2200 Chaitra), so that `from`, `to` and `days` always agree. Example: `upcomingSpan(first, 30).to`.
 */
export function upcomingSpan(
  first: number,
  days: number,
): { from: string; to: string; days: number; last: number } {
  const last = Math.min(first + days - 1, fixedRange.max);
  return { from: isoFromFixed(first), to: isoFromFixed(last), days: last - first + 1, last };
}

/**
 * Festivals and holidays on the `days` days from `today` (fixed, a Nepal civil day; today included), in date
 * order, from the listings of the years yearsOfUpcoming names (a missing listing is skipped: the answer then
 * ends at the built range).
 */
export function upcomingOf(
  today: number,
  days: number,
  listings: readonly (FestivalYear | null)[],
): Upcoming {
  const { from, to, days: looked } = upcomingSpan(today, days);
  const festivals = listings
    .flatMap((listing) => listing?.festivals ?? [])
    .map((festival) => {
      const [y, m, d] = festival.englishDate.split('-').map(Number) as [number, number, number];
      return { ...festival, inDays: fixedFromGregorian(y, m, d) - today };
    })
    .filter((festival) => festival.inDays >= 0 && festival.inDays < looked)
    .sort((a, b) => a.inDays - b.inDays);
  return { from, to, days: looked, festivals };
}

/**
 * upcomingOf with the listings read through `readYear`.
 * Example: `await upcomingFestivals(nepalToday(Date.now()), 30, 'en', readYear)`.
 */
export async function upcomingFestivals(
  today: number,
  days: number,
  lang: Lang,
  readYear: FestivalYearReader,
): Promise<Upcoming> {
  const listings = await Promise.all(yearsOfUpcoming(today, days).map((year) => readYear(year, lang)));
  return upcomingOf(today, days, listings);
}
