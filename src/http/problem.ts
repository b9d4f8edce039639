/**
 * Every API answer goes through here: `{success: true, data}` for success, and RFC 9457 problem details
 * (`application/problem+json`) with `success: false` for errors. Problem types are relative URIs under
 * /problems/ so clients can switch on them; titles are fixed per type, details say what was wrong.
 */
import { CalendarError, InvalidQueryError } from '../calendar/errors.ts';
import type { ProblemBody } from '../contract/problem.ts';

export type { ProblemBody } from '../contract/problem.ts';

export const JSON_TYPE = 'application/json; charset=utf-8';
export const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';

/** The catalogue of problem types: status and title, defined once. */
export const PROBLEMS = {
  'bad-request': { status: 400, title: 'Bad request' },
  'invalid-date': { status: 400, title: 'Invalid date' },
  unauthorized: { status: 401, title: 'Missing or wrong API token' },
  forbidden: { status: 403, title: 'Forbidden' },
  'not-found': { status: 404, title: 'Not found' },
  'out-of-range': { status: 404, title: 'Date outside the supported range' },
  'method-not-allowed': { status: 405, title: 'Method not allowed' },
  conflict: { status: 409, title: 'Concurrent change' },
  'payload-too-large': { status: 413, title: 'Payload too large' },
  'unsupported-media-type': { status: 415, title: 'Unsupported media type' },
  unprocessable: { status: 422, title: 'Unprocessable content' },
  'too-many-requests': { status: 429, title: 'Too many requests' },
  internal: { status: 500, title: 'Internal error' },
  unavailable: { status: 503, title: 'Not configured' },
} as const;
export type ProblemKind = keyof typeof PROBLEMS;

/** The body of a problem of a kind. */
export function problemBody(
  kind: ProblemKind,
  detail: string,
  extra: { field?: string; errors?: unknown[] } = {},
): ProblemBody {
  const { status, title } = PROBLEMS[kind];
  return {
    success: false,
    type: `/problems/${kind}`,
    title,
    status,
    detail,
    ...(extra.field ? { field: extra.field } : {}),
    ...(extra.errors ? { errors: extra.errors } : {}),
  };
}

/** A problem response. Example: `problem('invalid-date', 'month must be 1–12, got 13', { field: 'date' })`. */
export function problem(
  kind: ProblemKind,
  detail: string,
  extra: { field?: string; errors?: unknown[]; headers?: HeadersInit } = {},
): Response {
  const body = problemBody(kind, detail, extra);
  const headers = new Headers(extra.headers);
  headers.set('Content-Type', PROBLEM_TYPE);
  headers.set('Cache-Control', 'no-store');
  return new Response(JSON.stringify(body), { status: body.status, headers });
}

/** A success envelope `{success: true, data}` as JSON text (so callers can hash it for an ETag). */
export function okBody(data: unknown): string {
  return JSON.stringify({ success: true, data });
}

/** A success response `{success: true, data}`. */
export function ok(data: unknown, init: { status?: number; headers?: HeadersInit } = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('Content-Type', JSON_TYPE);
  return new Response(okBody(data), { status: init.status ?? 200, headers });
}

/** Map a library error to a problem: query and calendar errors are 400/404 naming the field; anything else is a 500 without internals. */
export function problemFromError(error: unknown, field?: string): Response {
  if (error instanceof InvalidQueryError)
    return problem('bad-request', error.message, { field: error.field });
  if (error instanceof CalendarError) {
    return problem(error.code === 'out-of-range' ? 'out-of-range' : 'invalid-date', error.message, {
      field: field ?? error.field,
    });
  }
  return problem('internal', 'The server could not answer this request.');
}
