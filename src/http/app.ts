/**
 * The API's one router (hono, mounted by functions/api/[[route]].ts through `hono/cloudflare-pages`): every
 * route of src/http/routes.ts with its handler (the admin's from src/http/admin-routes.ts), the shared gate (rate
 * limit, token, CORS with preflight, security headers, no-store for admin) as middleware, and every problem
 * rendered in one place. Unknown /api/ paths answer a 404
 * problem, a known path with another method a 405 with `Allow`; HEAD works wherever GET does (hono answers it
 * from the GET route without a body). Handlers only read the validated input, call the library, and shape
 * the answer.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { LinearRouter } from 'hono/router/linear-router';
import { config as zodConfig, type z } from 'zod';
import {
  adToFixed,
  BS_MAX_YEAR,
  BS_MIN_YEAR,
  bsMonthStartFixed,
  bsToFixed,
  bsYearStatus,
  fixedToBs,
} from '../calendar/bs.ts';
import { convertDate, parseDateInput } from '../calendar/convert.ts';
import type { Lang } from '../calendar/names.ts';
import { CalendarError } from '../calendar/errors.ts';
import { GAZETTEER, placeEcho, resolvePlace, type ResolvedPlace } from '../calendar/places.ts';
import { nepalToday } from '../calendar/time.ts';
import { zonedToday } from '../calendar/zone.ts';
import { API_PREFIX, STATIC_FILES } from '../contract/endpoints.ts';
import {
  MAX_ID_MATCHES,
  occurrenceFilter,
  type FestivalId,
  type FestivalYear,
} from '../contract/festival.ts';
import { MUHURAT_CATEGORIES } from '../contract/muhurat.ts';
import { feedVariant } from '../feed/variants.ts';
import { festivalDatesRows, festivalYears } from '../festivals/dates.ts';
import { festivalIdCandidates, type FestivalSearchEntry } from '../festivals/search.ts';
import { upcomingDays, upcomingFestivals, type FestivalYearReader } from '../festivals/upcoming.ts';
import type { MonthReader } from '../almanac/span.ts';
import {
  muhuratFileReader,
  readFestivalIdBytes,
  readJsonAsset,
  readMonthAsset,
  readMonthBytes,
} from './assets.ts';
import { tokenGate } from './auth.ts';
import {
  answerOk,
  CACHE,
  cached,
  cachedOk,
  KeptAnswers,
  KEPT_MS,
  okAnswer,
  untilMidnightIn,
  untilNepalMidnight,
  writtenAnswer,
} from './cache.ts';
import { corsHeaders, isAdminRequest, preflight } from './cors.ts';
import { mountAdmin, type ValidationHook } from './admin-routes.ts';
import { nowMs, type AppContext, type AppEnv, type Env } from './env.ts';
import { API_HEADERS, makePrivate, setHeaders, withHeaders, withSettableHeaders } from './headers.ts';
import { mounter } from './mount.ts';
import { rateLimitProblem, withinRateLimit } from './rate-limit.ts';
import { ApiProblem, issueMessage, JSON_TYPE, okBodyWithRows, problem, problemFromError } from './problem.ts';
import { ROUTES, type ApiRoute } from './routes.ts';
import { seedSkyOfDays } from './sky.ts';

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';
/** Percent-encoded C0 controls and DEL: no API path has them, and file lookups choke on them. */
const CONTROL_CHARACTERS = /%(?:[01][0-9a-f]|7f)/i;

