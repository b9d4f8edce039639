/**
 * Every route of the API, declared once with its zod path, query and body schemas, its answer and its problems.
 * The router (src/http/app.ts) mounts these very objects, so the schemas that document a request are the ones
 * that validate it; src/http/openapi.ts turns the same list into the OpenAPI document. Static files (month
 * files, listings, the feed) are declared here too: a route serves them from the deployment's files.
 */
import type { RouteConfig } from '@hono/zod-openapi';
import * as z from 'zod';
import type { AnswerName } from './answers.ts';
import { BS_MAX_YEAR, BS_MIN_YEAR } from '../calendar/bs.ts';
import { LANGS } from '../calendar/names.ts';
import {
  dayUpdateSchema,
  importMonthSchema,
  loginSchema,
  deleteMonthSchema,
  restoreMonthSchema,
} from '../contract/admin.ts';
import { API_PATHS } from '../contract/endpoints.ts';
import {
  DEFAULT_FESTIVAL_YEARS,
  FESTIVAL_CATEGORIES,
  MAX_FESTIVAL_YEARS,
  MAX_ID_MATCHES,
} from '../contract/festival.ts';
import { lazy } from '../contract/lazy.ts';
import { MUHURAT_CATEGORIES } from '../contract/muhurat.ts';
import { KNOWN_CATEGORIES } from '../almanac/muhurat.ts';
import { PLACE_ELEVATION_RANGE_M, PLACE_MAX_ABS_LATITUDE_DEG } from '../contract/place.ts';
import type { ProblemKind } from '../contract/problem.ts';
import { DEFAULT_UPCOMING_DAYS, MAX_SPAN_DAYS } from '../contract/span.ts';
import { FEED_HOLIDAYS, FEED_INCLUDES, FEED_VARIANTS } from '../feed/variants.ts';

/** Who may call: an API token (header), the feed's token (header or query), an admin session, or anyone. */
export type Access = 'token' | 'feed' | 'session' | 'public';

const SECURITY: Record<Access, Record<string, string[]>[]> = {
  token: [{ bearerAuth: [] }, { apiKeyHeader: [] }],
  feed: [{ bearerAuth: [] }, { apiKeyHeader: [] }, { apiKeyQuery: [] }],
  session: [{ adminSession: [] }],
  public: [],
};

// The schemas are built on first use (src/contract/lazy.ts): a read's as it is mounted, an admin route's on its
// first request (src/http/mount.ts).
const lang = /* @__PURE__ */ lazy(() =>
  z
    .enum(LANGS)
    .default('ne')
    .meta({ description: 'Language of names and text: Nepali (default) or English', example: 'en' }),
);
const bsYearText = /* @__PURE__ */ lazy(() =>
  z
    .string()
    .regex(/^\d{4}$/, { error: 'must be a four-digit BS year' })
    .meta({
      description: `BS year ${BS_MIN_YEAR}–${BS_MAX_YEAR} (default: the current BS year in Nepal)`,
      example: '2083',
    }),
);
/** `holidays=only`: the public holidays alone (any scope: national, regional, a community's, women's), as the feed's. */
const holidays = /* @__PURE__ */ lazy(() =>
  z.enum(FEED_HOLIDAYS).default('all').meta({
    description:
      'only: the public holidays alone (national, regional, a community’s or women’s: `holiday.kind` not `none`)',
    example: 'only',
  }),
);
/** The feed's `?token=`: calendar apps cannot send headers. */
const feedToken = /* @__PURE__ */ lazy(() =>
  z.string().optional().meta({
    description: 'The API token, for calendar apps that cannot send headers',
    example: 'dev-token-change-me',
  }),
);
/** `category=festival,national-day`: a listing's occurrences of those categories alone. */
const festivalCategory = /* @__PURE__ */ lazy(() => {
  const one = `(${FESTIVAL_CATEGORIES.join('|')})`;
  return z
    .string()
    .regex(new RegExp(`^${one}(,${one})*$`), {
      error: `must be one or more of ${FESTIVAL_CATEGORIES.join(', ')}, comma-separated`,
    })
    .optional()
    .meta({
      description: `Comma-separated categories, any of: ${FESTIVAL_CATEGORIES.join(', ')} (default: all)`,
      example: 'festival,national-day',
    });
});
const category = `(${KNOWN_CATEGORIES.join('|')})`;
const muhuratCategory = /* @__PURE__ */ lazy(() =>
  z
    .string()
    .regex(new RegExp(`^${category}(,${category})*$`), {
      error: `must be one or more of ${KNOWN_CATEGORIES.join(', ')}, comma-separated`,
    })
    .meta({
      description: `Comma-separated categories, any of: ${KNOWN_CATEGORIES.join(', ')} (default: ${MUHURAT_CATEGORIES.join(', ')})`,
      example: 'bibaha,bratabandha',
    }),
);

