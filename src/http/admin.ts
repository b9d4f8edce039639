/**
 * The guard and the plumbing every admin function shares: the same-origin check (unsafe methods and GETs), the
 * session check against the server-side session store, the body read with its size limited while it is read
 * (the routes validate it with their declared schemas), the version a write was made from (`If-Match` or `base`),
 * and the answers to an edit (src/admin/edit.ts): committed, landed, 409 with what changed, 422, and a clear
 * 502/503/403 problem when GitHub fails, logged without secrets. A refusal is thrown as an ApiProblem, which the
 * router renders in one place (src/http/app.ts onError). Functions stay thin over these.
 */
import { EditRefused, editMonth, type EditOutcome, type MonthEdit } from '../admin/edit.ts';
import type { FieldChange } from '../contract/admin.ts';
import { DataRepository, GitHubError } from '../admin/repository.ts';
import type { Env } from './env.ts';
import { ApiProblem, ok } from './problem.ts';
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
 * Refuse an admin request from another site: a 403 ApiProblem thrown, nothing when it may proceed. Unsafe methods
 * must name the site's own origin (or SITE_ORIGIN) in `Origin`; a GET may omit it (browsers do for same-origin
 * GETs) but not name another, and `Sec-Fetch-Site`, when sent, must say the site itself.
 */
