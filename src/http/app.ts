/**
 * The API's one router (hono, mounted by functions/api/[[route]].ts through `hono/cloudflare-pages`): every
 * route of src/http/routes.ts with its handler, the shared gate (token, CORS with preflight, security headers,
 * no-store for admin) as middleware, and every problem rendered in one place. Unknown /api/ paths answer a 404
 * problem, a known path with another method a 405 with `Allow`; HEAD works wherever GET does (hono answers it
 * from the GET route without a body). Handlers only read the validated input, call the library, and shape
 * the answer.
 */
import { OpenAPIHono, type Hook } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { z } from 'zod';
import { applyDayUpdate, baselineFromServed } from '../admin/changes.ts';
import { adminSource, normalizeImport } from '../admin/import.ts';
import {
  adToFixed,
  BS_MAX_YEAR,
  BS_MIN_YEAR,
  bsYearStatus,
  daysInBsMonth,
  fixedToBs,
} from '../calendar/bs.ts';
import { convertDate, parseDateInput } from '../calendar/convert.ts';
import { CalendarError } from '../calendar/errors.ts';
import { GAZETTEER, placeEcho, resolvePlace } from '../calendar/places.ts';
import { nepalToday } from '../calendar/time.ts';
import { zonedToday } from '../calendar/zone.ts';
import { importMonthSchema } from '../contract/admin.ts';
import type { MonthFile } from '../contract/day-record.ts';
import { API_PREFIX, FEED_PATH, OPENAPI_PATH, STATIC_FILES } from '../contract/endpoints.ts';
import type { MuhuratYear } from '../contract/muhurat.ts';
import { feedVariant, FEED_VARIANTS } from '../feed/variants.ts';
import { upcomingDays, upcomingFestivals, type FestivalYearReader } from '../festivals/upcoming.ts';
import { muhuratList } from '../almanac/muhurat.ts';
import { daysOfSpan, MissingMonthError, spanDates, spanOf, type MonthReader } from '../almanac/span.ts';
import {
  adminGuard,
  commitMonthChange,
  dataRepository,
  foreignOrigin,
  MAX_BODY_BYTES,
  sessionUser,
  storedMonth,
} from './admin.ts';
import { readJsonAsset, readMonthAsset } from './assets.ts';
import { configuredTokens, presentedToken, publicReads, tokenAccepted } from './auth.ts';
import { CACHE, cached, untilMidnightIn, untilNepalMidnight } from './cache.ts';
import { corsHeaders, isAdminRequest, preflight } from './cors.ts';
import { nowMs, type Env } from './env.ts';
import { fullDayResponse } from './full-day.ts';
import { SECURITY_HEADERS, withHeaders } from './headers.ts';
import { ApiProblem, JSON_TYPE, ok, problem, problemFromError } from './problem.ts';
import { ROUTES, type ApiRoute } from './routes.ts';
import {
  adminUsers,
  authenticate,
  LoginLimiter,
  sessionCookie,
  SESSION_TTL_SEC,
  signSession,
} from './session.ts';

type AppEnv = { Bindings: Env };
type AppContext = Context<AppEnv>;

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';
/** Percent-encoded C0 controls and DEL: no API path has them, and file lookups choke on them. */
const CONTROL_CHARACTERS = /%(?:[01][0-9a-f]|7f)/i;

/** A failed validation of path, query or body as a problem naming the first wrong field (422 for bodies). */
const validationProblem: Hook<unknown, AppEnv, string, unknown> = (result) => {
  if (result.success) return;
  const error = result.error as z.ZodError;
  const errors = error.issues.map((issue) => ({
    field: issue.path.join('.') || (result.target === 'json' ? '(body)' : result.target),
    message: issue.message,
  }));
  const first = errors[0]!;
  const body = result.target === 'json' || result.target === 'form';
  throw new ApiProblem(body ? 'unprocessable' : 'bad-request', `${first.field}: ${first.message}`, {
    field: first.field,
    ...(body ? { errors } : {}),
  });
};

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