/**
 * Where a day is computed (today, by-date, range): a gazetteer id, or coordinates. Without them, Kathmandu.
 * Plain text here: src/calendar/places.ts checks them together and names the wrong field.
 */
const placeQuery = /* @__PURE__ */ lazy(() => ({
  place: z.string().max(60).optional().meta({
    description:
      'A gazetteer place (/api/places): a district headquarters of Nepal (or its district’s name) or a city abroad. Dates, festivals and holidays stay the Nepali almanac’s; sunrise, sunset, moonrise, the tithi at sunrise and every clock time become the place’s. Kathmandu, the almanac’s own place, answers as no place does (the almanac’s day where it is published)',
    example: 'london',
  }),
  lat: z
    .string()
    .max(20)
    .optional()
    .meta({
      description: `Latitude in degrees north, −${PLACE_MAX_ABS_LATITUDE_DEG} to ${PLACE_MAX_ABS_LATITUDE_DEG} (with lon, instead of place)`,
      example: '40.7128',
    }),
  lon: z
    .string()
    .max(20)
    .optional()
    .meta({ description: 'Longitude in degrees east, −180 to 180 (with lat)', example: '-74.006' }),
  tz: z.string().max(60).optional().meta({
    description: 'IANA time zone of the clock times with lat/lon (default Asia/Kathmandu)',
    example: 'America/New_York',
  }),
  elevation: z
    .string()
    .max(20)
    .optional()
    .meta({
      description: `Metres above sea level with lat/lon, ${PLACE_ELEVATION_RANGE_M.min} to ${PLACE_ELEVATION_RANGE_M.max} (default 0)`,
      example: '10',
    }),
}));
const adDate = /* @__PURE__ */ lazy(() =>
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be YYYY-MM-DD' }),
);
/** The span of an upcoming answer (festivals, muhurats): how many days, and the first. */
const upcomingDaysQuery = /* @__PURE__ */ lazy(() =>
  z
    .string()
    .max(8)
    .optional()
    .meta({
      description: `How many days to look at, the first included: 1–${MAX_SPAN_DAYS} (default ${DEFAULT_UPCOMING_DAYS})`,
      example: '30',
    }),
);
const upcomingFrom = /* @__PURE__ */ lazy(() =>
  adDate().optional().meta({
    description: 'The first day, AD YYYY-MM-DD (default: today in Nepal)',
    example: '2027-04-01',
  }),
);

interface Declaration {
  readonly method: 'get' | 'post';
  readonly path: string;
  readonly operationId: string;
  readonly tag: 'Calendar' | 'Festivals' | 'Feed' | 'Admin' | 'Contract';
  readonly summary: string;
  readonly description: string;
  readonly access: Access;
  /** The request's schemas, built when first asked for: at mount (a read), on the first request, or for the document. */
  readonly params?: () => z.ZodObject;
  readonly query?: () => z.ZodObject;
  /** A JSON body; `multipart`: the same file may come as the upload field `file`. */
  readonly body?: { schema: () => z.ZodType; multipart?: boolean };
  /**
   * The success answer: one of src/http/answers.ts (the `data` of a `{success, data}` answer, or a whole answer),
   * or another media type (the feed, this document).
   */
  readonly answer: AnswerName | { mediaType: string; description: string };
  readonly problems: readonly ProblemKind[];
}

