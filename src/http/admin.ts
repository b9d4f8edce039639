/**
 * The guard and the plumbing every admin function shares: the same-origin check for unsafe methods, the
 * session check, reading a JSON (or uploaded JSON file) body through a zod schema, and committing one month's
 * change to the data repository with a 409 for a concurrent change. Functions stay thin over these.
 */
import type { z } from 'zod';
import { ConcurrentChangeError, DataRepository } from '../admin/repository.ts';
import { curatedMonthSchema, type CuratedMonth } from '../contract/data-files.ts';
import { monthChanges, summarizeChanges } from '../admin/changes.ts';
import {
  checkCuratedMonth,
  curatedPath,
  dataFileText,
  formatIssue,
  issueErrors,
} from '../almanac/month-check.ts';
import type { Env } from './env.ts';
import { ok, problem } from './problem.ts';
import { sessionFromCookies, verifySession } from './session.ts';

/** Largest accepted admin body: a month file is a few tens of kilobytes. */
export const MAX_BODY_BYTES = 256 * 1024;

/** Refuse an unsafe request whose Origin is not the site's own (or SITE_ORIGIN); null when it may proceed. */
export function foreignOrigin(request: Request, env: Pick<Env, 'SITE_ORIGIN'>): Response | null {
  const origin = request.headers.get('Origin');
  const allowed = [new URL(request.url).origin, env.SITE_ORIGIN].filter(Boolean);
  if (origin && allowed.includes(origin)) return null;
  return problem(
    'forbidden',
    origin ? `Requests from ${origin.slice(0, 100)} may not change data.` : 'An Origin header is required.',
    { field: 'Origin' },
  );
}

/** The signed-in admin of a request, or a 403 problem (503 when sessions are not configured). */
export async function sessionUser(request: Request, env: Env, nowMs: number): Promise<string | Response> {
  if (!env.SESSION_SECRET)
    return problem('unavailable', 'Admin sessions are not configured (SESSION_SECRET).');
  const check = await verifySession(
    sessionFromCookies(request.headers.get('Cookie')),
    env.SESSION_SECRET,
    Math.floor(nowMs / 1000),
  );
  if ('user' in check) return check.user;
  const why = {
    missing: 'Sign in first.',
    forged: 'The session is not valid.',
    expired: 'The session has expired.',
  };
  return problem('forbidden', `${why[check.refused]} No admin session.`);
}

/** Both guards of a mutation: same origin, then a session. Returns the admin's name or a problem. */
export async function adminGuard(request: Request, env: Env, nowMs: number): Promise<string | Response> {
  return foreignOrigin(request, env) ?? sessionUser(request, env, nowMs);
}

/** The data repository from configuration, or a 503 problem naming what is missing. */
export function dataRepository(env: Env): DataRepository | Response {
  if (!env.GITHUB_REPO || !env.GITHUB_TOKEN)
    return problem('unavailable', 'The data repository is not configured (GITHUB_REPO, GITHUB_TOKEN).');
  return new DataRepository({
    repo: env.GITHUB_REPO,
    branch: env.GITHUB_BRANCH || 'main',
    token: env.GITHUB_TOKEN,
    apiUrl: env.GITHUB_API_URL || undefined,
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
 * Read a JSON body (`application/json`, or a file field `file` of `multipart/form-data`) and parse it with a
 * schema. Returns the value or a problem: 413 too large, 415 another type, 400 not JSON, 422 not the schema.
 */
export async function readBody<T>(
  request: Request,
  schema: z.ZodType<T>,
  what: string,
): Promise<T | Response> {
  const length = Number(request.headers.get('Content-Length') ?? 0);
  if (length > MAX_BODY_BYTES)
    return problem('payload-too-large', `The body may be at most ${MAX_BODY_BYTES} bytes.`);
  const type = (request.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  let text: string;
  if (type === 'application/json') {
    text = await request.text();
  } else if (type === 'multipart/form-data') {
    let file: FormDataEntryValue | null;
    try {
      file = (await request.formData()).get('file');
    } catch {
      return problem('bad-request', 'The multipart body could not be read.', { field: 'file' });
    }
    if (file === null)
      return problem('bad-request', 'Upload the month file as the form field "file".', { field: 'file' });
    text = typeof file === 'string' ? file : await file.text();
  } else {
    return problem(
      'unsupported-media-type',
      'Send application/json (or a multipart/form-data upload field "file").',
      {
        field: 'Content-Type',
      },
    );
  }
  if (new TextEncoder().encode(text).length > MAX_BODY_BYTES)
    return problem('payload-too-large', `The body may be at most ${MAX_BODY_BYTES} bytes.`);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return problem('bad-request', `The body is not valid JSON: ${(error as Error).message.slice(0, 120)}`, {
      field: '(body)',
    });
  }
  const parsed = schema.safeParse(data);
  return parsed.success ? parsed.data : invalidBody(parsed.error, what);
}

/** The curated month stored at a commit, or null; a stored file that fails its schema is reported, not used. */
export async function storedMonth(
  repository: DataRepository,
  commit: string,
  year: number,
  month: number,
): Promise<CuratedMonth | null> {
  const text = await repository.readFile(curatedPath(year, month), commit);
  return text === null ? null : curatedMonthSchema.parse(JSON.parse(text));
}

export interface MonthChange {
  year: number;
  month: number;
  user: string;
  /** What the change is, for the commit message: "import", "set", "delete". */
  action: string;
  dryRun?: boolean;
  /** The month as it should be, from the stored one; null deletes the file; a Response refuses the change. */
  change(
    stored: CuratedMonth | null,
  ): Promise<CuratedMonth | null | Response> | CuratedMonth | null | Response;
}

/**
 * Read the month at the branch head, compute the change, and (unless a dry run) commit it as one commit.
 * Answers the commit and the field changes; 409 when the branch moved meanwhile.
 */
export async function commitMonthChange(repository: DataRepository, request: MonthChange): Promise<Response> {
  const { year, month, user } = request;
  const head = await repository.head();
  const stored = await storedMonth(repository, head.commit, year, month);
  const next = await request.change(stored);
  if (next instanceof Response) return next;
  const path = curatedPath(year, month);
  // The same checks as the build's: a month that would stop the build is refused, nothing is written.
  const issues = next === null ? [] : checkCuratedMonth(path, next);
  if (issues.length) {
    const errors = issueErrors(issues);
    return problem('unprocessable', `${formatIssue(issues[0]!)}; nothing was written.`, {
      errors,
      field: errors[0]!.field,
    });
  }
  const changes = monthChanges(stored, next);
  if (request.dryRun || changes.length === 0)
    return ok({ commit: null, path, dryRun: request.dryRun === true, changes });
  const message = `${request.action} BS ${year}-${String(month).padStart(2, '0')}: ${summarizeChanges(changes)}\n\nBy admin ${user} through the admin API.`;
  const author = { name: user, email: `${user.replace(/[^A-Za-z0-9._-]/g, '_')}@admin.panchanga.invalid` };
  try {
    const commit = await repository.commit(
      head,
      message,
      [{ path, content: next === null ? null : dataFileText(next) }],
      author,
    );
    return ok({ commit, path, dryRun: false, changes });
  } catch (error) {
    if (error instanceof ConcurrentChangeError) return problem('conflict', error.message);
    throw error;
  }
}
