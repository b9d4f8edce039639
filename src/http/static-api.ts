/**
 * Which static file answers an API path. Month files live at the clean URL without an extension
 * (`/api/panchanga/2083/01`), their English form beside them with `.en`; `?lang=en` selects it and a
 * one-digit month is accepted. The webcal feed `/api/v1/calendar.ics?lang=&holidays=&include=` selects one of
 * the feed files. Returns the asset with its type and cache policy, a problem to answer, or null when the path
 * is not static.
 */
import { BS_MAX_YEAR, BS_MIN_YEAR, bsYearStatus } from '../calendar/bs.ts';
import { FEED_HOLIDAYS, FEED_INCLUDES, FEED_VARIANTS, feedVariant } from '../feed/variants.ts';
import { CACHE } from './cache.ts';
import { JSON_TYPE, problem } from './problem.ts';

export type Lang = 'ne' | 'en';

/** Read `lang` (default ne). Returns a problem response for any other value. */
export function langParam(url: URL): Lang | Response {
  const lang = url.searchParams.get('lang') ?? 'ne';
  if (lang === 'ne' || lang === 'en') return lang;
  return problem('bad-request', `lang must be "ne" or "en", got "${lang.slice(0, 20)}"`, { field: 'lang' });
}

/** A query parameter that must be one of `allowed` (the first is the default), or the problem naming it. */
function choiceParam<T extends string>(url: URL, name: string, allowed: readonly T[]): T | Response {
  const value = url.searchParams.get(name) ?? allowed[0]!;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  return problem(
    'bad-request',
    `${name} must be ${allowed.map((a) => `"${a}"`).join(' or ')}, got "${value.slice(0, 20)}"`,
    { field: name },
  );
}

const MONTH_PATH = /^\/api\/panchanga\/([^/]+)\/([^/]+)\/?$/;
const LISTINGS = ['/api/panchanga/available-months'];
/** The feed's public path, and where the build writes its files (scripts/build-feed.ts). */
export const FEED_PATH = '/api/v1/calendar.ics';
export const FEED_ASSET_DIR = '/api/v1/feeds';
/** The feed files by their own paths (`/api/v1/feeds/calendar.en.ics`): served like the feed. */
const FEED_FILES = new Set(FEED_VARIANTS.map((v) => `${FEED_ASSET_DIR}/${v.file}`));

/** Whether a path is the webcal feed (by its public path or a feed file's), where `?token=` is accepted. */
export function isFeedPath(path: string): boolean {
  return path === FEED_PATH || FEED_FILES.has(path);
}
const CALENDAR_TYPE = 'text/calendar; charset=utf-8';
/** The OpenAPI document: public, like any documentation (scripts/build-contract.ts writes it). */
export const OPENAPI_PATH = '/api/openapi.json';

export interface StaticTarget {
  assetPath: string;
  contentType: string;
  cacheControl: string;
}

function isPublished(year: number): boolean {
  try {
    return bsYearStatus(year) === 'published';
  } catch {
    return false;
  }
}

function feedTarget(url: URL): StaticTarget | Response {
  const lang = langParam(url);
  if (lang instanceof Response) return lang;
  const holidays = choiceParam(url, 'holidays', FEED_HOLIDAYS);
  if (holidays instanceof Response) return holidays;
  const include = choiceParam(url, 'include', FEED_INCLUDES);
  if (include instanceof Response) return include;
  return {
    assetPath: `${FEED_ASSET_DIR}/${feedVariant(lang, holidays, include).file}`,
    contentType: CALENDAR_TYPE,
    cacheControl: CACHE.feed,
  };
}

export function staticTarget(url: URL): StaticTarget | Response | null {
  const path = url.pathname;
  if (path === FEED_PATH) return feedTarget(url);
  if (FEED_FILES.has(path)) return { assetPath: path, contentType: CALENDAR_TYPE, cacheControl: CACHE.feed };
  if (path === OPENAPI_PATH) return { assetPath: path, contentType: JSON_TYPE, cacheControl: CACHE.computed };
  if (LISTINGS.includes(path.replace(/\/$/, ''))) {
    const lang = langParam(url);
    if (lang instanceof Response) return lang;
    return {
      assetPath: path.replace(/\/$/, '') + (lang === 'en' ? '.en' : ''),
      contentType: JSON_TYPE,
      cacheControl: CACHE.computed,
    };
  }
  const month = path.match(MONTH_PATH);
  if (!month || month[1] === 'by-english-date') return null;
  const [, yearText, monthText] = month as unknown as [string, string, string];
  if (!/^\d{4}$/.test(yearText)) {
    return problem('bad-request', `year must be four digits, got "${yearText.slice(0, 20)}"`, {
      field: 'year',
    });
  }
  const year = Number(yearText);
  if (year < BS_MIN_YEAR || year > BS_MAX_YEAR) {
    return problem(
      'out-of-range',
      `BS year ${year} is outside the supported range ${BS_MIN_YEAR}–${BS_MAX_YEAR}`,
      { field: 'year' },
    );
  }
  if (!/^\d{1,2}$/.test(monthText) || Number(monthText) < 1 || Number(monthText) > 12) {
    return problem('bad-request', `month must be 1–12, got "${monthText.slice(0, 20)}"`, { field: 'month' });
  }
  const lang = langParam(url);
  if (lang instanceof Response) return lang;
  return {
    assetPath: `/api/panchanga/${yearText}/${monthText.padStart(2, '0')}${lang === 'en' ? '.en' : ''}`,
    contentType: JSON_TYPE,
    cacheControl: isPublished(Number(yearText)) ? CACHE.publishedMonth : CACHE.computed,
  };
}
