/**
 * The admin routes: signing in and out, the session, reading a month and its history, and the commits that set a
 * day, import, restore or delete a month. Handlers only read the validated request and call src/http/admin.ts and
 * src/admin (through admin-lib.ts, loaded on an admin route's first request, so a reader's isolate never evaluates
 * the GitHub client or the edit logic); the same origin, a session and a size limit are checked before a body is
 * read. Mounted by the router (src/http/app.ts), whose gate, headers and problems apply to them as to every route.
 */
import type { Hook, OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { daysInBsMonth } from '../calendar/bs.ts';
import { importMonthSchema } from '../contract/admin.ts';
import { STATIC_FILES } from '../contract/endpoints.ts';
import { readJsonAsset, readMonthAsset } from './assets.ts';
import { nowMs, type AppContext, type AppEnv } from './env.ts';
import { withMiddleware } from './mount.ts';
import { ApiProblem, ok } from './problem.ts';
import { ROUTES } from './routes.ts';
import {
  adminUsers,
  authenticate,
  endSession,
  LoginLimiter,
  sessionCookie,
  startSession,
} from './session.ts';

/** The router's hook for a failed validation (it throws the problem). */
export type ValidationHook = Hook<unknown, AppEnv, string, unknown>;

/** Everything the admin routes call, loaded on the first admin request (a dynamic import). */
const adminLib = () => import('./admin-lib.ts');

/** The glossary's printed names as the build stored them, or null for a deployment built without them. */
const knownNamesOf = (c: AppContext) => () =>
  readJsonAsset<string[]>(c.env.ASSETS, new URL(c.req.url), STATIC_FILES.printedNames());

/**
 * Admin bodies are small and read with a limit (src/http/admin.ts readLimited): 413 at once for a declared or
 * arriving size over it, 400 when fewer bytes arrive than declared. The handler reads the bytes read here.
 */
const adminBodyLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const raw = c.req.raw;
  if (raw.method === 'GET' || raw.method === 'HEAD') return next();
  const type = (raw.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json' && type !== 'multipart/form-data')
    throw new ApiProblem(
      'unsupported-media-type',
      'Send application/json (or a multipart/form-data upload field "file").',
      { field: 'Content-Type' },
    );
  const { readLimited } = await adminLib();
  const bytes = await readLimited(raw);
  (c.req as { raw: Request }).raw = new Request(raw.url, {
    method: raw.method,
    headers: raw.headers,
    body: bytes as BodyInit,
  });
  await next();
};

/**
 * Before an admin route reads anything of its request (its body validated, parsed or even taken in): the same
 * origin (DESIGN: unsafe methods from a foreign Origin are refused) and, but for signing in and out, a session. A
 * foreign or signed-out request is refused as it is, never told what its body lacked.
 */
const sameOrigin: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { assertSameOrigin } = await adminLib();
  assertSameOrigin(c.req.raw, c.env);
  await next();
};
const adminOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { adminGuard } = await adminLib();
  c.set('adminUser', await adminGuard(c.req.raw, c.env, nowMs(c.env)));
  await next();
};

/**
 * Mount the admin routes on the router's `openapi` (src/http/mount.ts mounter); `onInvalid` is the router's
 * validation hook, which also checks an import uploaded as multipart.
 */