/** The token gate: every /api/ read needs a configured token, except the OpenAPI document and open reads. */
async function requireToken(c: AppContext): Promise<void> {
  const request = c.req.raw;
  const path = c.req.path;
  const read = request.method === 'GET' || request.method === 'HEAD';
  if (read && (publicReads(c.env) || path === OPENAPI_PATH)) return;
  const feed = path === FEED_PATH || FEED_VARIANTS.some((v) => path === STATIC_FILES.feed(v.file));
  const token = presentedToken(request, feed);
  if (await tokenAccepted(token, configuredTokens(c.env))) return;
  throw new ApiProblem(
    'unauthorized',
    token
      ? 'The API token is not valid.'
      : 'Send a token as "Authorization: Bearer <token>" or "x-api-key: <token>".',
    { headers: { 'WWW-Authenticate': 'Bearer realm="panchanga"' } },
  );
}

/** The gate of every /api/ request: path sanity, preflight, token (reads), and the headers of every answer. */
const gate: MiddlewareHandler<AppEnv> = async (c, next) => {
  const request = c.req.raw;
  const admin = isAdminRequest(request);
  if (CONTROL_CHARACTERS.test(new URL(request.url).pathname))
    throw new ApiProblem('bad-request', 'The path contains control characters.', { field: 'path' });
  if (request.method === 'OPTIONS') {
    c.res = withHeaders(preflight(request, admin), SECURITY_HEADERS);
    return;
  }
  if (!admin) await requireToken(c);
  await next();
};

/** Headers every /api/ answer carries, problems included: CORS, security, and no-store for admin. */
const answerHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const request = c.req.raw;
  if (request.method === 'OPTIONS') return;
  const admin = isAdminRequest(request);
  c.res = withHeaders(
    c.res,
    ...(admin ? [{ 'Cache-Control': 'no-store' }] : []),
    corsHeaders(request, admin),
    SECURITY_HEADERS,
  );
};

/** Admin bodies are small: a larger one is refused before it is read (413). */
const adminBodyLimit = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () => {
    throw new ApiProblem('payload-too-large', `The body may be at most ${MAX_BODY_BYTES} bytes.`);
  },
});

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
  return cached(c.req.raw, withHeaders(asset, { 'Content-Type': contentType }), cacheControl);
}

/** A BS year within the supported range; a 404 problem naming `year` outside it. */
function supportedYear(text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const year = Number(text);
  if (year < BS_MIN_YEAR || year > BS_MAX_YEAR)
    throw new ApiProblem(
      'out-of-range',
      `BS year ${year} is outside the supported range ${BS_MIN_YEAR}–${BS_MAX_YEAR}`,
      {
        field: 'year',
      },
    );
  return year;
}

function currentBsYear(env: Env): number {
  return fixedToBs(nepalToday(nowMs(env))).year;
}

/** Run a library call whose calendar errors are about one request field, and name that field in the problem. */
function asField<T>(field: string, call: () => T): T {
  try {
    return call();
  } catch (error) {
    if (error instanceof CalendarError) throw new AnswerAsIs(problemFromError(error, field));
    throw error;
  }
}

/** A library answer that is a Response (a refusal) is thrown as it is. */
function orThrow<T>(value: T | Response): T {
  if (value instanceof Response) throw new AnswerAsIs(value);
  return value;
}

/** A finished answer (from a library guard) passed up through the error path unchanged. */
class AnswerAsIs extends Error {
  constructor(readonly response: Response) {
    super('answer as is');
  }
}

const loginLimiter = new LoginLimiter();

