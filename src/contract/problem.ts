/**
 * The error answer of every endpoint: RFC 9457 problem details (`application/problem+json`) with the API's
 * `success: false`, and for input errors the field that was wrong (and, for import files, every error). The
 * catalogue of problem kinds lives here, once: each kind's status, title and the explanation its `type` page
 * (`/problems/{kind}`) shows.
 * Its schemas are built in closures marked pure (`@__PURE__`): a bundle that uses none of them drops them, so the
 * function builds no answer schema at start (src/http/answers.ts; test/functions/bundle.test.ts).
 */
import * as z from 'zod';
import { importErrorSchema, type ImportError } from './admin.ts';

export interface ProblemKindInfo {
  readonly status: number;
  readonly title: string;
  /** What the problem means and what a client should do about it (the `/problems/{kind}` page). */
  readonly explanation: string;
}

/** The catalogue of problem types: status, title and explanation, defined once. */
export const PROBLEMS = {
  'bad-request': {
    status: 400,
    title: 'Bad request',
    explanation:
      'A parameter, path segment or body is malformed: `field` names it and `detail` says what was expected. Fix the request; repeating it unchanged gives the same answer.',
  },
  'invalid-date': {
    status: 400,
    title: 'Invalid date',
    explanation:
      'The date is well formed but names no day of its calendar (BS month 13, day 33, 30 February). `field` names the parameter.',
  },
  unauthorized: {
    status: 401,
    title: 'Missing or wrong API token',
    explanation:
      'Every /api/ request carries an API token as `Authorization: Bearer <token>` or `x-api-key: <token>` (the webcal feed also takes `?token=`). The answer carries `WWW-Authenticate`.',
  },
  forbidden: {
    status: 403,
    title: 'Forbidden',
    explanation:
      'An admin request without a valid session, with a wrong password, or from a foreign `Origin`. Sign in on the admin page of the same site.',
  },
  'not-found': {
    status: 404,
    title: 'Not found',
    explanation:
      'No endpoint has this path, or the year, month or record asked for is not stored in this deployment; /api/panchanga/available-months lists what is.',
  },
  'out-of-range': {
    status: 404,
    title: 'Date outside the supported range',
    explanation:
      'The service answers for BS 1900–2200 (about AD 1843–2144). `detail` names the range; dates outside it have no answer.',
  },
  'method-not-allowed': {
    status: 405,
    title: 'Method not allowed',
    explanation:
      'The path exists but not with this method. The `Allow` header lists the methods it answers (HEAD wherever GET).',
  },
  conflict: {
    status: 409,
    title: 'Concurrent change',
    explanation:
      'The records this admin change touches changed since the version it was made from (`base`); `errors` lists what changed and nothing was written. Reload the month and decide again. (Changes to other days or months are applied on the newer version, not refused.)',
  },
  'payload-too-large': {
    status: 413,
    title: 'Payload too large',
    explanation:
      'The request body exceeds the size an admin change may have (a month file is tens of kilobytes).',
  },
  'unsupported-media-type': {
    status: 415,
    title: 'Unsupported media type',
    explanation:
      'Admin bodies are `application/json`, or a `multipart/form-data` upload with the field `file` where an endpoint says so.',
  },
  'precondition-required': {
    status: 428,
    title: 'Precondition required',
    explanation:
      'An admin change must say which version it was made from: `If-Match: "<commit>"` or a `base` field, the commit GET /api/admin/month answered. Without it a change could silently overwrite another admin’s.',
  },
  unprocessable: {
    status: 422,
    title: 'Unprocessable content',
    explanation:
      'The body is JSON but not what the endpoint accepts, or the change would leave invalid data: `errors` lists every problem (for an import, one per row and field) and nothing was written.',
  },
  'too-many-requests': {
    status: 429,
    title: 'Too many requests',
    explanation: 'Too many failed sign-ins or requests in a short time; wait the seconds `Retry-After` says.',
  },
  internal: {
    status: 500,
    title: 'Internal error',
    explanation:
      'The server failed to answer a valid request. Nothing about the failure is disclosed; please report the request.',
  },
  unavailable: {
    status: 503,
    title: 'Not configured',
    explanation:
      'The deployment lacks the configuration this endpoint needs (admin users, session secret, the data repository).',
  },
  'upstream-failed': {
    status: 502,
    title: 'The data repository failed',
    explanation:
      'GitHub (the data repository) answered wrongly: an error, a body of the wrong shape, a 404 for a file its tree lists, or a refused token. `detail` says which; nothing was changed, and nothing was taken for absent. Retry after `Retry-After` where given; a refused token needs an operator.',
  },
  'upstream-unavailable': {
    status: 503,
    title: 'The data repository is unavailable',
    explanation:
      'GitHub did not answer in time, could not be reached, or its rate limit is reached; nothing was changed. Retry after the seconds `Retry-After` says: a change that landed meanwhile is then reported as landed.',
  },
  'upstream-refused': {
    status: 403,
    title: 'The data repository refused the change',
    explanation:
      'GitHub refused to move the data branch (branch protection, or a token without write access); nothing was changed. An operator must allow the service to commit or point GITHUB_BRANCH elsewhere.',
  },
} as const satisfies Record<string, ProblemKindInfo>;

export type ProblemKind = keyof typeof PROBLEMS;
export const PROBLEM_KINDS = Object.keys(PROBLEMS) as ProblemKind[];

/** The `type` URI of a problem kind, relative to the site (a page that explains it). */
export function problemTypeUri(kind: ProblemKind): string {
  return `/problems/${kind}`;
}

export const problemSchema = /* @__PURE__ */ (() =>
  z
    .object({
      success: z.literal(false),
      type: z.string().describe('A relative URI under /problems/, e.g. /problems/invalid-date'),
      title: z.string(),
      status: z.number().int().min(400).max(599),
      detail: z.string().describe('What was wrong, in words'),
      field: z.string().optional().describe('The parameter or body field that was wrong'),
      errors: z
        .array(importErrorSchema())
        .optional()
        .describe('Every error found, each naming its field (and for an import file its row)'),
    })
    .meta({ id: 'Problem', description: 'RFC 9457 problem details.' }))();

export type ProblemBody = z.infer<typeof problemSchema>;

/** The body of a problem of a kind. Example: `problemBody('bad-request', 'lang: must be …', { field: 'lang' })`. */
export function problemBody(
  kind: ProblemKind,
  detail: string,
  extra: { field?: string; errors?: readonly ImportError[] } = {},
): ProblemBody {
  const { status, title } = PROBLEMS[kind];
  return {
    success: false,
    type: problemTypeUri(kind),
    title,
    status,
    detail,
    ...(extra.field ? { field: extra.field } : {}),
    ...(extra.errors ? { errors: [...extra.errors] } : {}),
  };
}