/** Problems every route may answer: a wrong token, a wrong method, too many requests, a failure of ours. */
function commonProblems(access: Access): ProblemKind[] {
  return [
    ...(access === 'token' || access === 'feed' ? (['unauthorized'] as const) : []),
    'method-not-allowed',
    'too-many-requests',
    'internal',
  ];
}

/** What a declaration's route is to the router: its input schemas typed, its answers free (handlers answer Responses). */
type Declared<D extends Declaration> = Omit<RouteConfig, 'method' | 'path' | 'request' | 'responses'> & {
  method: D['method'];
  path: D['path'];
  request: {
    params: D extends { params: () => infer P extends z.ZodObject } ? P : undefined;
    query: D extends { query: () => infer Q extends z.ZodObject } ? Q : undefined;
    body: D extends { body: { schema: () => infer B extends z.ZodType } }
      ? { content: { 'application/json': { schema: B } }; required: boolean }
      : undefined;
  };
  responses: RouteConfig['responses'];
};

/**
 * What the OpenAPI document needs of a declaration besides its route (src/http/answers.ts responsesOf): its
 * success answer and every problem it may answer. Plain data, by operationId.
 */
export interface Documented {
  readonly method: Declaration['method'];
  readonly answer: Declaration['answer'];
  readonly problems: readonly ProblemKind[];
}

const documented = new Map<string, Documented>();

/** The answer and problems a route declares, for the OpenAPI document. */
export function documentedOf(operationId: string): Documented {
  const found = documented.get(operationId);
  if (!found) throw new Error(`no route declares ${operationId}`);
  return found;
}

function declare<const D extends Declaration>(d: D): Declared<D> {
  documented.set(d.operationId, {
    method: d.method,
    answer: d.answer,
    problems: [...new Set([...d.problems, ...commonProblems(d.access)])],
  });
  let request: RouteConfig['request'] | undefined;
  const route: RouteConfig = {
    method: d.method,
    path: d.path,
    operationId: d.operationId,
    tags: [d.tag],
    summary: d.summary,
    description: d.description,
    security: SECURITY[d.access],
    // Built when first read: by the router on the route's first request (src/http/mount.ts), by the document.
    get request() {
      return (request ??= requestOf(d));
    },
    // Built by the OpenAPI document from the declaration (src/http/answers.ts), not by the function.
    responses: {},
  };
  return route as unknown as Declared<D>;
}

/** The request of a declaration's route: its path, query and body schemas. */
function requestOf(d: Declaration): RouteConfig['request'] {
  // A multipart upload is described as plain JSON Schema, not zod: the router reads the field `file` itself
  // and validates its JSON with the body schema above (so the JSON validator only runs on JSON bodies).
  const body = d.body && {
    required: !d.body.multipart,
    content: {
      'application/json': { schema: d.body.schema() },
      ...(d.body.multipart
        ? {
            'multipart/form-data': {
              schema: {
                type: 'object' as const,
                properties: {
                  file: {
                    type: 'string' as const,
                    format: 'binary',
                    description: 'The month file (JSON, the schema of application/json) as an upload',
                  },
                },
                required: ['file'],
              },
            },
          }
        : {}),
    },
  };
  return {
    ...(d.params ? { params: d.params() } : {}),
    ...(d.query ? { query: d.query() } : {}),
    ...(body ? { body } : {}),
  };
}

/** A BS month as text: 1–12, with or without its leading zero. */
const bsMonthText = /* @__PURE__ */ lazy(() =>
  z
    .string()
    .regex(/^(0?[1-9]|1[0-2])$/, { error: 'must be 1–12' })
    .meta({ description: 'BS month 1–12, e.g. 01 or 1', example: '01' }),
);