/** A failed validation of path, query or body as a problem naming the first wrong field (422 for bodies). */
const validationProblem: ValidationHook = (result) => {
  if (result.success) return;
  const error = result.error as z.ZodError;
  // The query as asked: a parameter given more than once is a list there.
  const given = result.target === 'query' ? (result as { data?: Record<string, unknown> }).data : undefined;
  const errors = error.issues.map((issue) => ({
    // A key the schema does not have is named itself, as a query parameter an endpoint does not take is.
    field:
      [...issue.path, ...(issue.code === 'unrecognized_keys' ? issue.keys.slice(0, 1) : [])].join('.') ||
      (result.target === 'json' ? '(body)' : result.target),
    message: issueMessage(issue, given?.[String(issue.path[0])]),
  }));
  const first = errors[0]!;
  const body = result.target === 'json' || result.target === 'form';
  throw new ApiProblem(body ? 'unprocessable' : 'bad-request', `${first.field}: ${first.message}`, {
    field: first.field,
    ...(body ? { errors } : {}),
  });
};

/**
 * Paths an app is likely to guess, and where what it wants is (a replacement pattern of the path): the 404 says so.
 */
const NOT_FOUND_HINTS: readonly (readonly [RegExp, string])[] = [
  [
    /^\/api\/panchanga\/(\d{4})\/?$/,
    'a BS year’s days are in its month files, /api/panchanga/$1/01 to /api/panchanga/$1/12',
  ],
  [/^\/api\/(?:panchanga\/)?today\/?$/, 'today’s record is /api/panchanga'],
  [/^\/api\/muhurats\/(\d{4})\/?$/, 'a year’s muhurats are /api/muhurats?year=$1'],
  [/^\/api\/holidays\/?$/, 'the public holidays are /api/festivals?holidays=only'],
  [/^\/api\/(?:convert|converter|date-convert)\/?$/, 'dates are converted at /api/date-converter?date='],
];

/** The methods each declared path answers, for 405 and `Allow`. */
const ROUTE_PATTERNS = Object.values(ROUTES).map((route) => ({
  pattern: new RegExp(`^${route.path.replace(/\{[^/]+\}/g, '[^/]+')}/?$`),
  method: route.method.toUpperCase(),
}));

function allowedMethods(path: string): string[] {
  const methods = ROUTE_PATTERNS.filter((r) => r.pattern.test(path)).map((r) => r.method);
  if (methods.includes('GET')) methods.push('HEAD');
  return [...new Set(methods)];
}

/**
 * Modules only some routes need, loaded by those routes on their first request (dynamic imports): an isolate
 * started for a static file, the converter or the festivals does not evaluate the engine, the muhurat rules,
 * or the glossary (nor the GitHub client: src/http/admin-routes.ts). Bundled into one script (wrangler), they are
 * still parsed, not run.
 */
const lazy = {
  fullDay: () => import('./full-day.ts'),
  span: () => import('../almanac/span.ts'),
  atPlace: () => import('../almanac/at-place.ts'),
  muhurat: () => import('../almanac/muhurat.ts'),
};

/** Today's date (fixed): at a place, the place's own; else Nepal's. */
function todayAt(now: number, place: ResolvedPlace | null): number {
  return place ? zonedToday(now, place.timeZone) : nepalToday(now);
}

/** How many written answers an isolate keeps (src/http/cache.ts KeptAnswers): a few days' and years' worth. */
const KEPT_ANSWERS = 24;

/** Requests that needed a token: their answers are kept out of shared caches. */
const tokenNeeded = new WeakSet<Request>();

/** The token gate (src/http/auth.ts tokenGate): every /api/ request but admin ones, by its canonical path. */
async function requireToken(c: AppContext): Promise<void> {
  const { needed, refused } = await tokenGate(c.req.raw, c.env, c.req.path);
  if (refused) throw new AnswerAsIs(refused);
  if (needed) tokenNeeded.add(c.req.raw);
}

/** The gate of every /api/ request: path sanity, preflight, the rate limit, token (reads). */
const gate: MiddlewareHandler<AppEnv> = async (c, next) => {
  const request = c.req.raw;
  const admin = isAdminRequest(request, c.req.path);
  if (CONTROL_CHARACTERS.test(new URL(request.url).pathname))
    throw new ApiProblem('bad-request', 'The path contains control characters.', { field: 'path' });
  if (request.method === 'OPTIONS') {
    c.res = withHeaders(preflight(request, admin), API_HEADERS);
    return;
  }
  // Before the token: a token guessed at speed is counted too.
  if (!(await withinRateLimit(request, c.env.API_RATE_LIMIT))) throw rateLimitProblem();
  if (!admin) await requireToken(c);
  await next();
};