/** Build the router. Example: `createApp().request('/api/panchanga?lang=en', {}, env)`. */
export function createApp() {
  const app = new OpenAPIHono<AppEnv>({ strict: false, defaultHook: validationProblem });
  app.use(`${API_PREFIX}*`, answerHeaders, gate);

  app.openapi(ROUTES.today, async (c) => {
    const { lang, ...where } = c.req.valid('query');
    const place = resolvePlace(where);
    const now = nowMs(c.env);
    // At a place, "today" is the place's own date, and the answer keeps until its midnight.
    const today = place ? zonedToday(now, place.timeZone) : nepalToday(now);
    return cached(
      c.req.raw,
      await fullDayResponse(c.env.ASSETS, new URL(c.req.url), today, lang, place),
      place ? untilMidnightIn(now, place.timeZone) : untilNepalMidnight(now),
    );
  });

  app.openapi(ROUTES.byEnglishDate, async (c) => {
    const { date } = c.req.valid('param');
    const { lang, ...where } = c.req.valid('query');
    const place = resolvePlace(where);
    const fixed = asField('date', () => adToFixed(parseDateInput(date)));
    return cached(
      c.req.raw,
      await fullDayResponse(c.env.ASSETS, new URL(c.req.url), fixed, lang, place),
      CACHE.computed,
    );
  });

  app.openapi(ROUTES.range, async (c) => {
    const { from, to, lang, ...where } = c.req.valid('query');
    const place = resolvePlace(where);
    const span = spanOf(from, to);
    const readMonth: MonthReader = (year, month, lang) =>
      readMonthAsset(c.env.ASSETS, new URL(c.req.url), year, month, lang);
    let days;
    try {
      days = await daysOfSpan(span, lang, readMonth, place);
    } catch (error) {
      if (error instanceof MissingMonthError) throw new ApiProblem('not-found', error.message);
      throw error;
    }
    const answer = { ...spanDates(span), ...(place ? { place: placeEcho(place, lang) } : {}), days };
    return cached(c.req.raw, ok(answer), CACHE.computed);
  });

  app.openapi(ROUTES.places, (c) => cached(c.req.raw, ok({ places: GAZETTEER }), CACHE.computed));

  app.openapi(ROUTES.availableMonths, async (c) => {
    const { lang } = c.req.valid('query');
    return staticFile(
      c,
      STATIC_FILES.availableMonths(lang),
      JSON_TYPE,
      CACHE.computed,
      'The listing of months is not built.',
    );
  });

  app.openapi(ROUTES.month, async (c) => {
    const { year, month } = c.req.valid('param');
    const { lang } = c.req.valid('query');
    supportedYear(year, 0); // outside BS_MIN_YEAR–BS_MAX_YEAR: a 404 problem naming the range and `year`
    const published = (() => {
      try {
        return bsYearStatus(Number(year)) === 'published';
      } catch {
        return false;
      }
    })();
    return staticFile(
      c,
      STATIC_FILES.month(Number(year), Number(month), lang),
      JSON_TYPE,
      published ? CACHE.publishedMonth : CACHE.computed,
      `No data for BS ${year}-${month.padStart(2, '0')}: the month is not in this deployment's built range; see /api/panchanga/available-months.`,
    );
  });

  app.openapi(ROUTES.convertDate, (c) => {
    const { date, from, lang } = c.req.valid('query');
    const conversion = asField('date', () => convertDate(date, from, lang, nepalToday(nowMs(c.env))));
    return cached(c.req.raw, ok(conversion), CACHE.computed);
  });

  app.openapi(ROUTES.festivals, async (c) => {
    const query = c.req.valid('query');
    const year = supportedYear(query.year, currentBsYear(c.env));
    return staticFile(
      c,
      STATIC_FILES.festivals(year, query.lang),
      JSON_TYPE,
      CACHE.computed,
      `BS ${year} is not in this deployment's built range; see /api/panchanga/available-months.`,
      'year',
    );
  });

  app.openapi(ROUTES.upcomingFestivals, async (c) => {
    const query = c.req.valid('query');
    const days = upcomingDays(query.days ?? null);
    const now = nowMs(c.env);
    const readYear: FestivalYearReader = (year, lang) =>
      readJsonAsset(c.env.ASSETS, new URL(c.req.url), STATIC_FILES.festivals(year, lang));
    const answer = await upcomingFestivals(nepalToday(now), days, query.lang, readYear);
    return cached(c.req.raw, ok(answer), untilNepalMidnight(now));
  });

  app.openapi(ROUTES.muhurats, async (c) => {
    const query = c.req.valid('query');
    const year = supportedYear(query.year, currentBsYear(c.env));
    const categories = query.category?.split(',');
    const file = await readJsonAsset<MuhuratYear>(
      c.env.ASSETS,
      new URL(c.req.url),
      STATIC_FILES.muhurats(year),
    );
    if (!file) {
      throw new ApiProblem(
        'not-found',
        `BS ${year} is not in this deployment's built range; see /api/panchanga/available-months.`,
        { field: 'year' },
      );
    }
    return cached(c.req.raw, ok(muhuratList(file, year, categories, query.lang)), CACHE.computed);
  });

  app.openapi(ROUTES.calendarFeed, async (c) => {
    const { lang, holidays, include } = c.req.valid('query');
    const file = feedVariant(lang, holidays, include).file;
    return staticFile(c, STATIC_FILES.feed(file), CALENDAR_TYPE, CACHE.feed, 'The feed is not built.');
  });

  app.openapi(ROUTES.feedFile, async (c) => {
    const { file } = c.req.valid('param');
    return staticFile(c, STATIC_FILES.feed(file), CALENDAR_TYPE, CACHE.feed, 'The feed is not built.');
  });

  app.openapi(ROUTES.openapi, async (c) =>
    staticFile(c, STATIC_FILES.openapi(), JSON_TYPE, CACHE.computed, 'The OpenAPI document is not built.'),
  );

  mountAdmin(app);

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
    return problem('not-found', `No API endpoint at ${c.req.path.slice(0, 200)}.`);
  });
  app.onError((error) => (error instanceof AnswerAsIs ? error.response : problemFromError(error)));
  return app;
}

