/**
 * GET /api/date-converter?date=YYYY-MM-DD&from=ad|bs&lang=ne|en — convert a date between AD and BS.
 * Devanagari digits are accepted; without `from` the calendar is inferred and the answer says how.
 */
import { convertDate } from '../../src/calendar/convert.ts';
import { CACHE, cached } from '../../src/http/cache.ts';
import type { Env } from '../../src/http/env.ts';
import { ok, problem, problemFromError } from '../../src/http/problem.ts';
import { langParam } from '../../src/http/static-api.ts';

export const onRequestGet: PagesFunction<Env> = async ({ request }) => {
  const url = new URL(request.url);
  const date = url.searchParams.get('date');
  if (!date)
    return problem('bad-request', 'date is required, e.g. ?date=2082-01-01&from=bs', { field: 'date' });
  const from = url.searchParams.get('from');
  if (from !== null && from !== 'ad' && from !== 'bs') {
    return problem('bad-request', `from must be "ad" or "bs", got "${from.slice(0, 20)}"`, { field: 'from' });
  }
  const lang = langParam(url);
  if (lang instanceof Response) return lang;
  try {
    return cached(request, ok(convertDate(date, from ?? undefined, lang)), CACHE.computed);
  } catch (error) {
    return problemFromError(error, 'date');
  }
};
