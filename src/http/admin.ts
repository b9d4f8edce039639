/**
 * The guard and the plumbing every admin function shares: the same-origin check (unsafe methods and GETs), the
 * session check against the server-side session store, reading a JSON (or uploaded JSON file) body through a
 * zod schema with its size limited while it is read, the version a write was made from (`If-Match` or `base`),
 * and the answers to an edit (src/admin/edit.ts): committed, landed, 409 with what changed, 422, and a clear
 * 502/503/403 problem when GitHub fails, logged without secrets. Functions stay thin over these.
 */
import type { z } from 'zod';
import { EditRefused, editMonth, type EditOutcome, type MonthEdit } from '../admin/edit.ts';
import { DataRepository, GitHubError } from '../admin/repository.ts';
import type { Env } from './env.ts';
import { ok, problem } from './problem.ts';
import {
  adminUsers,
  checkSession,
  sessionFromCookies,
  type SessionRefusal,
  type SessionStore,
} from './session.ts';

/** Largest accepted admin body: a month file is a few tens of kilobytes. */
export const MAX_BODY_BYTES = 256 * 1024;

/** Fetch Metadata (`Sec-Fetch-Site`) values a request from the site itself may carry. */
const OWN_SITE = ['same-origin', 'none'];

/**
 * Refuse an admin request from another site; null when it may proceed. Unsafe methods must name the site's own
 * origin (or SITE_ORIGIN) in `Origin`; a GET may omit it (browsers do for same-origin GETs) but not name another,
 * and `Sec-Fetch-Site`, when sent, must say the site itself.
 */
export function foreignOrigin(request: Request, env: Pick<Env, 'SITE_ORIGIN'>): Response | null {
  const origin = request.headers.get('Origin');
  const allowed = [new URL(request.url).origin, env.SITE_ORIGIN].filter(Boolean);
  const site = request.headers.get('Sec-Fetch-Site');
  const safe = request.method === 'GET' || request.method === 'HEAD';
  if (site !== null && !OWN_SITE.includes(site))
    return problem(
      'forbidden',
      `Admin requests must come from the site itself (Sec-Fetch-Site: ${site.slice(0, 20)}).`,
      {
        field: 'Origin',
      },
    );
  if (origin ? allowed.includes(origin) : safe) return null;
  return problem(
    'forbidden',
    origin
      ? `Requests from ${origin.slice(0, 100)} may not use the admin API.`
      : 'An Origin header is required.',
    { field: 'Origin' },
  );
}

const REFUSED: Record<SessionRefusal, string> = {
  missing: 'Sign in first.',
  forged: 'The session is not valid.',
  expired: 'The session has expired.',
  revoked: 'The session has ended (signed out).',
  removed: 'This user is no longer an admin.',
};

/** The session store, or a 503 problem when ADMIN_KV is not bound. */
export function sessionStore(env: Env): SessionStore | Response {
  return (
    env.ADMIN_KV ??
    problem('unavailable', 'Admin sessions need the ADMIN_KV namespace (wrangler.toml [[kv_namespaces]]).')
  );
}

/** The signed-in admin of a request (and the session id), or a 403 problem (503 when not configured). */
export async function sessionOf(
  request: Request,
  env: Env,
  nowMs: number,
): Promise<{ user: string; id: string } | Response> {
  if (!env.SESSION_SECRET)
    return problem('unavailable', 'Admin sessions are not configured (SESSION_SECRET).');
  const store = sessionStore(env);
  if (store instanceof Response) return store;
  const check = await checkSession(
    store,
    sessionFromCookies(request.headers.get('Cookie')),
    env.SESSION_SECRET,
    Math.floor(nowMs / 1000),
    adminUsers(env.ADMIN_USERS),
  );
  return 'refused' in check ? problem('forbidden', `${REFUSED[check.refused]} No admin session.`) : check;
}

/** Both guards of any admin request: same origin, then a session. Returns the admin's name or a problem. */
export async function adminGuard(request: Request, env: Env, nowMs: number): Promise<string | Response> {
  const refused = foreignOrigin(request, env);
  if (refused) return refused;
  const session = await sessionOf(request, env, nowMs);
  return session instanceof Response ? session : session.user;
}

