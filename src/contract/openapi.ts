/**
 * The OpenAPI 3.1 document of the API, generated from the zod schemas (the one source of truth): every endpoint
 * is an entry of ENDPOINTS (its parameters as zod, its answer's schema, its problems by kind), components are
 * every schema registered with a meta id, and examples are passed in by the build (computed by the library,
 * never typed by hand). Served at /api/openapi.json; written by scripts/build-contract.ts.
 */
import { z } from 'zod';
import { PROBLEMS, type ProblemKind } from '../http/problem.ts';
import {
  adminMonthSchema,
  commitResultSchema,
  dayUpdateSchema,
  importErrorSchema,
  importMonthSchema,
  loginSchema,
  monthRefSchema,
  sessionSchema,
  signedOutSchema,
} from './admin.ts';
import { conversionSchema } from './converter.ts';
import { availableMonthsSchema, fullDayRecordSchema, monthFileSchema } from './day-record.ts';
import { festivalYearSchema } from './festival.ts';
import { muhuratListSchema } from './muhurat.ts';
import { problemSchema } from './problem.ts';

/** Who may call: an API token (header), the feed's token (header or query), an admin session, or anyone. */
type Access = 'token' | 'feed' | 'session' | 'public';

export interface Endpoint {
  readonly method: 'get' | 'post';
  readonly path: string;
  readonly operationId: string;
  readonly tag: 'Calendar' | 'Festivals' | 'Feed' | 'Admin' | 'Contract';
  readonly summary: string;
  readonly description?: string;
  readonly access: Access;
  readonly pathParams?: z.ZodObject;
  readonly query?: z.ZodObject;
  /** The request body (JSON; `multipart` also accepts the same file as an upload field `file`). */
  readonly body?: { schema: z.ZodType; multipart?: boolean };
  /** The `data` of a success answer; or, for the feed, its media type. */
  readonly answer: z.ZodType | { mediaType: string; description: string };
  readonly problems: readonly ProblemKind[];
}

const lang = z.enum(['ne', 'en']).default('ne').describe('Language of names and text');
const bsYear = z
  .string()
  .regex(/^\d{4}$/)
  .describe('BS year (default: the current BS year in Nepal)');