/** The admin routes: sessions and commits, all from src/http/admin.ts and src/admin (no logic here). */
function mountAdmin(app: OpenAPIHono<AppEnv>): void {
  app.openapi({ ...ROUTES.login, middleware: [adminBodyLimit] }, async (c) => {
    orThrow(foreignOrigin(c.req.raw, c.env) ?? undefined);
    const env = c.env;
    if (!env.SESSION_SECRET || !env.ADMIN_USERS)
      throw new ApiProblem('unavailable', 'Admin sign-in is not configured (ADMIN_USERS, SESSION_SECRET).');
    const body = c.req.valid('json');
    const now = nowMs(env);
    const key = `${body.user}|${c.req.header('CF-Connecting-IP') ?? 'local'}`;
    const wait = loginLimiter.retryAfter(key, now);
    if (wait > 0)
      throw new ApiProblem('too-many-requests', `Too many failed sign-ins; try again in ${wait} s.`, {
        headers: { 'Retry-After': String(wait) },
      });
    const user = await authenticate(adminUsers(env.ADMIN_USERS), body.user, body.password);
    if (!user) {
      loginLimiter.fail(key, now);
      throw new ApiProblem('forbidden', 'Wrong user name or password.', { field: 'password' });
    }
    loginLimiter.succeed(key);
    const expiresAt = Math.floor(now / 1000) + SESSION_TTL_SEC;
    const cookie = sessionCookie(await signSession(user, expiresAt, env.SESSION_SECRET));
    return ok(
      { user, expiresAt: new Date(expiresAt * 1000).toISOString() },
      { headers: { 'Set-Cookie': cookie } },
    );
  });

  app.openapi(ROUTES.logout, (c) => {
    orThrow(foreignOrigin(c.req.raw, c.env) ?? undefined);
    return ok({ signedOut: true }, { headers: { 'Set-Cookie': sessionCookie(null) } });
  });

  app.openapi(ROUTES.session, async (c) =>
    ok({ user: orThrow(await sessionUser(c.req.raw, c.env, nowMs(c.env))) }),
  );

  app.openapi(ROUTES.adminMonth, async (c) => {
    orThrow(await sessionUser(c.req.raw, c.env, nowMs(c.env)));
    const { year, month } = c.req.valid('query');
    const repository = orThrow(dataRepository(c.env));
    const head = await repository.head();
    return ok({
      commit: head.commit,
      stored: await storedMonth(repository, head.commit, Number(year), Number(month)),
    });
  });

  app.openapi({ ...ROUTES.setDay, middleware: [adminBodyLimit] }, async (c) => {
    const user = orThrow(await adminGuard(c.req.raw, c.env, nowMs(c.env)));
    const update = c.req.valid('json');
    const { year, month, gate } = update;
    const days = daysInBsMonth(year, month);
    if (gate > days)
      throw new ApiProblem('bad-request', `BS ${year}-${month} has ${days} days, not ${gate}`, {
        field: 'gate',
      });
    const repository = orThrow(dataRepository(c.env));
    return commitMonthChange(repository, {
      year,
      month,
      user,
      action: 'Set',
      change: async (stored) => {
        const base = stored ?? (await readMonthAsset(c.env.ASSETS, new URL(c.req.url), year, month));
        if (!base)
          return problem('not-found', `BS ${year}-${month} is not in this deployment's built range.`);
        return applyDayUpdate(
          stored ?? baselineFromServed(base as MonthFile),
          update,
          update.source ?? adminSource(user),
        );
      },
    });
  });

  app.openapi({ ...ROUTES.importMonth, middleware: [adminBodyLimit] }, async (c) => {
    const user = orThrow(await adminGuard(c.req.raw, c.env, nowMs(c.env)));
    const { dryRun } = c.req.valid('query');
    const input = await importBody(c);
    const source = input.source ?? adminSource(user);
    const first = normalizeImport(input, source);
    if ('errors' in first)
      throw new ApiProblem(
        'unprocessable',
        `The file has ${first.errors.length} problem(s); nothing was written.`,
        {
          errors: first.errors,
          field: first.errors[0]!.field,
        },
      );
    const repository = orThrow(dataRepository(c.env));
    return commitMonthChange(repository, {
      year: first.month.year,
      month: first.month.month,
      user,
      action: 'Import',
      dryRun: dryRun === 'true',
      change: (stored) => {
        const result = normalizeImport(input, source, stored);
        return 'errors' in result
          ? problem('unprocessable', result.errors[0]!.message, {
              errors: result.errors,
              field: result.errors[0]!.field,
            })
          : result.month;
      },
    });
  });

  app.openapi({ ...ROUTES.deleteMonth, middleware: [adminBodyLimit] }, async (c) => {
    const user = orThrow(await adminGuard(c.req.raw, c.env, nowMs(c.env)));
    const ref = c.req.valid('json');
    const repository = orThrow(dataRepository(c.env));
    return commitMonthChange(repository, {
      ...ref,
      user,
      action: 'Delete',
      change: (stored) =>
        stored ? null : problem('not-found', `BS ${ref.year}-${ref.month} has no curated records to delete.`),
    });
  });
}

