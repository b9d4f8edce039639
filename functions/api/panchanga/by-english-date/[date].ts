/**
 * GET /api/panchanga/by-english-date/{YYYY-MM-DD}?lang=[&place=|lat=&lon=[&tz=&elevation=]] — the full record of
 * an AD date, at Kathmandu or at a place (its sunrise, tithi at sunrise and clock times; festivals stay Nepal's).
 */
import { adToFixed } from '../../../../src/calendar/bs.ts';
import { parseDateInput } from '../../../../src/calendar/convert.ts';
import { CACHE, cached } from '../../../../src/http/cache.ts';
import type { Env } from '../../../../src/http/env.ts';
import { fullDayResponse } from '../../../../src/http/full-day.ts';
import { placeParam } from '../../../../src/http/params.ts';
import { problem, problemFromError } from '../../../../src/http/problem.ts';
import { langParam } from '../../../../src/http/static-api.ts';

export const onRequestGet: PagesFunction<Env, 'date'> = async ({ request, env, params }) => {
  const url = new URL(request.url);
  const text = String(params.date);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    return problem('bad-request', `date must be YYYY-MM-DD, got "${text.slice(0, 20)}"`, { field: 'date' });
  }
  const lang = langParam(url);
  if (lang instanceof Response) return lang;
  const place = placeParam(url);
  if (place instanceof Response) return place;
  let fixed: number;
  try {
    fixed = adToFixed(parseDateInput(text));
    return cached(request, await fullDayResponse(env.ASSETS, url, fixed, lang, place), CACHE.computed);
  } catch (error) {
    return problemFromError(error, 'date');
  }
};
