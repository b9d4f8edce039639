/**
 * GET /api/festivals/upcoming?days=N&lang= — the festivals and public holidays of the N days from today in Nepal
 * (default 30, at most 366), across the BS year boundary, from the per-year festival files; cached until the
 * next Nepal midnight.
 */
import type { Lang } from '../../../src/calendar/names.ts';
import { nepalToday } from '../../../src/calendar/time.ts';
import { upcomingDays, upcomingFestivals, type FestivalYearReader } from '../../../src/festivals/upcoming.ts';
import { readJsonAsset } from '../../../src/http/assets.ts';
import { cached, untilNepalMidnight } from '../../../src/http/cache.ts';
import { nowMs, type Env } from '../../../src/http/env.ts';
import { ok, problemFromError } from '../../../src/http/problem.ts';
import { langParam } from '../../../src/http/static-api.ts';

export const onRequestGet: PagesFunction<Env> = async ({ request, env }) => {
  const url = new URL(request.url);
  const lang = langParam(url);
  if (lang instanceof Response) return lang;
  const now = nowMs(env);
  try {
    const days = upcomingDays(url.searchParams.get('days'));
    const readYear: FestivalYearReader = (year: number, lang: Lang) =>
      readJsonAsset(env.ASSETS, url, `/api/festivals/${year}${lang === 'en' ? '.en' : ''}`);
    const answer = await upcomingFestivals(nepalToday(now), days, lang, readYear);
    return cached(request, ok(answer), untilNepalMidnight(now));
  } catch (error) {
    return problemFromError(error);
  }
};