/** Headers every /api/ answer carries, problems included: CORS, security, and no-store for admin. */
const answerHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const request = c.req.raw;
  if (request.method === 'OPTIONS') return;
  const admin = isAdminRequest(request, c.req.path);
  const response = withSettableHeaders(c.res);
  if (tokenNeeded.has(request) && response.status < 400) makePrivate(response.headers);
  setHeaders(
    response.headers,
    ...(admin ? [{ 'Cache-Control': 'no-store' }] : []),
    corsHeaders(request, admin),
    API_HEADERS,
  );
  if (response === c.res) return;
  // hono copies the old answer's headers onto a new one; clear it first, so `private` is not undone.
  c.res = undefined as unknown as Response;
  c.res = response;
};

/** A static file of the deployment with its type and cache policy, or a 404 problem saying what is missing. */
async function staticFile(
  c: AppContext,
  path: string,
  contentType: string,
  cacheControl: string,
  missing: string,
  field?: string,
): Promise<Response> {
  const asset = await c.env.ASSETS.fetch(new URL(path, c.req.url));
  if (asset.status !== 200) throw new ApiProblem('not-found', missing, field ? { field } : {});
  return cached(c.req.raw, asset, cacheControl, { 'Content-Type': contentType });
}

/**
 * The ids an app may have meant by `query` (festivalIdCandidates), named in `lang`, from the build's search file
 * (kept parsed); none where the deployment has none.
 */
async function festivalIdsNamed(
  c: AppContext,
  lang: Lang,
  query: string,
  limit?: number,
): Promise<FestivalId[]> {
  const path = STATIC_FILES.festivalSearch();
  const entries = await readJsonAsset<FestivalSearchEntry[]>(c.env.ASSETS, new URL(c.req.url), path, true);
  return festivalIdCandidates(entries ?? [], query, lang, limit);
}

/** A BS year within the supported range; a 404 problem naming `year` outside it. */
function supportedYear(text: string | undefined, fallback: number, field = 'year'): number {
  if (text === undefined) return fallback;
  const year = Number(text);
  if (year < BS_MIN_YEAR || year > BS_MAX_YEAR)
    throw new ApiProblem(
      'out-of-range',
      `BS year ${year} is outside the supported range ${BS_MIN_YEAR}–${BS_MAX_YEAR}`,
      { field },
    );
  return year;
}

/** The `category` query of the muhurat routes: each category once, in the order first asked; undefined without one. */
function muhuratCategories(text: string | undefined): string[] | undefined {
  // `bibaha,bibaha` lists the wedding days once.
  return text ? [...new Set(text.split(','))] : undefined;
}

function currentBsYear(env: Env): number {
  return fixedToBs(nepalToday(nowMs(env))).year;
}

/** Run a library call whose calendar errors are about one request field, and name that field in the problem. */
function asField<T>(field: string, call: () => T): T {
  try {
    return call();
  } catch (error) {
    if (error instanceof CalendarError) throw new ApiProblem(error.code, error.message, { field });
    throw error;
  }
}

/** A finished answer (the token gate's 401) passed up through the error path unchanged. */
class AnswerAsIs extends Error {
  readonly response: Response;
  constructor(response: Response) {
    super('answer as is');
    this.response = response;
  }
}

// Request schemas are checked without zod's compiled fast path: workerd forbids the code generation it uses (so the
// edge runs jitless anyway), and elsewhere compiling it costs a cold isolate more than the few checks it speeds up.
zodConfig({ jitless: true });