/**
 * The import file of a request: the JSON body (validated by the route), or the upload field `file` of a
 * multipart body, parsed and validated with the same schema the route declares.
 */
async function importBody(c: AppContext): Promise<z.infer<typeof importMonthSchema>> {
  const type = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json')
    return (c.req as unknown as { valid(t: 'json'): z.infer<typeof importMonthSchema> }).valid('json');
  if (type !== 'multipart/form-data')
    throw new ApiProblem(
      'unsupported-media-type',
      'Send application/json (or a multipart/form-data upload field "file").',
      {
        field: 'Content-Type',
      },
    );
  let file: FormDataEntryValue | null;
  try {
    file = (await c.req.raw.formData()).get('file');
  } catch {
    throw new ApiProblem('bad-request', 'The multipart body could not be read.', { field: 'file' });
  }
  if (file === null)
    throw new ApiProblem('bad-request', 'Upload the month file as the form field "file".', { field: 'file' });
  const text = typeof file === 'string' ? file : await file.text();
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ApiProblem(
      'bad-request',
      `The file is not valid JSON: ${(error as Error).message.slice(0, 120)}`,
      { field: 'file' },
    );
  }
  const parsed = importMonthSchema.safeParse(data);
  if (!parsed.success)
    validationProblem({ success: false, error: parsed.error, data, target: 'json' } as never, c as never);
  return parsed.data!;
}

export type App = ReturnType<typeof createApp>;
export type { ApiRoute };
