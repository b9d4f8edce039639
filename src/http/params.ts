/** Query parameters shared by several endpoints, each returning a value or the problem to answer. */
import { BS_MAX_YEAR, BS_MIN_YEAR, fixedToBs } from '../calendar/bs.ts';
import { resolvePlace, type ResolvedPlace } from '../calendar/places.ts';
import { nepalToday } from '../calendar/time.ts';
import { problem, problemFromError } from './problem.ts';
import { langParam, type Lang } from './static-api.ts';

/** `year`: a BS year within the supported range; `fallback` when absent. */
export function bsYearParam(url: URL, fallback: number): number | Response {
  const text = url.searchParams.get('year');
  if (text === null || text === '') return fallback;
  if (!/^\d{4}$/.test(text)) {
    return problem('bad-request', `year must be a four-digit BS year, got "${text.slice(0, 20)}"`, {
      field: 'year',
    });
  }
  const year = Number(text);
  if (year < BS_MIN_YEAR || year > BS_MAX_YEAR) {
    return problem(
      'out-of-range',
      `BS year ${year} is outside the supported range ${BS_MIN_YEAR}–${BS_MAX_YEAR}`,
      {
        field: 'year',
      },
    );
  }
  return year;
}

/**
 * `year` (default: the current BS year in Nepal at `nowMs`) and `lang` of a per-year listing, or the problem.
 * Example: `const query = yearAndLang(url, nowMs(env)); if (query instanceof Response) return query;`
 */
export function yearAndLang(url: URL, nowMs: number): { year: number; lang: Lang } | Response {
  const year = bsYearParam(url, fixedToBs(nepalToday(nowMs)).year);
  if (year instanceof Response) return year;
  const lang = langParam(url);
  if (lang instanceof Response) return lang;
  return { year, lang };
}

/**
 * The place of a day query: `place=<id>`, or `lat`, `lon` with optional `tz` and `elevation`; null without
 * one (Kathmandu). Returns the 400 problem naming the field for bad input.
 */
export function placeParam(url: URL): ResolvedPlace | null | Response {
  const q = url.searchParams;
  try {
    return resolvePlace({
      place: q.get('place'),
      lat: q.get('lat'),
      lon: q.get('lon'),
      tz: q.get('tz'),
      elevation: q.get('elevation'),
    });
  } catch (error) {
    return problemFromError(error);
  }
}
