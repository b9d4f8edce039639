/**
 * The error answer of every endpoint: RFC 9457 problem details (`application/problem+json`) with the API's
 * `success: false`, and for input errors the field that was wrong (and, for import files, every error). The
 * catalogue of problem kinds lives here, once: each kind's status, title and the explanation its `type` page
 * (`/problems/{kind}`) shows.
 */
import { z } from 'zod';
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
      'The data repository moved while this admin change was made; nothing was written. Reload the month and make the change again.',
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
} as const satisfies Record<string, ProblemKindInfo>;

export type ProblemKind = keyof typeof PROBLEMS;
export const PROBLEM_KINDS = Object.keys(PROBLEMS) as ProblemKind[];

/** The `type` URI of a problem kind, relative to the site (a page that explains it). */
export function problemTypeUri(kind: ProblemKind): string {
  return `/problems/${kind}`;
}

export const problemSchema = z
  .object({
    success: z.literal(false),
    type: z.string().describe('A relative URI under /problems/, e.g. /problems/invalid-date'),
    title: z.string(),
    status: z.number().int().min(400).max(599),
    detail: z.string().describe('What was wrong, in words'),
    field: z.string().optional().describe('The parameter or body field that was wrong'),
    errors: z
      .array(importErrorSchema)
      .optional()
      .describe('Every error found, each naming its field (and for an import file its row)'),
  })
  .meta({ id: 'Problem', description: 'RFC 9457 problem details.' });

export type ProblemBody = z.infer<typeof problemSchema>;

/** The body of a problem of a kind. Example: `problemBody('bad-request', 'lang must be …', { field: 'lang' })`. */
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
