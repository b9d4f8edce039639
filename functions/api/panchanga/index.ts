/**
 * /api/panchanga: GET today's record; POST (admin) one day's correction.
 *
 * GET /api/panchanga?lang=[&place=|lat=&lon=[&tz=&elevation=]] — today's full record in Nepal (UTC+05:45, whatever
 * the server's zone; the day changes at 18:15 UTC), cacheable until the next Nepal midnight and no longer. At a
 * place: the place's today, its sunrise, tithi and clock times (festivals stay Nepal's), until its midnight.
 */
import { applyDayUpdate, baselineFromServed } from '../../../src/admin/changes.ts';
import { adminSource } from '../../../src/admin/import.ts';
import { daysInBsMonth } from '../../../src/calendar/bs.ts';
import { nepalToday } from '../../../src/calendar/time.ts';
import { zonedToday } from '../../../src/calendar/zone.ts';
import { dayUpdateSchema } from '../../../src/contract/admin.ts';
import type { MonthFile } from '../../../src/contract/day-record.ts';
import { adminGuard, commitMonthChange, dataRepository, readBody } from '../../../src/http/admin.ts';
import { readJsonAsset } from '../../../src/http/assets.ts';
import { cached, untilMidnightIn, untilNepalMidnight } from '../../../src/http/cache.ts';
import { nowMs, type Env } from '../../../src/http/env.ts';
import { fullDayResponse } from '../../../src/http/full-day.ts';
import { placeParam } from '../../../src/http/params.ts';
import { problem, problemFromError } from '../../../src/http/problem.ts';
import { langParam } from '../../../src/http/static-api.ts';

export const onRequestGet: PagesFunction<Env> = async ({ request, env }) => {
  const url = new URL(request.url);
  const lang = langParam(url);
  if (lang instanceof Response) return lang;
  const place = placeParam(url);
  if (place instanceof Response) return place;
  const now = nowMs(env);
  // At a place, "today" is the place's own date, and the answer keeps until its midnight.
  const today = place ? zonedToday(now, place.timeZone) : nepalToday(now);
  try {
    return cached(
      request,
      await fullDayResponse(env.ASSETS, url, today, lang, place),
      place ? untilMidnightIn(now, place.timeZone) : untilNepalMidnight(now),
    );
  } catch (error) {
    return problemFromError(error);
  }
};

/**
 * POST /api/panchanga {year, month, gate, set, source?} — add or update one day's curated record (one commit).
 * A month without curated records starts from what the site serves (tithi and holiday of each day).
 */
export const onRequestPost: PagesFunction<Env> = async ({ request, env }) => {
  const user = await adminGuard(request, env, nowMs(env));
  if (user instanceof Response) return user;
  const update = await readBody(request, dayUpdateSchema, 'day update');
  if (update instanceof Response) return update;
  const { year, month, gate } = update;
  try {
    if (gate > daysInBsMonth(year, month))
      return problem(
        'bad-request',
        `BS ${year}-${month} has ${daysInBsMonth(year, month)} days, not ${gate}`,
        {
          field: 'gate',
        },
      );
  } catch (error) {
    return problemFromError(error, 'year');
  }
  const repository = dataRepository(env);
  if (repository instanceof Response) return repository;
  const url = new URL(request.url);
  return commitMonthChange(repository, {
    year,
    month,
    user,
    action: 'Set',
    change: async (stored) => {
      const base =
        stored ??
        (await readJsonAsset<MonthFile>(
          env.ASSETS,
          url,
          `/api/panchanga/${year}/${String(month).padStart(2, '0')}`,
        ));
      if (!base) return problem('not-found', `BS ${year}-${month} is not in this deployment's built range.`);
      return applyDayUpdate(
        stored ?? baselineFromServed(base as MonthFile),
        update,
        update.source ?? adminSource(user),
      );
    },
  });
};