/** The data repository from configuration, or a 503 problem naming what is missing. */
export function dataRepository(env: Env): DataRepository | Response {
  if (!env.GITHUB_REPO || !env.GITHUB_TOKEN)
    return problem('unavailable', 'The data repository is not configured (GITHUB_REPO, GITHUB_TOKEN).');
  const timeout = Number(env.GITHUB_TIMEOUT_MS);
  return new DataRepository({
    repo: env.GITHUB_REPO,
    branch: env.GITHUB_BRANCH || 'main',
    token: env.GITHUB_TOKEN,
    apiUrl: env.GITHUB_API_URL || undefined,
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : undefined,
  });
}

/** Zod issues as `{field, message}` errors, and a 422 problem naming the first. */
export function invalidBody(error: z.ZodError, what: string): Response {
  const errors = error.issues.map((issue) => ({
    field: issue.path.join('.') || '(body)',
    message: issue.message,
  }));
  return problem('unprocessable', `${what}: ${errors[0]!.field}: ${errors[0]!.message}`, {
    field: errors[0]!.field,
    errors,
  });
}

/**
 * The body's bytes, read with a limit: 413 at once for a declared or an arriving size over `max`, 400 when
 * fewer bytes arrive than `Content-Length` declared (or the body breaks off).
 */
export async function readLimited(request: Request, max = MAX_BODY_BYTES): Promise<Uint8Array | Response> {
  const declaredText = request.headers.get('Content-Length');
  const declared = declaredText === null ? null : Number(declaredText);
  const tooLarge = () => problem('payload-too-large', `The body may be at most ${max} bytes.`);
  if (declared !== null && (!Number.isSafeInteger(declared) || declared < 0))
    return problem('bad-request', 'Content-Length is not a length.', { field: 'Content-Length' });
  if (declared !== null && declared > max) return tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > max || (declared !== null && size > declared)) {
          await reader.cancel().catch(() => undefined);
          return size > max
            ? tooLarge()
            : problem('bad-request', 'The body is longer than its Content-Length.');
        }
        chunks.push(value);
      }
    } catch {
      return problem('bad-request', 'The body broke off before it was complete.', {
        field: 'Content-Length',
      });
    }
  }
  if (declared !== null && size < declared)
    return problem(
      'bad-request',
      `The body has ${size} of the ${declared} bytes its Content-Length declares.`,
      {
        field: 'Content-Length',
      },
    );
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/**
 * Read a JSON body (`application/json`, or a file field `file` of `multipart/form-data`) and parse it with a
 * schema. Returns the value (and, for an upload, its other text fields) or a problem: 413 too large, 400 short
 * or not JSON, 415 another type, 422 not the schema.
 */
export async function readBody<T>(
  request: Request,
  schema: z.ZodType<T>,
  what: string,
): Promise<T | Response> {
  const read = await readForm(request);
  if (read instanceof Response) return read;
  let data: unknown;
  try {
    data = JSON.parse(read.text);
  } catch (error) {
    return problem('bad-request', `The body is not valid JSON: ${(error as Error).message.slice(0, 120)}`, {
      field: '(body)',
    });
  }
  const parsed = schema.safeParse(data);
  return parsed.success ? parsed.data : invalidBody(parsed.error, what);
}

/** The JSON text of a body and, for a multipart upload, its other fields (e.g. `base`). */
async function readForm(request: Request): Promise<{ text: string; fields: Map<string, string> } | Response> {
  const contentType = request.headers.get('Content-Type') ?? '';
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json' && type !== 'multipart/form-data')
    return problem(
      'unsupported-media-type',
      'Send application/json (or a multipart/form-data upload field "file").',
      {
        field: 'Content-Type',
      },
    );
  const bytes = await readLimited(request);
  if (bytes instanceof Response) return bytes;
  const fields = new Map<string, string>();
  if (type === 'application/json') {
    const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
    return { text, fields };
  }
  let form: FormData;
  try {
    form = await new Response(bytes as BodyInit, { headers: { 'Content-Type': contentType } }).formData();
  } catch {
    return problem('bad-request', 'The multipart body could not be read.', { field: 'file' });
  }
  const file = form.get('file');
  if (file === null)
    return problem('bad-request', 'Upload the month file as the form field "file".', { field: 'file' });
  for (const [key, value] of form.entries())
    if (typeof value === 'string' && key !== 'file') fields.set(key, value);
  const text = typeof file === 'string' ? file : await file.text();
  uploadFields.set(request, fields);
  return { text, fields };
}

