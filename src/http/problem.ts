/**
 * Every API answer goes through here: `{success: true, data}` for success, and RFC 9457 problem details
 * (`application/problem+json`) with `success: false` for errors. Handlers and library helpers throw an
 * ApiProblem (or a CalendarError, or hono's HTTPException); the router renders every one of them in one place
 * with `problemFromError`. The catalogue of kinds (status, title, explanation) is src/contract/problem.ts.
 */
import { HTTPException } from 'hono/http-exception';
import { CalendarError, InvalidQueryError } from '../calendar/errors.ts';
import type { ImportError } from '../contract/admin.ts';
import { PROBLEMS, problemBody, type ProblemKind } from '../contract/problem.ts';
import type { z } from 'zod';

export type { ProblemBody, ProblemKind } from '../contract/problem.ts';
export { PROBLEMS, problemBody } from '../contract/problem.ts';

export const JSON_TYPE = 'application/json; charset=utf-8';
export const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';

export interface ProblemExtra {
  field?: string;
  errors?: readonly ImportError[];
  headers?: HeadersInit;
}

/**
 * A problem to answer, thrown from anywhere below the router.
 * Example: `throw new ApiProblem('not-found', 'BS 2300-01 is not stored', { field: 'year' })`.
 */
export class ApiProblem extends Error {
  readonly kind: ProblemKind;
  readonly detail: string;
  readonly extra: ProblemExtra;
  constructor(kind: ProblemKind, detail: string, extra: ProblemExtra = {}) {
    super(detail);
    this.name = 'ApiProblem';
    this.kind = kind;
    this.detail = detail;
    this.extra = extra;
  }
}

/** A problem response. Example: `problem('invalid-date', 'month must be 1–12, got 13', { field: 'date' })`. */
export function problem(kind: ProblemKind, detail: string, extra: ProblemExtra = {}): Response {
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

/**
 * okBody of `data` with, last, the list at `key` of the JSON rows `parts` (each one or more elements a line, as
 * src/contract/rows.ts rowsBytes gives them), as UTF-8: the rows joined by a comma and a line break as the rows
 * within a part are, without being decoded or parsed, one element a line. The same JSON as `okBody({ ...data,
 * [key]: rows })` but for those line breaks. Example: `okBodyWithRows({ from, to }, 'days', [aprilRows, mayRows])`.
 */
export function okBodyWithRows(
  data: object,
  key: string,
  parts: readonly Uint8Array[],
): Uint8Array<ArrayBuffer> {
  const body = okBody(data); // ends in the data's "}" and the envelope's
  const separator = Object.keys(data).length > 0 ? ',' : '';
  const start = ROW_TEXT.encode(`${body.slice(0, -2)}${separator}${JSON.stringify(key)}:[`);
  const end = ROW_TEXT.encode(']}}');
  const joints = Math.max(parts.length - 1, 0) * ROW_JOINT.length;
  const bytes = new Uint8Array(
    parts.reduce((n, part) => n + part.length, start.length + end.length + joints),
  );
  bytes.set(start, 0);
  let at = start.length;
  parts.forEach((part, i) => {
    if (i > 0) {
      bytes.set(ROW_JOINT, at);
      at += ROW_JOINT.length;
    }
    bytes.set(part, at);
    at += part.length;
  });
  bytes.set(end, at);
  return bytes;
}
const ROW_TEXT = /* @__PURE__ */ new TextEncoder();
/** Between two rows of a list written one element a line: a comma, a line break. */
const ROW_JOINT = /* @__PURE__ */ ROW_TEXT.encode(',\n');

/** A success response `{success: true, data}`. */
export function ok(data: unknown, init: { status?: number; headers?: HeadersInit } = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('Content-Type', JSON_TYPE);
  return new Response(okBody(data), { status: init.status ?? 200, headers });
}

/** The problem kind of an HTTP status hono answers by itself (415, 413, 400 …). */
function kindOfStatus(status: number): ProblemKind {
  const kind = (Object.keys(PROBLEMS) as ProblemKind[]).find((k) => PROBLEMS[k].status === status);
  return kind ?? (status < 500 ? 'bad-request' : 'internal');
}

/**
 * The problem answer of anything thrown: an ApiProblem as itself, query and calendar errors as 400/404 naming the field,
 * hono's HTTPException by its status, anything else a 500 that discloses nothing.
 */
export function problemFromError(error: unknown, field?: string): Response {
  if (error instanceof ApiProblem) return problem(error.kind, error.detail, error.extra);
  if (error instanceof InvalidQueryError)
    return problem('bad-request', error.message, { field: error.field });
  if (error instanceof CalendarError) {
    return problem(error.code === 'out-of-range' ? 'out-of-range' : 'invalid-date', error.message, {
      field: field ?? error.field,
    });
  }
  if (error instanceof HTTPException && error.status < 500) {
    const kind = kindOfStatus(error.status);
    return problem(kind, error.message || PROBLEMS[kind].title, { headers: error.res?.headers });
  }
  return problem('internal', 'The server could not answer this request.');
}

/**
 * What a value not among a field's values must be, and the value given where it is known (a query's), as the
 * OpenAPI document's example of a bad request says it: `must be "ne" or "en", got "fr"`.
 */
function oneOf(values: readonly unknown[], given: unknown): string {
  const quoted = values.map((v) => JSON.stringify(v));
  const list = quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}` : quoted.join('');
  return `must be ${list}${typeof given === 'string' ? `, got ${JSON.stringify(given)}` : ''}`;
}

/** zod's own words (its default messages), which an answer says in ours; a schema's own message is kept. */
const ZOD_WORDS = /^(?:Invalid|Too (?:small|big))/;
const aOrAn = (noun: string) => (/^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`);
const plural = (n: unknown, noun: string) => `${String(n)} ${noun}${n === 1 ? '' : 's'}`;

/**
 * What is wrong with a field, in the API's words, from zod's issue: `given` is the field's value as asked (a
 * query's; a list when a parameter came more than once), or undefined. A schema's own message is kept.
 * Example: `issueMessage(issue, 'fr')` → `must be "ne" or "en", got "fr"`.
 */
export function issueMessage(issue: z.core.$ZodIssue, given: unknown): string {
  // A parameter given more than once is a list in the query as asked, and zod says it expected one of its values.
  if (Array.isArray(given))
    return 'given more than once: give it once (where it takes a list, as comma-separated values)';
  switch (issue.code) {
    case 'unrecognized_keys':
      return `not a field here${issue.keys.length > 1 ? ` (nor ${issue.keys.slice(1).join(', ')})` : ''}`;
    case 'invalid_value':
      return oneOf(issue.values, given);
  }
  if (!ZOD_WORDS.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      // zod says of a missing field "Invalid input: expected string, received undefined".
      return /received undefined$/.test(issue.message) ? 'required' : `must be ${aOrAn(issue.expected)}`;
    case 'too_small':
    case 'too_big': {
      const bound = issue.code === 'too_small' ? issue.minimum : issue.maximum;
      const least = issue.code === 'too_small' ? 'at least' : 'at most';
      if (issue.origin === 'string') return `must have ${least} ${plural(bound, 'character')}`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `must have ${least} ${plural(bound, 'item')}`;
      const strict = issue.code === 'too_small' ? 'more than' : 'less than';
      return `must be ${issue.inclusive === false ? strict : least} ${String(bound)}`;
    }
    case 'invalid_format':
      return issue.format === 'regex' && issue.pattern
        ? `must match ${issue.pattern}`
        : `must be ${aOrAn(issue.format)}`;
    case 'invalid_union':
      return 'is none of the forms it may take';
    default:
      return issue.message;
  }
}
