/**
 * /api/panchanga: GET today's record; POST (admin) one day's correction.
 *
 * GET /api/panchanga?lang= — today's full record in Nepal (UTC+05:45, whatever the server's zone; the day
 * changes at 18:15 UTC), cacheable until the next Nepal midnight and no longer.
 */
import { applyDayUpdate, baselineFromServed } from '../../../src/admin/changes.ts';
import { adminSource } from '../../../src/admin/import.ts';
import { daysInBsMonth } from '../../../src/calendar/bs.ts';
import { nepalToday } from '../../../src/calendar/time.ts';
import { dayUpdateSchema } from '../../../src/contract/admin.ts';
import type { MonthFile } from '../../../src/contract/day-record.ts';
import { adminGuard, baseOf, commitEdit, dataRepository, readBody } from '../../../src/http/admin.ts';
import { readJsonAsset } from '../../../src/http/assets.ts';
import { cached, untilNepalMidnight } from '../../../src/http/cache.ts';
import { nowMs, type Env } from '../../../src/http/env.ts';
import { fullDayResponse } from '../../../src/http/full-day.ts';
import { problem, problemFromError } from '../../../src/http/problem.ts';
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

/**
 * POST /api/panchanga {year, month, gate, set, source?, base} — add or update one day's curated record (one
 * commit), made from the version `base` (or `If-Match`) the admin page read: 409 with what changed when that day
 * changed since; applied on the newer version when only other days or months did. A month without curated
 * records starts from what the site serves (tithi and holiday of each day).
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
  const base = baseOf(request, update.base);
  if (base instanceof Response) return base;
  const repository = dataRepository(env);
  if (repository instanceof Response) return repository;
  const served = await readJsonAsset<MonthFile>(
    env.ASSETS,
    new URL(request.url),
    `/api/panchanga/${year}/${String(month).padStart(2, '0')}`,
  );
  if (!served) return problem('not-found', `BS ${year}-${month} is not in this deployment's built range.`);
  const baseline = baselineFromServed(served);
  return commitEdit(repository, {
    year,
    month,
    user,
    base,
    action: 'Set',
    scope: [gate],
    view: (stored) => stored ?? baseline,
    apply: (stored) => applyDayUpdate(stored ?? baseline, update, update.source ?? adminSource(user)),
  });
};