export const ENDPOINTS: readonly Endpoint[] = [
  {
    method: 'get',
    path: '/api/panchanga',
    operationId: 'today',
    tag: 'Calendar',
    summary: "Today's full record in Nepal",
    description:
      'The day changes at Nepal midnight (18:15 UTC); the answer may be cached until then and no longer.',
    access: 'token',
    query: z.object({ lang }),
    answer: fullDayRecordSchema,
    problems: ['bad-request', 'unauthorized'],
  },
  {
    method: 'get',
    path: '/api/panchanga/{year}/{month}',
    operationId: 'month',
    tag: 'Calendar',
    summary: 'Every day of a BS month (a static file; BS 1900–2200, the whole supported range)',
    access: 'token',
    pathParams: z.object({
      year: z
        .string()
        .regex(/^\d{4}$/)
        .describe('BS year'),
      month: z
        .string()
        .regex(/^(0?[1-9]|1[0-2])$/)
        .describe('BS month 1–12, e.g. 01 or 1'),
    }),
    query: z.object({ lang }),
    answer: monthFileSchema,
    problems: ['bad-request', 'unauthorized', 'not-found'],
  },
  {
    method: 'get',
    path: '/api/panchanga/by-english-date/{date}',
    operationId: 'byEnglishDate',
    tag: 'Calendar',
    summary: 'The full record of an AD date',
    access: 'token',
    pathParams: z.object({
      date: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/)
        .describe('AD date YYYY-MM-DD'),
    }),
    query: z.object({ lang }),
    answer: fullDayRecordSchema,
    problems: ['bad-request', 'invalid-date', 'unauthorized', 'not-found', 'out-of-range'],
  },
  {
    method: 'get',
    path: '/api/panchanga/available-months',
    operationId: 'availableMonths',
    tag: 'Calendar',
    summary: 'Curated years and months, the computed range, and each year’s status',
    access: 'token',
    query: z.object({ lang }),
    answer: availableMonthsSchema,
    problems: ['bad-request', 'unauthorized'],
  },
  {
    method: 'get',
    path: '/api/date-converter',
    operationId: 'convertDate',
    tag: 'Calendar',
    summary: 'Convert a date between AD and BS (BS 1900–2200)',
    description:
      'Devanagari digits are accepted. Without `from`, Devanagari digits mean BS and ASCII digits AD, unless the date exists only in BS; the answer says what was assumed.',
    access: 'token',
    query: z.object({
      date: z.string().max(32).describe('YYYY-MM-DD, ASCII or Devanagari digits'),
      from: z.enum(['ad', 'bs']).optional().describe('The calendar of `date`'),
      lang,
    }),
    answer: conversionSchema,
    problems: ['bad-request', 'invalid-date', 'unauthorized', 'out-of-range'],
  },
  {
    method: 'get',
    path: '/api/festivals',
    operationId: 'festivals',
    tag: 'Festivals',
    summary: 'Every festival and public holiday of a BS year with its dates',
    access: 'token',
    query: z.object({ year: bsYear.optional(), lang }),
    answer: festivalYearSchema,
    problems: ['bad-request', 'unauthorized', 'not-found', 'out-of-range'],
  },
  {
    method: 'get',
    path: '/api/muhurats',
    operationId: 'muhurats',
    tag: 'Festivals',
    summary: 'Published auspicious days (muhurat) of a BS year',
    description:
      'A year without a published list answers an empty list that says so (`published: false`), not an error.',
    access: 'token',
    query: z.object({
      year: bsYear.optional(),
      category: z
        .string()
        .optional()
        .describe('Comma-separated: bibaha, bratabandha, pasni (default), or others the sources have'),
      lang,
    }),
    answer: muhuratListSchema,
    problems: ['bad-request', 'unauthorized', 'out-of-range'],
  },
  {
    method: 'get',
    path: '/api/v1/calendar.ics',
    operationId: 'calendarFeed',
    tag: 'Feed',
    summary: 'The webcal feed of festivals and holidays (iCalendar)',
    description:
      'All-day events of the previous, current and next BS years, with UIDs that never change. Subscribe with `webcal://<host>/api/v1/calendar.ics?token=<token>`.',
    access: 'feed',
    query: z.object({
      lang,
      holidays: z.enum(['all', 'only']).default('all').describe('only: public holidays alone'),
      include: z.enum(['none', 'muhurat']).default('none').describe('muhurat: add the auspicious days'),
    }),
    answer: { mediaType: 'text/calendar; charset=utf-8', description: 'An iCalendar (RFC 5545) file' },
    problems: ['bad-request', 'unauthorized'],
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    operationId: 'openapi',
    tag: 'Contract',
    summary: 'This document',
    access: 'public',
    answer: { mediaType: 'application/json', description: 'The OpenAPI 3.1 document' },
    problems: [],
  },
  {
    method: 'post',
    path: '/api/admin/login',
    operationId: 'login',
    tag: 'Admin',
    summary: 'Sign in: sets a signed HttpOnly, Secure, SameSite=Strict session cookie',
    access: 'public',
    body: { schema: loginSchema },
    answer: sessionSchema,
    problems: ['forbidden', 'unprocessable', 'unsupported-media-type', 'too-many-requests', 'unavailable'],
  },
  {
    method: 'post',
    path: '/api/admin/logout',
    operationId: 'logout',
    tag: 'Admin',
    summary: 'Sign out: clears the session cookie',
    access: 'public',
    answer: signedOutSchema,
    problems: ['forbidden'],
  },
  {
    method: 'get',
    path: '/api/admin/session',
    operationId: 'session',
    tag: 'Admin',
    summary: 'Who is signed in',
    access: 'session',
    answer: sessionSchema,
    problems: ['forbidden', 'unavailable'],
  },
  {
    method: 'get',
    path: '/api/admin/month',
    operationId: 'adminMonth',
    tag: 'Admin',
    summary: 'The curated file of a month as the data repository holds it now',
    access: 'session',
    query: z.object({
      year: z.string().describe('BS year'),
      month: z.string().describe('BS month 1–12'),
    }),
    answer: adminMonthSchema,
    problems: ['forbidden', 'unprocessable', 'unavailable'],
  },
  {
    method: 'post',
    path: '/api/panchanga',
    operationId: 'setDay',
    tag: 'Admin',
    summary: 'Add or update one day record (one commit)',
    access: 'session',
    body: { schema: dayUpdateSchema },
    answer: commitResultSchema,
    problems: [
      'bad-request',
      'forbidden',
      'not-found',
      'conflict',
      'payload-too-large',
      'unsupported-media-type',
      'unprocessable',
      'unavailable',
    ],
  },
  {
    method: 'post',
    path: '/api/panchanga/import',
    operationId: 'importMonth',
    tag: 'Admin',
    summary: 'Replace a month with a text-recognition file (one commit; `dryRun=true` previews)',
    description:
      'The file is normalized (Devanagari digits, spellings, times) and checked against the BS table before anything is written; a bad file answers 422 with one ImportError per row and field in `errors`.',
    access: 'session',
    query: z.object({ dryRun: z.enum(['true', 'false']).default('false') }),
    body: { schema: importMonthSchema, multipart: true },
    answer: commitResultSchema,
    problems: [
      'forbidden',
      'conflict',
      'payload-too-large',
      'unsupported-media-type',
      'unprocessable',
      'unavailable',
    ],
  },
  {
    method: 'post',
    path: '/api/panchanga/delete',
    operationId: 'deleteMonth',
    tag: 'Admin',
    summary: 'Delete the curated records of one BS month (one commit)',
    access: 'session',
    body: { schema: monthRefSchema },
    answer: commitResultSchema,
    problems: [
      'forbidden',
      'not-found',
      'conflict',
      'payload-too-large',
      'unsupported-media-type',
      'unprocessable',
      'unavailable',
    ],
  },
];