/** Build the router. Example: `createApp().request('/api/panchanga?lang=en', {}, env)`. */
export function createApp() {
  const app = new Hono<AppEnv>({
    strict: false,
    // LinearRouter: no routing table to compile on an isolate's first request (hono's advice for cold starts); with
    // the few routes here a warm match costs no more than the default's.
    router: new LinearRouter(),
  });
  // Each route with the validators its declaration implies, as @hono/zod-openapi mounts them (src/http/mount.ts).
  const openapi = mounter(app, validationProblem as never);
  app.use(`${API_PREFIX}*`, answerHeaders, gate);
  /** Answers many requests share, written once and kept a minute (under every policy they are sent with). */
  const kept = new KeptAnswers(KEPT_ANSWERS, KEPT_MS);

  /**
   * An answer over the days from a first day (the upcoming festivals and muhurats): from the day `from` names (AD,
   * the same answer every time; not kept, days asked once each would fill the isolate), or from today in Nepal,
   * kept under `key` and cached until the next Nepal midnight. A `from` that is no day answers 400, one outside the
   * supported range 404, naming `from`.
   */
  async function upcomingAnswer(
    c: AppContext,
    from: string | undefined,
    key: string,
    upcoming: (first: number) => Promise<unknown>,
  ): Promise<Response> {
    if (from !== undefined) {
      const first = asField('from', () => adToFixed(parseDateInput(from)));
      asField('from', () => fixedToBs(first));
      return cachedOk(c.req.raw, await upcoming(first), CACHE.computed);
    }
    const now = nowMs(c.env);
    const today = nepalToday(now);
    const answer = await kept.answer(`${key} ${today}`, () => upcoming(today));
    return answerOk(c.req.raw, answer, untilNepalMidnight(now));
  }

  /**
   * The day records of a span (fixed days) computed at a place, from the month files `readMonth` gives: the engine
   * and the span's stored sky are loaded first.
   */
  async function daysAtPlace(
    c: AppContext,
    span: { from: number; to: number },
    lang: Lang,
    place: ResolvedPlace,
    readMonth: MonthReader,
  ) {
    const [{ dayRecordAt }, { daysOfSpan }] = await Promise.all([
      lazy.atPlace(),
      lazy.span(),
      seedSkyOfDays(c.env.ASSETS, new URL(c.req.url), span.from, span.to),
    ]);
    return daysOfSpan(span, lang, readMonth, (day, fixed) => dayRecordAt(day, fixed, lang, place));
  }

  /**
   * The full record of day `fixed` (at a place, or Kathmandu), with `policy`. Today's record at Kathmandu or at a place
   * of the gazetteer is what every request of the day asks for, by /api/panchanga or by its date: written once an
   * isolate. Any other day, or a day at coordinates, is built each time (kept, days asked once each would fill the
   * old generation: scripts/bench/README.md).
   */
  async function dayAnswer(
    c: AppContext,
    { fixed, today }: { fixed: number; today: number },
    lang: Lang,
    place: ResolvedPlace | null,
    policy: string,
  ): Promise<Response> {
    const { fullDayAnswer } = await lazy.fullDay();
    const record = () => fullDayAnswer(c.env.ASSETS, new URL(c.req.url), fixed, lang, place);
    if (fixed !== today || (place && !place.id)) return cachedOk(c.req.raw, await record(), policy);
    return answerOk(
      c.req.raw,
      await kept.answer(`today ${place?.id ?? ''} ${fixed} ${lang}`, record),
      policy,
    );
  }

  openapi(ROUTES.today, async (c) => {
    const { lang, ...where } = c.req.valid('query');
    const place = resolvePlace(where);
    const now = nowMs(c.env);
    const today = todayAt(now, place);
    // The answer keeps until the next midnight (the place's own).
    const policy = place ? untilMidnightIn(now, place.timeZone) : untilNepalMidnight(now);
    return dayAnswer(c, { fixed: today, today }, lang, place, policy);
  });

  openapi(ROUTES.byEnglishDate, async (c) => {
    const { date } = c.req.valid('param');
    const { lang, ...where } = c.req.valid('query');
    const place = resolvePlace(where);
    const fixed = asField('date', () => adToFixed(parseDateInput(date)));
    return dayAnswer(c, { fixed, today: todayAt(nowMs(c.env), place) }, lang, place, CACHE.computed);
  });

  openapi(ROUTES.byBsDate, async (c) => {
    const { year, month, day } = c.req.valid('param');
    const { lang, ...where } = c.req.valid('query');
    const place = resolvePlace(where);
    const date = { year: supportedYear(year, 0), month: Number(month), day: Number(day) };
    const fixed = asField('day', () => bsToFixed(date));
    return dayAnswer(c, { fixed, today: todayAt(nowMs(c.env), place) }, lang, place, CACHE.computed);
  });

  openapi(ROUTES.range, async (c) => {
    const { from, to, lang, ...where } = c.req.valid('query');
    const place = resolvePlace(where);
    const { MissingMonthError, spanDates, spanDaysBytes, spanOf } = await lazy.span();
    const span = spanOf(from, to);
    const url = new URL(c.req.url);
    try {
      if (!place) {
        // At Kathmandu the days are the month files' lines, joined as they are.
        const days = await spanDaysBytes(span, lang, (year, month, lang) =>
          readMonthBytes(c.env.ASSETS, url, year, month, lang),
        );
        return answerOk(
          c.req.raw,
          await writtenAnswer(okBodyWithRows(spanDates(span), 'days', days)),
          CACHE.computed,
        );
      }
      const readMonth: MonthReader = (year, month, lang) =>
        readMonthAsset(c.env.ASSETS, url, year, month, lang);
      const days = await daysAtPlace(c, span, lang, place, readMonth);
      return cachedOk(c.req.raw, { ...spanDates(span), place: placeEcho(place, lang), days }, CACHE.computed);
    } catch (error) {
      if (error instanceof MissingMonthError) throw new ApiProblem('not-found', error.message);
      throw error;
    }
  });

  openapi(ROUTES.places, (c) => cachedOk(c.req.raw, { places: GAZETTEER }, CACHE.computed));

  openapi(ROUTES.availableMonths, async (c) => {
    const { lang } = c.req.valid('query');
    return staticFile(
      c,
      STATIC_FILES.availableMonths(lang),
      JSON_TYPE,
      CACHE.computed,
      'The listing of months is not built.',
    );
  });

  openapi(ROUTES.month, async (c) => {
    const { year, month } = c.req.valid('param');
    const { lang, ...where } = c.req.valid('query');
    // Outside BS_MIN_YEAR–BS_MAX_YEAR: a 404 problem naming the range and `year`.
    const bsYear = supportedYear(year, 0);
    const bsMonth = Number(month);
    const missing = `No data for BS ${year}-${month.padStart(2, '0')}: the month is not in this deployment's built range; see /api/panchanga/available-months.`;
    const place = resolvePlace(where);
    if (place) {
      // At a place the month's days are computed there, as a span's are: each is estimated, and so is the month.
      const file = await readMonthAsset(c.env.ASSETS, new URL(c.req.url), bsYear, bsMonth, lang);
      if (!file) throw new ApiProblem('not-found', missing);
      const { days, ...meta } = file;
      const from = bsMonthStartFixed(bsYear, bsMonth);
      const data = await daysAtPlace(c, { from, to: from + days.length - 1 }, lang, place, async () => file);
      const body = JSON.stringify({
        success: true,
        data,
        meta: { ...meta, estimated: true, place: placeEcho(place, lang) },
      });
      return answerOk(c.req.raw, await writtenAnswer(body), CACHE.computed);
    }
    const published = (() => {
      try {
        return bsYearStatus(bsYear) === 'published';
      } catch {
        return false;
      }
    })();
    return staticFile(
      c,
      STATIC_FILES.month(bsYear, bsMonth, lang),
      JSON_TYPE,
      published ? CACHE.publishedMonth : CACHE.computed,
      missing,
    );
  });

  openapi(ROUTES.convertDate, (c) => {
    const { date, from, lang } = c.req.valid('query');
    const conversion = asField('date', () => convertDate(date, from, lang, nepalToday(nowMs(c.env))));
    return cachedOk(c.req.raw, conversion, CACHE.computed);
  });

  openapi(ROUTES.festivals, async (c) => {
    const query = c.req.valid('query');
    const year = supportedYear(query.year, currentBsYear(c.env));
    const path = STATIC_FILES.festivals(year, query.lang);
    const missing = `BS ${year} is not in this deployment's built range; see /api/panchanga/available-months.`;
    const month = query.month === undefined ? undefined : Number(query.month);
    const keep = occurrenceFilter(query.holidays, query.category, month);
    if (!keep) return staticFile(c, path, JSON_TYPE, CACHE.computed, missing, 'year');
    // Some of the listing: the year's file, kept parsed as /api/festivals/upcoming reads it, filtered.
    const listing = await readJsonAsset<FestivalYear>(c.env.ASSETS, new URL(c.req.url), path, true);
    if (!listing) throw new ApiProblem('not-found', missing, { field: 'year' });
    return cachedOk(c.req.raw, { year, festivals: listing.festivals.filter(keep) }, CACHE.computed);
  });

  openapi(ROUTES.upcomingFestivals, async (c) => {
    const query = c.req.valid('query');
    const days = upcomingDays(query.days ?? null);
    const readYear: FestivalYearReader = (year, lang) =>
      readJsonAsset(c.env.ASSETS, new URL(c.req.url), STATIC_FILES.festivals(year, lang), true);
    const keep = occurrenceFilter(query.holidays, query.category);
    const upcoming = async (from: number) => {
      const answer = await upcomingFestivals(from, days, query.lang, readYear);
      return keep ? { ...answer, festivals: answer.festivals.filter(keep) } : answer;
    };
    const key = `upcoming ${days} ${query.lang} ${query.holidays} ${query.category ?? ''}`;
    return upcomingAnswer(c, query.from, key, upcoming);
  });

  openapi(ROUTES.festivalIds, async (c) => {
    const { lang, q } = c.req.valid('query');
    if (q !== undefined) {
      const festivals = await festivalIdsNamed(c, lang, q, MAX_ID_MATCHES);
      return answerOk(c.req.raw, await okAnswer({ festivals }), CACHE.computed);
    }
    return staticFile(
      c,
      STATIC_FILES.festivalIds(lang),
      JSON_TYPE,
      CACHE.computed,
      'The festival ids are not built.',
    );
  });

  // After the routes of /api/festivals/upcoming and /ids: those names are not ids.
  openapi(ROUTES.festivalDates, async (c) => {
    const { id } = c.req.valid('param');
    const query = c.req.valid('query');
    const url = new URL(c.req.url);
    const from = query.from === undefined ? undefined : supportedYear(query.from, 0, 'from');
    const to = query.to === undefined ? undefined : supportedYear(query.to, 0, 'to');
    const span = festivalYears(from, to, currentBsYear(c.env));
    // The id's own file names it; an id no built year holds has none.
    const bytes = await readFestivalIdBytes(c.env.ASSETS, url, id, query.lang);
    if (!bytes) {
      // Suggest the ids an app may have meant ("dashain"), named in the asked language.
      const candidates = await festivalIdsNamed(c, query.lang, id);
      const meant = candidates.length
        ? ` Did you mean ${candidates.map((f) => `${f.id} (${f.name})`).join(', ')}?`
        : '';
      throw new ApiProblem(
        'not-found',
        `No festival or observance has the id "${id}".${meant} /api/festivals/ids lists every id.`,
        { field: 'id' },
      );
    }
    const { festival, rows } = festivalDatesRows(bytes, span);
    const body = okBodyWithRows({ ...festival, ...span }, 'festivals', rows);
    return answerOk(c.req.raw, await writtenAnswer(body), CACHE.computed);
  });

  openapi(ROUTES.muhurats, async (c) => {
    const query = c.req.valid('query');
    const year = supportedYear(query.year, currentBsYear(c.env));
    const categories = muhuratCategories(query.category);
    const month = query.month === undefined ? undefined : Number(query.month);
    const { muhuratList, muhuratsOfMonth, readMuhuratYear } = await lazy.muhurat();
    const list = async () => {
      const file = await readMuhuratYear(
        categories ?? MUHURAT_CATEGORIES,
        muhuratFileReader(c.env.ASSETS, new URL(c.req.url), year),
      );
      if (!file) {
        throw new ApiProblem(
          'not-found',
          `BS ${year} is not in this deployment's built range; see /api/panchanga/available-months.`,
          { field: 'year' },
        );
      }
      const whole = muhuratList(file, year, categories, query.lang);
      return month === undefined ? whole : muhuratsOfMonth(whole, month);
    };
    // Apps ask for the same few years' lists: each written once an isolate.
    const key = `muhurats ${year} ${month ?? ''} ${categories?.join(',') ?? ''} ${query.lang}`;
    return answerOk(c.req.raw, await kept.answer(key, list), CACHE.computed);
  });

  openapi(ROUTES.upcomingMuhurats, async (c) => {
    const query = c.req.valid('query');
    const days = upcomingDays(query.days ?? null);
    const categories = muhuratCategories(query.category);
    const { readMuhuratYear, upcomingMuhurats } = await lazy.muhurat();
    const url = new URL(c.req.url);
    const asked = categories ?? MUHURAT_CATEGORIES;
    const read = (year: number) => readMuhuratYear(asked, muhuratFileReader(c.env.ASSETS, url, year));
    const upcoming = (from: number) => upcomingMuhurats(from, days, asked, query.lang, read);
    const key = `upcoming muhurats ${days} ${categories?.join(',') ?? ''} ${query.lang}`;
    return upcomingAnswer(c, query.from, key, upcoming);
  });

  openapi(ROUTES.calendarFeed, async (c) => {
    const { lang, holidays, include } = c.req.valid('query');
    const file = feedVariant(lang, holidays, include).file;
    return staticFile(c, STATIC_FILES.feed(file), CALENDAR_TYPE, CACHE.feed, 'The feed is not built.');
  });

  openapi(ROUTES.feedFile, async (c) => {
    const { file } = c.req.valid('param');
    return staticFile(c, STATIC_FILES.feed(file), CALENDAR_TYPE, CACHE.feed, 'The feed is not built.');
  });

  openapi(ROUTES.openapi, async (c) =>
    staticFile(c, STATIC_FILES.openapi(), JSON_TYPE, CACHE.computed, 'The OpenAPI document is not built.'),
  );

  mountAdmin(openapi, validationProblem);

  app.notFound((c) => {
    const allow = allowedMethods(c.req.path);
    if (allow.length)
      return problem(
        'method-not-allowed',
        `${c.req.method} is not allowed on ${c.req.path}; use ${allow.join(', ')}.`,
        {
          headers: { Allow: allow.join(', ') },
        },
      );
    const path = c.req.path.slice(0, 200);
    const hint = NOT_FOUND_HINTS.find(([pattern]) => pattern.test(path));
    return problem(
      'not-found',
      `No API endpoint at ${path}${hint ? `; ${path.replace(hint[0], hint[1])}` : ''}. ` +
        `/api/openapi.json describes every endpoint.`,
    );
  });
  app.onError((error) => (error instanceof AnswerAsIs ? error.response : problemFromError(error)));
  return app;
}

export type App = ReturnType<typeof createApp>;
export type { ApiRoute };
