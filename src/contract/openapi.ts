/**
 * The parts of the OpenAPI document that are not routes: the API's version and description, its tags, how
 * clients authenticate, and the explicit list of component schemas (so the document lists the same components
 * whatever was imported first). The routes come from src/http/routes.ts, which the router mounts; src/http/openapi.ts
 * puts both together.
 */
import type { z } from 'zod';
import {
  adminMonthSchema,
  commitResultSchema,
  dayUpdateSchema,
  fieldChangeSchema,
  importDaySchema,
  importErrorSchema,
  importMonthSchema,
  loginSchema,
  sessionSchema,
  signedOutSchema,
  deleteMonthSchema,
  restoreMonthSchema,
  historyEntrySchema,
} from './admin.ts';
import { conversionSchema } from './converter.ts';
import {
  availableMonthsSchema,
  dayEventSchema,
  dayRecordSchema,
  fullDayRecordSchema,
  monthMetaSchema,
} from './day-record.ts';
import { curatedDaySchema, sourceSchema } from './data-files.ts';
import {
  festivalDatesSchema,
  festivalIdSchema,
  festivalIdsSchema,
  festivalOccurrenceSchema,
  festivalYearSchema,
} from './festival.ts';
import {
  muhuratAgreementSchema,
  muhuratEntrySchema,
  muhuratListSchema,
  muhuratWindowSchema,
  upcomingMuhuratsSchema,
} from './muhurat.ts';
import { placeListSchema, placeSchema } from './place.ts';
import { problemSchema } from './problem.ts';
import { dayRangeSchema, placedFullDayRecordSchema, upcomingSchema } from './span.ts';

/** The version of the REST API the interface specification labels (v1.0), not the package's. */
export const API_VERSION = '1.0.0';

export const API_INFO = {
  title: 'Panchanga service',
  version: API_VERSION,
  summary: 'The Nepali Bikram Sambat calendar, its Panchanga, festivals, holidays and muhurats.',
  description:
    'Every /api/ path needs an API token (`Authorization: Bearer <token>` or `x-api-key`), except this document and admin sign-in; admin paths need a session cookie and the site’s own Origin. Answers are `{"success": true, "data": …}` or an RFC 9457 problem whose `type` is a page explaining it; a query parameter the operation does not take is a 400 naming it (names beginning with `_`, cache-busters, pass). Times are `HH:MM` Nepal time (00:00–23:59; a muhurat’s windows run on past 24 through the night, as the almanacs write them); where a moment falls after midnight or on a later day, a sibling field ending in `At` gives it as ISO 8601 with the +05:45 offset. Every value computed rather than published says `estimated: true`.',
  license: { name: 'MIT', identifier: 'MIT' },
  contact: { name: 'Panchanga service', url: 'https://github.com/panchanga/panchanga' },
} as const;

export const API_TAGS = [
  { name: 'Calendar', description: 'Days, months and the date converter' },
  { name: 'Festivals', description: 'Festivals, public holidays and muhurats' },
  { name: 'Feed', description: 'The webcal (iCalendar) feed' },
  { name: 'Admin', description: 'Corrections as commits, for signed-in admins' },
  { name: 'Contract', description: 'This document' },
] as const;

export const SECURITY_SCHEMES = {
  bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API token' },
  apiKeyHeader: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'An API token' },
  apiKeyQuery: { type: 'apiKey', in: 'query', name: 'token', description: 'An API token (the feed only)' },
  adminSession: { type: 'apiKey', in: 'cookie', name: 'panchanga_session', description: 'The admin session' },
} as const;

/**
 * Every component schema of the document, by its meta id, in this order: the answers, the admin bodies, and
 * what problems carry.
 */
export const COMPONENT_SCHEMAS: readonly z.ZodType[] = [
  dayEventSchema,
  dayRecordSchema,
  fullDayRecordSchema,
  placeSchema,
  placedFullDayRecordSchema,
  monthMetaSchema,
  availableMonthsSchema,
  dayRangeSchema,
  placeListSchema,
  conversionSchema,
  festivalOccurrenceSchema,
  festivalYearSchema,
  upcomingSchema,
  festivalIdSchema,
  festivalIdsSchema,
  festivalDatesSchema,
  muhuratEntrySchema,
  muhuratWindowSchema,
  muhuratAgreementSchema,
  muhuratListSchema,
  upcomingMuhuratsSchema,
  loginSchema(),
  sessionSchema(),
  signedOutSchema(),
  deleteMonthSchema(),
  restoreMonthSchema(),
  historyEntrySchema(),
  sourceSchema(),
  curatedDaySchema(),
  dayUpdateSchema(),
  importDaySchema(),
  importMonthSchema(),
  fieldChangeSchema(),
  commitResultSchema(),
  adminMonthSchema(),
  importErrorSchema(),
  problemSchema,
];

/** Examples by operationId: a whole success answer (computed by the build), and a problem. */
export interface Examples {
  readonly bodies?: Readonly<Record<string, unknown>>;
  readonly badRequest?: unknown;
}