/** Schemas every document lists, whether an endpoint names them or not (the import errors of a 422). */
const ALSO_LISTED = [importErrorSchema, problemSchema];

type JsonSchema = Record<string, unknown>;

/** JSON Schema of a zod schema, with references into the document's components. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'output'): JsonSchema {
  const generated = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' });
  const { $schema: _schema, $defs: _defs, ...rest } = generated as JsonSchema;
  return JSON.parse(JSON.stringify(rest).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
}

/** Every registered schema (meta id) as a component, referring to each other within the document. */
function components(): Record<string, JsonSchema> {
  void ALSO_LISTED;
  const { schemas } = z.toJSONSchema(z.globalRegistry, {
    target: 'draft-2020-12',
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, JsonSchema> };
  return Object.fromEntries(
    Object.entries(schemas).map(([id, { $schema: _schema, $id: _id, ...schema }]) => [id, schema]),
  );
}

function parameters(endpoint: Endpoint): JsonSchema[] {
  const list = (where: 'path' | 'query', params: z.ZodObject | undefined) =>
    Object.entries(params?.shape ?? {}).map(([name, field]) => {
      const schema = jsonSchema(field as z.ZodType, 'input');
      const { description, ...rest } = schema;
      return {
        name,
        in: where,
        required: where === 'path' || !(field as z.ZodType).safeParse(undefined).success,
        ...(description ? { description } : {}),
        schema: rest,
      };
    });
  const all = [...list('path', endpoint.pathParams), ...list('query', endpoint.query)];
  if (endpoint.access === 'feed')
    all.push({
      name: 'token',
      in: 'query',
      required: false,
      description: 'The API token, for calendar apps that cannot send headers',
      schema: { type: 'string' },
    });
  return all;
}

const SECURITY: Record<Access, JsonSchema[]> = {
  token: [{ bearerAuth: [] }, { apiKeyHeader: [] }],
  feed: [{ bearerAuth: [] }, { apiKeyHeader: [] }, { apiKeyQuery: [] }],
  session: [{ adminSession: [] }],
  public: [],
};

function problemResponses(kinds: readonly ProblemKind[], example?: unknown): Record<string, JsonSchema> {
  const byStatus = new Map<number, string[]>();
  for (const kind of kinds) {
    const { status, title } = PROBLEMS[kind];
    byStatus.set(status, [...(byStatus.get(status) ?? []), `${title} (/problems/${kind})`]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, titles]) => [
      String(status),
      {
        description: titles.join('; '),
        ...(status === 401 ? { headers: { 'WWW-Authenticate': { schema: { type: 'string' } } } } : {}),
        content: {
          'application/problem+json': {
            schema: { $ref: '#/components/schemas/Problem' },
            ...(example && status === 400 ? { example } : {}),
          },
        },
      },
    ]),
  );
}