export function mountAdmin(openapi: OpenAPIHono<AppEnv>['openapi'], onInvalid: ValidationHook): void {
  openapi(withMiddleware(ROUTES.login, sameOrigin, adminBodyLimit), async (c) => {
    const { sessionStore } = await adminLib();
    const env = c.env;
    if (!env.SESSION_SECRET || !env.ADMIN_USERS)
      throw new ApiProblem('unavailable', 'Admin sign-in is not configured (ADMIN_USERS, SESSION_SECRET).');
    const store = sessionStore(env);
    const body = c.req.valid('json');
    const now = nowMs(env);
    // Failed sign-ins are counted per user name in ADMIN_KV: across isolates and client addresses.
    const limiter = new LoginLimiter(store);
    const wait = await limiter.retryAfter(body.user, now);
    if (wait > 0)
      throw new ApiProblem(
        'too-many-requests',
        `Too many failed sign-ins for this user; try again in ${wait} s.`,
        {
          headers: { 'Retry-After': String(wait) },
        },
      );
    const user = await authenticate(adminUsers(env.ADMIN_USERS), body.user, body.password);
    if (!user) {
      await limiter.fail(body.user, now);
      throw new ApiProblem('forbidden', 'Wrong user name or password.', { field: 'password' });
    }
    await limiter.succeed(user);
    const session = await startSession(store, user, Math.floor(now / 1000), env.SESSION_SECRET);
    return ok(
      { user, expiresAt: new Date(session.expiresAtSec * 1000).toISOString() },
      { headers: { 'Set-Cookie': sessionCookie(session.value) } },
    );
  });

  openapi(withMiddleware(ROUTES.logout, sameOrigin), async (c) => {
    const { sessionOf, sessionStore } = await adminLib();
    // The session's server-side record goes: its cookie is refused from now on, even if kept.
    // Without a session (or sessions configured) there is none to end: signing out still clears the cookie.
    const session = await sessionOf(c.req.raw, c.env, nowMs(c.env)).catch((error: unknown) => {
      if (error instanceof ApiProblem) return null;
      throw error;
    });
    if (session) await endSession(sessionStore(c.env), session.id);
    return ok({ signedOut: true }, { headers: { 'Set-Cookie': sessionCookie(null) } });
  });

  openapi(withMiddleware(ROUTES.session, adminOnly), async (c) => {
    return ok({ user: c.get('adminUser') });
  });

  openapi(withMiddleware(ROUTES.adminMonth, adminOnly), async (c) => {
    const { curatedPath, dataRepository, overGitHub, readMonth } = await adminLib();
    const { year, month } = c.req.valid('query');
    const repository = dataRepository(c.env);
    return overGitHub(async () => {
      const head = await repository.head();
      const stored = await readMonth(repository, curatedPath(Number(year), Number(month)), head.commit);
      return ok({ commit: head.commit, stored }, { headers: { ETag: `"${head.commit}"` } });
    });
  });

  openapi(withMiddleware(ROUTES.adminHistory, adminOnly), async (c) => {
    const { dataRepository, monthHistory, overGitHub } = await adminLib();
    const { year, month } = c.req.valid('query');
    const repository = dataRepository(c.env);
    return overGitHub(async () => {
      const head = await repository.head();
      const history = await monthHistory(repository, Number(year), Number(month), head.commit);
      return ok({ commit: head.commit, history });
    });
  });

  openapi(withMiddleware(ROUTES.restoreMonth, adminOnly, adminBodyLimit), async (c) => {
    const { baseOf, commitEdit, curatedPath, dataRepository, readMonth } = await adminLib();
    const user = c.get('adminUser');
    const { year, month, from, base: bodyBase } = c.req.valid('json');
    const base = baseOf(c.req.raw, bodyBase);
    const repository = dataRepository(c.env);
    return commitEdit(repository, knownNamesOf(c), {
      year,
      month,
      user,
      base,
      action: `Restore (as of ${from.slice(0, 12)})`,
      scope: 'month',
      apply: async () => {
        await repository.commitInfo(from);
        return readMonth(repository, curatedPath(year, month), from);
      },
    });
  });

  openapi(withMiddleware(ROUTES.setDay, adminOnly, adminBodyLimit), async (c) => {
    const {
      adminSource,
      applyDayUpdate,
      baseOf,
      baselineFromServed,
      commitEdit,
      dataRepository,
      projectedLengthNote,
    } = await adminLib();
    const user = c.get('adminUser');
    const update = c.req.valid('json');
    const { year, month, gate } = update;
    const days = daysInBsMonth(year, month);
    if (gate > days)
      throw new ApiProblem(
        'unprocessable',
        `BS ${year}-${month} has ${days} days, not ${gate}${projectedLengthNote(year)}`,
        { field: 'gate' },
      );
    const base = baseOf(c.req.raw, update.base);
    const repository = dataRepository(c.env);
    const served = await readMonthAsset(c.env.ASSETS, new URL(c.req.url), year, month);
    if (!served)
      throw new ApiProblem('not-found', `BS ${year}-${month} is not in this deployment's built range.`);
    const baseline = baselineFromServed(served);
    return commitEdit(repository, knownNamesOf(c), {
      year,
      month,
      user,
      base,
      action: 'Set',
      scope: [gate],
      view: (stored) => stored ?? baseline,
      apply: (stored) => applyDayUpdate(stored ?? baseline, update, update.source ?? adminSource(user)),
    });
  });

  openapi(withMiddleware(ROUTES.importMonth, adminOnly, adminBodyLimit), async (c) => {
    const { adminSource, baseOf, commitEdit, dataRepository, EditRefused, normalizeImport } =
      await adminLib();
    const user = c.get('adminUser');
    const { dryRun, base: queryBase } = c.req.valid('query');
    const { input, fields } = await importBody(c, onInvalid);
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
    const base = dryRun === 'true' ? null : baseOf(c.req.raw, queryBase ?? fields.get('base'));
    const repository = dataRepository(c.env);
    return commitEdit(repository, knownNamesOf(c), {
      year: first.month.year,
      month: first.month.month,
      user,
      base,
      action: 'Import',
      dryRun: dryRun === 'true',
      scope: 'month',
      apply: async (stored, context) => {
        // Values the import leaves as they were keep their provenance, also after a delete.
        const result = normalizeImport(input, source, stored, stored ?? (await context.lastVersion()));
        if ('errors' in result)
          throw new EditRefused('unprocessable', result.errors[0]!.message, result.errors);
        return result.month;
      },
    });
  });

  openapi(withMiddleware(ROUTES.deleteMonth, adminOnly, adminBodyLimit), async (c) => {
    const { baseOf, commitEdit, dataRepository, EditRefused } = await adminLib();
    const user = c.get('adminUser');
    const ref = c.req.valid('json');
    const base = baseOf(c.req.raw, ref.base);
    const repository = dataRepository(c.env);
    return commitEdit(repository, knownNamesOf(c), {
      year: ref.year,
      month: ref.month,
      user,
      base,
      action: 'Delete',
      scope: 'month',
      apply: (stored) => {
        if (!stored)
          throw new EditRefused('not-found', `BS ${ref.year}-${ref.month} has no curated records to delete`);
        return null;
      },
    });
  });
}

/**
 * The import file of a request: the JSON body (validated by the route), or the upload field `file` of a
 * multipart body, parsed and validated with the same schema the route declares.
 */
async function importBody(
  c: AppContext,
  onInvalid: ValidationHook,
): Promise<{ input: z.infer<ReturnType<typeof importMonthSchema>>; fields: Map<string, string> }> {
  const fields = new Map<string, string>();
  const type = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json')
    return {
      input: (c.req as unknown as { valid(t: 'json'): z.infer<ReturnType<typeof importMonthSchema>> }).valid(
        'json',
      ),
      fields,
    };
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
    const form = await c.req.raw.formData();
    file = form.get('file');
    for (const [key, value] of form.entries())
      if (typeof value === 'string' && key !== 'file') fields.set(key, value);
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
  const parsed = importMonthSchema().safeParse(data);
  if (!parsed.success)
    onInvalid({ success: false, error: parsed.error, data, target: 'json' } as never, c as never);
  return { input: parsed.data!, fields };
}
