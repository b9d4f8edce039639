/**
 * GET /api/panchanga/range?from=YYYY-MM-DD&to=YYYY-MM-DD&lang=[&place=|lat=&lon=[&tz=&elevation=]] — the day
 * records of an AD span of at most 366 days, in order, read from the month files (and at a place when asked).
 */
import type { Lang } from '../../../src/calendar/names.ts';
import { placeEcho } from '../../../src/calendar/places.ts';
import type { MonthFile } from '../../../src/contract/day-record.ts';
import { readJsonAsset } from '../../../src/http/assets.ts';
import { CACHE, cached } from '../../../src/http/cache.ts';
import type { Env } from '../../../src/http/env.ts';
import { placeParam } from '../../../src/http/params.ts';
import { ok, problem, problemFromError } from '../../../src/http/problem.ts';
import { langParam } from '../../../src/http/static-api.ts';
import { daysOfSpan, MissingMonthError, spanDates, spanOf } from '../../../src/panchanga/span.ts';

export const onRequestGet: PagesFunction<Env> = async ({ request, env }) => {
  const url = new URL(request.url);
  const lang = langParam(url);
  if (lang instanceof Response) return lang;
  const place = placeParam(url);
  if (place instanceof Response) return place;
  try {
    const span = spanOf(url.searchParams.get('from'), url.searchParams.get('to'));
    const readMonth = (year: number, month: number, lang: Lang) =>
      readJsonAsset<MonthFile>(
        env.ASSETS,
        url,
        `/api/panchanga/${year}/${String(month).padStart(2, '0')}${lang === 'en' ? '.en' : ''}`,
      );
    const days = await daysOfSpan(span, lang, readMonth, place);
    const answer = { ...spanDates(span), ...(place ? { place: placeEcho(place, lang) } : {}), days };
    return cached(request, ok(answer), CACHE.computed);
  } catch (error) {
    if (error instanceof MissingMonthError) return problem('not-found', error.message);
    return problemFromError(error);
  }
};