/** Examples by operationId: the `data` of a success answer, and a problem (computed by the build). */
export interface Examples {
  readonly answers?: Readonly<Record<string, unknown>>;
  readonly badRequest?: unknown;
}

/**
 * The OpenAPI 3.1 document. Example: `openApiDocument({ answers: { convertDate: convertDate('2083-01-01', 'bs') } })`.
 */
export function openApiDocument(examples: Examples = {}, version = '0.1.0'): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const endpoint of ENDPOINTS) {
    const example = examples.answers?.[endpoint.operationId];
    const answer =
      endpoint.answer instanceof z.ZodType
        ? {
            description: 'Success',
            headers: {
              ETag: { schema: { type: 'string' } },
              'Cache-Control': { schema: { type: 'string' } },
            },
            content: {
              'application/json': {
                schema: jsonSchema(z.object({ success: z.literal(true), data: endpoint.answer })),
                ...(example === undefined ? {} : { example: { success: true, data: example } }),
              },
            },
          }
        : {
            description: endpoint.answer.description,
            content: { [endpoint.answer.mediaType]: { schema: { type: 'string' } } },
          };
    const body = endpoint.body && {
      required: true,
      content: {
        'application/json': { schema: jsonSchema(endpoint.body.schema, 'input') },
        ...(endpoint.body.multipart
          ? {
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  properties: { file: { type: 'string', contentMediaType: 'application/json' } },
                  required: ['file'],
                },
              },
            }
          : {}),
      },
    };
    paths[endpoint.path] = {
      ...paths[endpoint.path],
      [endpoint.method]: {
        operationId: endpoint.operationId,
        tags: [endpoint.tag],
        summary: endpoint.summary,
        ...(endpoint.description ? { description: endpoint.description } : {}),
        security: SECURITY[endpoint.access],
        parameters: parameters(endpoint),
        ...(body ? { requestBody: body } : {}),
        responses: {
          '200': answer,
          ...problemResponses(endpoint.problems, examples.badRequest),
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Panchanga service',
      version,
      summary: 'The Nepali Bikram Sambat calendar, its Panchanga, festivals, holidays and muhurats.',
      description:
        'Every /api/ path needs an API token (`Authorization: Bearer <token>` or `x-api-key`), except this document and admin sign-in; admin paths need a session cookie and the site’s own Origin. Answers are `{"success": true, "data": …}` or an RFC 9457 problem.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: '/' }],
    tags: ['Calendar', 'Festivals', 'Feed', 'Admin', 'Contract'].map((name) => ({ name })),
    paths,
    components: {
      schemas: components(),
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API token' },
        apiKeyHeader: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        apiKeyQuery: { type: 'apiKey', in: 'query', name: 'token', description: 'The feed only' },
        adminSession: { type: 'apiKey', in: 'cookie', name: 'panchanga_session' },
      },
    },
  };
}
