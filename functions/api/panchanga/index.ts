/**
 * GET /api/panchanga?lang= — today's full record in Nepal (UTC+05:45, whatever the server's zone; the day
 * changes at 18:15 UTC), cacheable until the next Nepal midnight and no longer.
 */
import { nepalToday } from '../../../src/calendar/time.ts';
import { cached, untilNepalMidnight } from '../../../src/http/cache.ts';
import { nowMs, type Env } from '../../../src/http/env.ts';
import { fullDayResponse } from '../../../src/http/full-day.ts';
import { problemFromError } from '../../../src/http/problem.ts';
import { langParam } from '../../../src/http/static-api.ts';

export const onRequestGet: PagesFunction<Env> = async ({ request, env }) => {
  const url = new URL(request.url);
  const lang = langParam(url);
  if (lang instanceof Response) return lang;
  const now = nowMs(env);
  try {
    return cached(
      request,
      await fullDayResponse(env.ASSETS, url, nepalToday(now), lang),
      untilNepalMidnight(now),
    );
  } catch (error) {
    return problemFromError(error);
  }
};