/** A BS year and month as path or query text: the month 1–12, with or without its leading zero. */
const bsYearMonth = /* @__PURE__ */ lazy(() =>
  z.object({
    year: z
      .string()
      .regex(/^\d{4}$/, { error: 'must be a four-digit BS year' })
      .meta({ description: 'BS year', example: '2083' }),
    month: bsMonthText(),
  }),
);

/** What an admin read may answer besides its data: the session, the month and the GitHub side. */
const ADMIN_READ_PROBLEMS: readonly ProblemKind[] = [
  'bad-request',
  'forbidden',
  'unprocessable',
  'unavailable',
  'upstream-failed',
  'upstream-unavailable',
];

/** What every admin write may answer after its request and session checks: a stale base, the body, GitHub. */
const ADMIN_WRITE_PROBLEMS: readonly ProblemKind[] = [
  'conflict',
  'payload-too-large',
  'unsupported-media-type',
  'unprocessable',
  'unavailable',
  'precondition-required',
  'upstream-failed',
  'upstream-unavailable',
  'upstream-refused',
];

export const ROUTES = {
  today: declare({
    method: 'get',
    path: API_PATHS.today,
    operationId: 'today',
    tag: 'Calendar',
    summary: "Today's full record in Nepal",
    description:
      'The day changes at Nepal midnight (18:15 UTC); the answer may be cached until then and no longer. At a place, today is the place’s own date, cached until its midnight.',
    access: 'token',
    query: () => z.object({ lang: lang(), ...placeQuery() }),
    answer: 'fullDay',
    problems: ['bad-request', 'not-found'],
  }),
  byEnglishDate: declare({
    method: 'get',
    path: API_PATHS.byEnglishDate,
    operationId: 'byEnglishDate',
    tag: 'Calendar',
    summary: 'The full record of an AD date',
    description:
      'Every element of the Panchanga for the day, from the month file of its BS month; at Kathmandu, or at a place (`place`, or `lat` and `lon`).',
    access: 'token',
    params: () =>
      z.object({
        date: adDate().meta({ description: 'AD date YYYY-MM-DD', example: '2026-04-14' }),
      }),
    query: () => z.object({ lang: lang(), ...placeQuery() }),
    answer: 'fullDay',
    problems: ['bad-request', 'invalid-date', 'not-found', 'out-of-range'],
  }),
  byBsDate: declare({
    method: 'get',
    path: API_PATHS.byBsDate,
    operationId: 'byBsDate',
    tag: 'Calendar',
    summary: 'The full record of a BS date',
    description:
      'The same record as by-English-date for the day a BS date names: every element of the Panchanga, at Kathmandu or at a place (`place`, or `lat` and `lon`).',
    access: 'token',
    params: () =>
      bsYearMonth().extend({
        day: z
          .string()
          .regex(/^(0?[1-9]|[12]\d|3[0-2])$/, { error: 'must be 1–32' })
          .meta({ description: 'BS day of the month, e.g. 01 or 1', example: '01' }),
      }),
    query: () => z.object({ lang: lang(), ...placeQuery() }),
    answer: 'fullDay',
    problems: ['bad-request', 'invalid-date', 'not-found', 'out-of-range'],
  }),
  month: declare({
    method: 'get',
    path: API_PATHS.month,
    operationId: 'month',
    tag: 'Calendar',
    summary: 'Every day of a BS month',
    description:
      'A static file for each month of the built range: `data` holds the day records, `meta` the month’s facts. With `place` (or `lat` and `lon`) the month is computed at that place, as /api/panchanga/range computes a span there: the same dates, festivals and holidays, the place’s sunrise, sunset, tithi at sunrise and clock times, and `meta.place`.',
    access: 'token',
    params: bsYearMonth,
    query: () => z.object({ lang: lang(), ...placeQuery() }),
    answer: 'monthFile',
    problems: ['bad-request', 'not-found', 'out-of-range'],
  }),
  availableMonths: declare({
    method: 'get',
    path: API_PATHS.availableMonths,
    operationId: 'availableMonths',
    tag: 'Calendar',
    summary: 'Curated years and months, the computed range, and each year’s status',
    description: 'A static file: which months are built, which carry published almanac days.',
    access: 'token',
    query: () => z.object({ lang: lang() }),
    answer: 'availableMonths',
    problems: ['bad-request'],
  }),
  range: declare({
    method: 'get',
    path: API_PATHS.range,
    operationId: 'range',
    tag: 'Calendar',
    summary: `The day records of an AD span of at most ${MAX_SPAN_DAYS} days, in order`,
    description:
      'Read from the month files, so each day is its month file’s; at a place, its sunrise, sunset and tithi at sunrise.',
    access: 'token',
    query: () =>
      z.object({
        from: adDate().meta({ description: 'First AD day, YYYY-MM-DD', example: '2026-04-01' }),
        to: adDate().meta({
          description: `Last AD day, YYYY-MM-DD (included; at most ${MAX_SPAN_DAYS} days from \`from\`)`,
          example: '2026-04-30',
        }),
        lang: lang(),
        ...placeQuery(),
      }),
    answer: 'dayRange',
    problems: ['bad-request', 'invalid-date', 'not-found', 'out-of-range'],
  }),
  places: declare({
    method: 'get',
    path: API_PATHS.places,
    operationId: 'places',
    tag: 'Calendar',
    summary: 'The gazetteer: every place `place=<id>` takes',
    description:
      'The headquarters of the 77 districts of Nepal (a district’s name also finds its headquarters) and the cities abroad where most Nepalis live, with coordinates, elevation and time zone.',
    access: 'token',
    answer: 'places',
    problems: [],
  }),
  convertDate: declare({
    method: 'get',
    path: API_PATHS.convertDate,
    operationId: 'convertDate',
    tag: 'Calendar',
    summary: 'Convert a date between AD and BS',
    description:
      'Devanagari digits are accepted. Without `from`, Devanagari digits mean BS; an ASCII date valid in only one calendar is read in that one, and one valid in both is read as the one nearer today. The answer says which reading it took and why (`assumed`, `assumption`).',
    access: 'token',
    query: () =>
      z.object({
        date: z
          .string()
          .min(1, { error: 'must be a date, YYYY-MM-DD (e.g. 2083-01-01 or २०८३-०१-०१)' })
          .max(32, { error: 'must be a date, YYYY-MM-DD (at most 32 characters)' })
          .meta({ description: 'YYYY-MM-DD, ASCII or Devanagari digits', example: '2083-01-01' }),
        from: z.enum(['ad', 'bs']).optional().meta({ description: 'The calendar of `date`', example: 'bs' }),
        lang: lang(),
      }),
    answer: 'conversion',
    problems: ['bad-request', 'invalid-date', 'out-of-range'],
  }),
  festivals: declare({
    method: 'get',
    path: API_PATHS.festivals,
    operationId: 'festivals',
    tag: 'Festivals',
    summary: 'Every festival and public holiday of a BS year with its dates',
    description: 'From the year’s static file; years outside the built range answer 404.',
    access: 'token',
    query: () =>
      z.object({
        year: bsYearText().optional(),
        month: bsMonthText()
          .optional()
          .meta({ description: 'Only this BS month’s days, 1–12 (default: the whole year)', example: '7' }),
        lang: lang(),
        holidays: holidays(),
        category: festivalCategory(),
      }),
    answer: 'festivalYear',
    problems: ['bad-request', 'not-found', 'out-of-range'],
  }),
  upcomingFestivals: declare({
    method: 'get',
    path: API_PATHS.upcomingFestivals,
    operationId: 'upcomingFestivals',
    tag: 'Festivals',
    summary: 'Festivals and public holidays of the next days, from today in Nepal or from a given day',
    description:
      'Across the BS year boundary, in date order, each with `inDays` after the first day; from today, cached until the next Nepal midnight. The answer ends at the end of the supported range.',
    access: 'token',
    query: () =>
      z.object({
        days: upcomingDaysQuery(),
        from: upcomingFrom(),
        lang: lang(),
        holidays: holidays(),
        category: festivalCategory(),
      }),
    answer: 'upcoming',
    problems: ['bad-request', 'invalid-date', 'out-of-range'],
  }),
  festivalIds: declare({
    method: 'get',
    path: API_PATHS.festivalIds,
    operationId: 'festivalIds',
    tag: 'Festivals',
    summary: 'Every festival, day and recurring observance the listings hold, with its id and name',
    description: `The ids are stable across years and builds; /api/festivals/{id} answers the days of one of them over a span of years. With \`q\`, only the ids whose id or name, in English or Nepali, has a word beginning with each word of \`q\` (at most ${MAX_ID_MATCHES}, named in the asked language).`,
    access: 'token',
    query: () =>
      z.object({
        lang: lang(),
        q: z
          .string()
          .trim()
          .min(1, { error: 'must name what to look for, e.g. dashain or दशैँ' })
          .max(64, { error: 'at most 64 characters' })
          .optional()
          .meta({
            description: 'Words to look for in the ids and names, e.g. a festival’s name',
            example: 'dashain',
          }),
      }),
    answer: 'festivalIds',
    problems: ['bad-request'],
  }),
  festivalDates: declare({
    method: 'get',
    path: API_PATHS.festivalDates,
    operationId: 'festivalDates',
    tag: 'Festivals',
    summary: 'The days of one festival or observance over a span of BS years',
    description: `Each year's occurrences exactly as /api/festivals lists them (a run such as the Dashain holidays is one a day; an observance such as purnima, each of its days). Without \`from\` the span starts in the current BS year; without \`to\` it is ${DEFAULT_FESTIVAL_YEARS} years long; at most ${MAX_FESTIVAL_YEARS}. An id no listing holds answers 404 (see /api/festivals/ids).`,
    access: 'token',
    params: () =>
      z.object({
        id: z
          .string()
          .regex(/^[A-Za-z][A-Za-z0-9_]{2,47}$/, {
            error:
              'must be a festival id such as vijaya_dashami (found by name: /api/festivals/ids?q=dashain; a year’s festivals: /api/festivals?year=2083)',
          })
          .meta({
            description: 'A festival or observance id of /api/festivals/ids, in any case',
            example: 'vijaya_dashami',
          }),
      }),
    query: () =>
      z.object({
        from: bsYearText().optional().meta({
          description: 'The first BS year (default: the current BS year in Nepal)',
          example: '2083',
        }),
        to: bsYearText()
          .optional()
          .meta({
            description: `The last BS year, included (default: ${DEFAULT_FESTIVAL_YEARS} years from \`from\`; at most ${MAX_FESTIVAL_YEARS} years in all)`,
            example: '2092',
          }),
        lang: lang(),
      }),
    answer: 'festivalDates',
    problems: ['bad-request', 'not-found', 'out-of-range'],
  }),
  muhurats: declare({
    method: 'get',
    path: API_PATHS.muhurats,
    operationId: 'muhurats',
    tag: 'Festivals',
    summary: 'Auspicious days (muhurat) of a BS year: published lists, computed days elsewhere',
    description:
      'A category with a published list answers it as printed, with the almanac’s name as `source`; the lists print no time, so a printed day the rules give too carries the rules’ `windows`, marked `windowsEstimated`. Every other category with rules (bibaha, bratabandha, pasni) answers the days the muhurat rules compute (data/muhurats/rules.json), each `estimated: true` with its `windows` in Nepal time and `because` (the conditions that made it); `published: false` and a `note` say so. A year outside the built range answers 404.',
    access: 'token',
    query: () =>
      z.object({
        year: bsYearText().optional(),
        month: bsMonthText()
          .optional()
          .meta({ description: 'Only this BS month’s days, 1–12 (default: the whole year)', example: '10' }),
        category: muhuratCategory().optional(),
        lang: lang(),
      }),
    answer: 'muhurats',
    problems: ['bad-request', 'not-found', 'out-of-range'],
  }),
  upcomingMuhurats: declare({
    method: 'get',
    path: API_PATHS.upcomingMuhurats,
    operationId: 'upcomingMuhurats',
    tag: 'Festivals',
    summary: 'Auspicious days (muhurat) of the next days, from today in Nepal or from a given day',
    description:
      'The days /api/muhurats lists, published or computed (`estimated`), across the BS year boundary, in date order, each with `inDays` after the first day; from today, cached until the next Nepal midnight. `published` and `note` say what each year of the span computes. The answer ends at the end of the supported range.',
    access: 'token',
    query: () =>
      z.object({
        days: upcomingDaysQuery(),
        from: upcomingFrom(),
        category: muhuratCategory().optional(),
        lang: lang(),
      }),
    answer: 'upcomingMuhurats',
    problems: ['bad-request', 'invalid-date', 'out-of-range'],
  }),
  calendarFeed: declare({
    method: 'get',
    path: API_PATHS.calendarFeed,
    operationId: 'calendarFeed',
    tag: 'Feed',
    summary: 'The webcal feed of festivals and holidays (iCalendar)',
    description:
      'All-day events of the previous, current and next BS years, with UIDs that never change. Subscribe with `webcal://<host>/api/v1/calendar.ics?token=<token>`.',
    access: 'feed',
    query: () =>
      z.object({
        lang: lang(),
        holidays: holidays(),
        include: z
          .enum(FEED_INCLUDES)
          .default('none')
          .meta({ description: 'muhurat: add the auspicious days', example: 'muhurat' }),
        token: feedToken(),
      }),
    answer: { mediaType: 'text/calendar; charset=utf-8', description: 'An iCalendar (RFC 5545) file' },
    problems: ['bad-request', 'not-found'],
  }),
  feedFile: declare({
    method: 'get',
    path: API_PATHS.feedFile,
    operationId: 'feedFile',
    tag: 'Feed',
    summary: 'One variant of the feed by its file name',
    description: 'The same files as /api/v1/calendar.ics selects, at their own paths.',
    access: 'feed',
    params: () =>
      z.object({
        file: z
          .enum(FEED_VARIANTS.map((v) => v.file) as [string, ...string[]])
          .meta({ description: 'The feed file', example: 'calendar.holidays.en.ics' }),
      }),
    query: () =>
      z.object({
        token: feedToken(),
      }),
    answer: { mediaType: 'text/calendar; charset=utf-8', description: 'An iCalendar (RFC 5545) file' },
    problems: ['bad-request', 'not-found'],
  }),
  openapi: declare({
    method: 'get',
    path: API_PATHS.openapi,
    operationId: 'openapi',
    tag: 'Contract',
    summary: 'This document',
    description: 'The OpenAPI 3.1 document, public like any documentation.',
    access: 'public',
    answer: { mediaType: 'application/json', description: 'The OpenAPI 3.1 document' },
    problems: [],
  }),
  login: declare({
    method: 'post',
    path: API_PATHS.login,
    operationId: 'login',
    tag: 'Admin',
    summary: 'Sign in',
    description:
      'Sets a signed HttpOnly, Secure, SameSite=Strict session cookie. Only from the site’s own origin.',
    access: 'public',
    body: { schema: loginSchema },
    answer: 'session',
    problems: [
      'bad-request',
      'forbidden',
      'payload-too-large',
      'unprocessable',
      'unsupported-media-type',
      'too-many-requests',
      'unavailable',
    ],
  }),
  logout: declare({
    method: 'post',
    path: API_PATHS.logout,
    operationId: 'logout',
    tag: 'Admin',
    summary: 'Sign out',
    description: 'Clears the session cookie. Only from the site’s own origin.',
    access: 'public',
    answer: 'signedOut',
    problems: ['forbidden'],
  }),
  session: declare({
    method: 'get',
    path: API_PATHS.session,
    operationId: 'session',
    tag: 'Admin',
    summary: 'Who is signed in',
    description: 'The admin page starts here: 403 without a valid session.',
    access: 'session',
    answer: 'session',
    problems: ['forbidden', 'unavailable'],
  }),
  adminMonth: declare({
    method: 'get',
    path: API_PATHS.adminMonth,
    operationId: 'adminMonth',
    tag: 'Admin',
    summary: 'The curated file of a month as the data repository holds it now',
    description:
      'What the admin page edits, fresher than the deployed files; `stored` is null when the month has none.',
    access: 'session',
    query: bsYearMonth,
    answer: 'adminMonth',
    problems: ADMIN_READ_PROBLEMS,
  }),
  adminHistory: declare({
    method: 'get',
    path: API_PATHS.adminHistory,
    operationId: 'monthHistory',
    tag: 'Admin',
    summary: 'The changes of a month’s curated file, newest first, with the version before each (for undo)',
    description: 'What the admin page offers to restore: up to 20 commits that changed the month’s file.',
    access: 'session',
    query: bsYearMonth,
    answer: 'monthHistory',
    problems: ADMIN_READ_PROBLEMS,
  }),
  restoreMonth: declare({
    method: 'post',
    path: API_PATHS.restoreMonth,
    operationId: 'restoreMonth',
    tag: 'Admin',
    summary: 'Restore a month as it was at a commit of its history (one commit): undo a delete or a change',
    description: 'Made from `base` (or `If-Match`): 409 with what changed when the month changed since.',
    access: 'session',
    body: { schema: restoreMonthSchema },
    answer: 'commitResult',
    problems: ['bad-request', 'forbidden', ...ADMIN_WRITE_PROBLEMS],
  }),
  setDay: declare({
    method: 'post',
    path: API_PATHS.setDay,
    operationId: 'setDay',
    tag: 'Admin',
    summary: 'Add or update one day record (one commit)',
    description:
      'A month without curated records starts from what the site serves. Made from `base` (or `If-Match`): 409 with what changed when the day changed since; applied on the newer version when only other records did.',
    access: 'session',
    body: { schema: dayUpdateSchema },
    answer: 'commitResult',
    problems: ['bad-request', 'forbidden', 'not-found', ...ADMIN_WRITE_PROBLEMS],
  }),
  importMonth: declare({
    method: 'post',
    path: API_PATHS.importMonth,
    operationId: 'importMonth',
    tag: 'Admin',
    summary: 'Replace a month with a text-recognition file (one commit; `dryRun=true` previews)',
    description:
      'The file is normalized (Devanagari digits, spellings, times) and checked against the BS table before anything is written; a bad file answers 422 with one ImportError per row and field in `errors`.',
    access: 'session',
    query: () =>
      z.object({
        dryRun: z
          .enum(['true', 'false'])
          .default('false')
          .meta({ description: 'true: answer the changes without committing', example: 'true' }),
        base: z
          .string()
          .meta({
            description: 'The commit the change was made from (or If-Match, or an upload field `base`)',
            example: '74344b5c0ffee0000000000000000000000000aa',
          })
          .optional(),
      }),
    body: { schema: importMonthSchema, multipart: true },
    answer: 'commitResult',
    problems: ['bad-request', 'forbidden', ...ADMIN_WRITE_PROBLEMS],
  }),
  deleteMonth: declare({
    method: 'post',
    path: API_PATHS.deleteMonth,
    operationId: 'deleteMonth',
    tag: 'Admin',
    summary: 'Delete the curated records of one BS month (one commit)',
    description:
      'The month is then served from the engine and the festival rules again; 404 when it has no curated records.',
    access: 'session',
    body: { schema: deleteMonthSchema },
    answer: 'commitResult',
    problems: ['bad-request', 'forbidden', 'not-found', ...ADMIN_WRITE_PROBLEMS],
  }),
};

export type ApiRoute = (typeof ROUTES)[keyof typeof ROUTES];