/** The non-file fields of a multipart upload read by readBody (e.g. `base`), by request. */
const uploadFields = new WeakMap<Request, Map<string, string>>();

const COMMIT = /^[0-9a-f]{40}$/;

/**
 * The version a write was made from: `If-Match: "<commit>"`, else a `base` field of the body, else `?base=` or an
 * upload field `base`. A 428 problem when none is given, 400 when it is not a commit id.
 */
export function baseOf(request: Request, bodyBase?: string): string | Response {
  const ifMatch = request.headers.get('If-Match')?.trim();
  const value =
    ifMatch?.replace(/^W\//, '').replace(/^"(.*)"$/, '$1') ??
    bodyBase ??
    new URL(request.url).searchParams.get('base') ??
    uploadFields.get(request)?.get('base');
  if (value === undefined || value === null || value === '')
    return problem(
      'precondition-required',
      'Say which version this change was made from: If-Match: "<commit>" or "base" (the commit GET /api/admin/month answered).',
      { field: 'base' },
    );
  if (!COMMIT.test(value))
    return problem('bad-request', `base must be a commit id (40 hex digits), got "${value.slice(0, 50)}"`, {
      field: 'base',
    });
  return value;
}

/** Log a GitHub failure for operators: what failed and how, never the token or a body. */
function logFailure(error: GitHubError): void {
  console.error(
    JSON.stringify({
      event: 'github-failure',
      failure: error.failure,
      operation: error.operation,
      status: error.status ?? null,
    }),
  );
}

/** The problem for a GitHub failure: 502 (down, wrong answers), 503 (timeouts, limits), 403 (protected branch). */
export function githubProblem(error: GitHubError): Response {
  logFailure(error);
  const retry = error.retryAfterSec ? { 'Retry-After': String(error.retryAfterSec) } : undefined;
  const nothing = ' Nothing was changed by this request.';
  switch (error.failure) {
    case 'unknown-commit':
      return problem('conflict', `${error.message} Reload the month and make the change again.`, {
        field: 'base',
      });
    case 'protected':
    case 'forbidden':
      return problem('upstream-refused', error.message + nothing);
    case 'timeout':
    case 'rate-limited':
    case 'unreachable':
      return problem('upstream-unavailable', error.message + nothing, { headers: retry });
    default:
      return problem('upstream-failed', error.message + nothing, { headers: retry });
  }
}

/** Run an admin operation over GitHub: a GitHubError becomes its problem, anything else propagates. */
export async function overGitHub(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof GitHubError) return githubProblem(error);
    if (error instanceof EditRefused)
      return problem(error.kind, `${error.message}; nothing was written.`, {
        field: error.errors[0]?.field,
        errors: error.errors.length ? error.errors : undefined,
      });
    throw error;
  }
}

/** The answer to an edit's outcome. */
export function editAnswer(outcome: EditOutcome): Response {
  switch (outcome.kind) {
    case 'conflict':
      return problem(
        'conflict',
        outcome.changes.length
          ? `BS month changed since ${outcome.base.slice(0, 12)} in what this change touches (${outcome.changes.length} field(s)); nothing was written. Reload and decide again.`
          : 'The data kept changing while this change was being made; nothing was written. Try again.',
        {
          field: 'base',
          // Each change made since the base: the day, the field, its value then and now.
          errors: outcome.changes.map((c) => ({
            ...c,
            message: `changed from ${JSON.stringify(c.from)} to ${JSON.stringify(c.to)}`,
          })),
        },
      );
    case 'dry-run':
      return ok({
        commit: null,
        path: outcome.path,
        dryRun: true,
        base: outcome.head,
        changes: outcome.changes,
      });
    case 'unchanged':
      return ok({ commit: null, path: outcome.path, dryRun: false, changes: [] });
    case 'landed':
      return ok({
        commit: outcome.commit,
        path: outcome.path,
        dryRun: false,
        landed: true,
        changes: outcome.changes,
      });
    case 'committed':
      return ok(
        {
          commit: outcome.commit,
          path: outcome.path,
          dryRun: false,
          rebased: outcome.rebased,
          changes: outcome.changes,
        },
        { headers: { ETag: `"${outcome.commit}"` } },
      );
  }
}

/** Make an edit and answer it (the whole flow of an admin write). */
export function commitEdit(repository: DataRepository, edit: MonthEdit): Promise<Response> {
  return overGitHub(async () => editAnswer(await editMonth(repository, edit)));
}
