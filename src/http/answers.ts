/**
 * The answers of the routes of src/http/routes.ts as the OpenAPI document describes them: each declaration names
 * its success answer (a key of ANSWERS) and its problems; src/http/openapi.ts turns them into the responses here.
 * Only the document (the build, the tests) imports this module: handlers answer Responses that no response schema
 * checks, so the function's bundle carries no response schema and an isolate does not build them at start.
 */
import type { RouteConfig } from '@hono/zod-openapi';
import * as z from 'zod';
import {
  adminMonthSchema,
  commitResultSchema,
  historyEntrySchema,
  sessionSchema,
  signedOutSchema,
} from '../contract/admin.ts';
import { conversionSchema } from '../contract/converter.ts';
import { availableMonthsSchema, monthAnswerSchema } from '../contract/day-record.ts';
import { festivalDatesSchema, festivalIdsSchema, festivalYearSchema } from '../contract/festival.ts';
import { muhuratListSchema, upcomingMuhuratsSchema } from '../contract/muhurat.ts';
import { placeListSchema } from '../contract/place.ts';
import { PROBLEMS, problemSchema, problemTypeUri, type ProblemKind } from '../contract/problem.ts';
import { dayRangeSchema, placedFullDayRecordSchema, upcomingSchema } from '../contract/span.ts';
import type { Documented } from './routes.ts';

/** Each success answer: the `data` of a `{success: true, data}` answer, or a whole answer (`body`). */
export const ANSWERS = {
  fullDay: placedFullDayRecordSchema,
  monthFile: { body: monthAnswerSchema },
  availableMonths: availableMonthsSchema,
  dayRange: dayRangeSchema,
  places: placeListSchema,
  conversion: conversionSchema,
  festivalYear: festivalYearSchema,
  upcoming: upcomingSchema,
  festivalIds: festivalIdsSchema,
  festivalDates: festivalDatesSchema,
  muhurats: muhuratListSchema,
  upcomingMuhurats: upcomingMuhuratsSchema,
  session: sessionSchema(),
  signedOut: signedOutSchema(),
  adminMonth: adminMonthSchema(),
  monthHistory: z.object({ commit: z.string(), history: z.array(historyEntrySchema()) }),
  commitResult: commitResultSchema(),
} satisfies Record<string, z.ZodType | { body: z.ZodType }>;

export type AnswerName = keyof typeof ANSWERS;

/** The success answer `{success: true, data}` of a schema. */
function envelope(data: z.ZodType) {
  return z.object({ success: z.literal(true), data });
}

const CACHE_HEADERS = {
  ETag: {
    description: 'Strong validator of the answer (send it as If-None-Match)',
    schema: { type: 'string' },
  },
  'Cache-Control': { description: 'How long the answer may be kept', schema: { type: 'string' } },
} as const;

const PROBLEM_HEADERS: Readonly<
  Record<number, Record<string, { description: string; schema: { type: 'string' } }>>
> = {
  401: { 'WWW-Authenticate': { description: 'The scheme to use', schema: { type: 'string' } } },
  405: { Allow: { description: 'The methods the path answers', schema: { type: 'string' } } },
};

/** The problem answers of a route, grouped by status (several kinds may share one). */
function problemResponses(kinds: readonly ProblemKind[]): RouteConfig['responses'] {
  const byStatus = new Map<number, ProblemKind[]>();
  for (const kind of kinds)
    byStatus.set(PROBLEMS[kind].status, [...(byStatus.get(PROBLEMS[kind].status) ?? []), kind]);
  const responses: RouteConfig['responses'] = {};
  for (const [status, group] of byStatus) {
    const headers = PROBLEM_HEADERS[status];
    responses[status] = {
      description: group.map((k) => `${PROBLEMS[k].title} (${problemTypeUri(k)})`).join('; '),
      ...(headers ? { headers } : {}),
      content: { 'application/problem+json': { schema: problemSchema } },
    };
  }
  return responses;
}

/** The responses of a declared route: its success answer, then its problems. */
export function responsesOf(route: Documented): RouteConfig['responses'] {
  const { answer } = route;
  const named = typeof answer === 'string' ? ANSWERS[answer] : null;
  const success =
    named instanceof z.ZodType
      ? {
          description: 'Success',
          headers: route.method === 'get' ? CACHE_HEADERS : undefined,
          content: { 'application/json': { schema: envelope(named) } },
        }
      : named
        ? {
            description: 'Success',
            headers: CACHE_HEADERS,
            content: { 'application/json': { schema: named.body } },
          }
        : mediaResponse(answer as MediaAnswer);
  return { 200: success, ...problemResponses(route.problems) };
}

/** An answer given by media type, as a route declares it. */
type MediaAnswer = Exclude<Documented['answer'], AnswerName>;

/**
 * The success response of an answer given by media type: a JSON one is the OpenAPI document (the one such route; its
 * own schema is the OpenAPI 3.1 specification's, so only its frame is described here), any other a text.
 */
function mediaResponse({ mediaType, description }: MediaAnswer) {
  const schema = mediaType.startsWith('application/json')
    ? z.looseObject({
        openapi: z.string(),
        info: z.looseObject({ title: z.string(), version: z.string() }),
        paths: z.record(z.string(), z.unknown()),
      })
    : z.string();
  return { description, headers: CACHE_HEADERS, content: { [mediaType]: { schema } } };
}