export function assertSameOrigin(request: Request, env: Pick<Env, 'SITE_ORIGIN'>): void {
  const origin = request.headers.get('Origin');
  const allowed = [new URL(request.url).origin, env.SITE_ORIGIN].filter(Boolean);
  const site = request.headers.get('Sec-Fetch-Site');
  const safe = request.method === 'GET' || request.method === 'HEAD';
  if (site !== null && !OWN_SITE.includes(site))
    throw new ApiProblem(
      'forbidden',
      `Admin requests must come from the site itself (Sec-Fetch-Site: ${site.slice(0, 20)}).`,
      { field: 'Origin' },
    );
  if (origin ? allowed.includes(origin) : safe) return;
  throw new ApiProblem(
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

/** The session store; a 503 ApiProblem thrown when ADMIN_KV is not bound. */
export function sessionStore(env: Env): SessionStore {
  if (env.ADMIN_KV) return env.ADMIN_KV;
  throw new ApiProblem(
    'unavailable',
    'Admin sessions need the ADMIN_KV namespace (wrangler.toml [[kv_namespaces]]).',
  );
}

/** The signed-in admin of a request (and the session id); a 403 ApiProblem thrown (503 when not configured). */
export async function sessionOf(
  request: Request,
  env: Env,
  nowMs: number,
): Promise<{ user: string; id: string }> {
  if (!env.SESSION_SECRET)
    throw new ApiProblem('unavailable', 'Admin sessions are not configured (SESSION_SECRET).');
  const check = await checkSession(
    sessionStore(env),
    sessionFromCookies(request.headers.get('Cookie')),
    env.SESSION_SECRET,
    Math.floor(nowMs / 1000),
    adminUsers(env.ADMIN_USERS),
  );
  if ('refused' in check) throw new ApiProblem('forbidden', `${REFUSED[check.refused]} No admin session.`);
  return check;
}

/** Both guards of any admin request: same origin, then a session. Returns the admin's name; throws a problem. */
export async function adminGuard(request: Request, env: Env, nowMs: number): Promise<string> {
  assertSameOrigin(request, env);
  return (await sessionOf(request, env, nowMs)).user;
}

/** The data repository from configuration; a 503 ApiProblem naming what is missing thrown without it. */
export function dataRepository(env: Env): DataRepository {
  if (!env.GITHUB_REPO || !env.GITHUB_TOKEN)
    throw new ApiProblem('unavailable', 'The data repository is not configured (GITHUB_REPO, GITHUB_TOKEN).');
  const timeout = Number(env.GITHUB_TIMEOUT_MS);
  return new DataRepository({
    repo: env.GITHUB_REPO,
    branch: env.GITHUB_BRANCH || 'main',
    token: env.GITHUB_TOKEN,
    apiUrl: env.GITHUB_API_URL || undefined,
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : undefined,
  });
}

/**
 * The body's bytes, read with a limit: 413 at once for a declared or an arriving size over `max`, 400 when
 * fewer bytes arrive than `Content-Length` declared (or the body breaks off), each thrown as an ApiProblem.
 */
export async function readLimited(request: Request, max = MAX_BODY_BYTES): Promise<Uint8Array> {
  const declaredText = request.headers.get('Content-Length');
  const declared = declaredText === null ? null : Number(declaredText);
  const tooLarge = () => new ApiProblem('payload-too-large', `The body may be at most ${max} bytes.`);
  if (declared !== null && (!Number.isSafeInteger(declared) || declared < 0))
    throw new ApiProblem('bad-request', 'Content-Length is not a length.', { field: 'Content-Length' });
  if (declared !== null && declared > max) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      let read: ReadableStreamReadResult<Uint8Array>;
      try {
        read = await reader.read();
      } catch {
        throw new ApiProblem('bad-request', 'The body broke off before it was complete.', {
          field: 'Content-Length',
        });
      }
      if (read.done) break;
      size += read.value.byteLength;
      if (size > max || (declared !== null && size > declared)) {
        await reader.cancel().catch(() => undefined);
        throw size > max
          ? tooLarge()
          : new ApiProblem('bad-request', 'The body is longer than its Content-Length.');
      }
      chunks.push(read.value);
    }
  }
  if (declared !== null && size < declared)
    throw new ApiProblem(
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

const COMMIT = /^[0-9a-f]{40}$/;

/**
 * The version a write was made from: `If-Match: "<commit>"`, else the `base` given with the body (a JSON field, or
 * an upload's form field), else `?base=`. A 428 ApiProblem thrown when none is given, 400 when it is not a commit id.
 */
export function baseOf(request: Request, bodyBase?: string): string {
  const ifMatch = request.headers.get('If-Match')?.trim();
  const value =
    ifMatch?.replace(/^W\//, '').replace(/^"(.*)"$/, '$1') ??
    bodyBase ??
    new URL(request.url).searchParams.get('base');
  if (value === undefined || value === null || value === '')
    throw new ApiProblem(
      'precondition-required',
      'Say which version this change was made from: If-Match: "<commit>" or "base" (the commit GET /api/admin/month answered).',
      { field: 'base' },
    );
  if (!COMMIT.test(value))
    throw new ApiProblem(
      'bad-request',
      `base must be a commit id (40 hex digits), got "${value.slice(0, 50)}"`,
      {
        field: 'base',
      },
    );
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
function githubProblem(error: GitHubError): ApiProblem {
  logFailure(error);
  const retry = error.retryAfterSec ? { 'Retry-After': String(error.retryAfterSec) } : undefined;
  const nothing = ' Nothing was changed by this request.';
  switch (error.failure) {
    case 'unknown-commit':
      return new ApiProblem('conflict', `${error.message} Reload the month and make the change again.`, {
        field: 'base',
      });
    case 'protected':
    case 'forbidden':
      return new ApiProblem('upstream-refused', error.message + nothing);
    case 'timeout':
    case 'rate-limited':
    case 'unreachable':
      return new ApiProblem('upstream-unavailable', error.message + nothing, { headers: retry });
    default:
      return new ApiProblem('upstream-failed', error.message + nothing, { headers: retry });
  }
}

/** Run an admin operation over GitHub: a GitHubError or a refused edit is thrown as its problem. */
export async function overGitHub(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof GitHubError) throw githubProblem(error);
    if (error instanceof EditRefused)
      throw new ApiProblem(error.kind, `${error.message}; nothing was written.`, {
        field: error.errors[0]?.field,
        errors: error.errors.length ? error.errors : undefined,
      });
    throw error;
  }
}

/** The changes an edit's outcome writes (none for a conflict or a change that changes nothing). */
const writtenChanges = (outcome: EditOutcome): readonly FieldChange[] =>
  outcome.kind === 'conflict' || outcome.kind === 'unchanged' ? [] : outcome.changes;

/**
 * The event names an edit writes (its changes of `events`) that are not among `known` (the glossary's printed names),
 * each once, in order; none when `known` is not given (a deployment built before it was stored).
 * Example: `namesUnknown([{ gate: 1, field: 'events', from: null, to: ['नयाँ पर्व'] }], [])` → `['नयाँ पर्व']`.
 */
export function namesUnknown(
  changes: readonly { field: string; to: unknown }[],
  known: readonly string[] | null,
): string[] {
  if (!known) return [];
  const knownNames = new Set(known.map((name) => name.normalize('NFC')));
  const written = changes.flatMap((c) =>
    c.field === 'events' && Array.isArray(c.to) ? (c.to as unknown[]) : [],
  );
  const names = written.filter((name): name is string => typeof name === 'string');
  return [...new Set(names.filter((name) => !knownNames.has(name.normalize('NFC'))))];
}

/**
 * The answer to an edit's outcome, naming the event names it writes that the glossary does not know
 * (`unknownNames`); a conflict is thrown as a 409 ApiProblem listing what changed.
 */
export function editAnswer(outcome: EditOutcome, known: readonly string[] | null = null): Response {
  const unknown = namesUnknown(writtenChanges(outcome), known);
  const unknownNames = unknown.length ? { unknownNames: unknown } : {};
  switch (outcome.kind) {
    case 'conflict':
      throw new ApiProblem(
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
        ...unknownNames,
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
        ...unknownNames,
      });
    case 'committed':
      return ok(
        {
          commit: outcome.commit,
          path: outcome.path,
          dryRun: false,
          rebased: outcome.rebased,
          changes: outcome.changes,
          ...unknownNames,
        },
        { headers: { ETag: `"${outcome.commit}"` } },
      );
  }
}

/**
 * Make an edit and answer it (the whole flow of an admin write); `knownNames` reads the glossary's printed names
 * (STATIC_FILES.printedNames) when the edit writes events, to name those it lacks.
 */
export function commitEdit(
  repository: DataRepository,
  knownNames: () => Promise<readonly string[] | null>,
  edit: MonthEdit,
): Promise<Response> {
  return overGitHub(async () => {
    const outcome = await editMonth(repository, edit);
    const writesEvents = writtenChanges(outcome).some((c) => c.field === 'events');
    return editAnswer(outcome, writesEvents ? await knownNames() : null);
  });
}
