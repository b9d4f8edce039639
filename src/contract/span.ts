/**
 * Answers over more than one day: the day records of an AD span (/api/panchanga/range) and the festivals and
 * holidays coming in the next days (/api/festivals/upcoming), and the full record at a place.
 * Its schemas are built in closures marked pure (`@__PURE__`): a bundle that uses none of them drops them, so the
 * function builds no answer schema at start (src/http/answers.ts; test/functions/bundle.test.ts).
 */
import * as z from 'zod';
import { dayRecordSchema, fullDayRecordSchema } from './day-record.ts';
import { festivalOccurrenceSchema } from './festival.ts';
import { lazy } from './lazy.ts';
import { placeSchema } from './place.ts';

/** The longest span /api/panchanga/range and /api/festivals/upcoming answer, in days. */
export const MAX_SPAN_DAYS = 366;
/** The days /api/festivals/upcoming looks ahead without `days`. */
export const DEFAULT_UPCOMING_DAYS = 30;

const isoDay = /* @__PURE__ */ (() => z.string().regex(/^\d{4}-\d{2}-\d{2}$/))();

export const placedFullDayRecordSchema = /* @__PURE__ */ (() =>
  fullDayRecordSchema
    .and(
      z.object({
        place: placeSchema
          .optional()
          .describe('Present when the day was computed at a place: its clock times are in place.timeZone'),
      }),
    )
    .meta({
      id: 'FullDayRecordAtPlace',
      description:
        'A day with every element of the Panchanga (today and by-date), at Kathmandu or at the place asked for.',
    }))();

export const dayRangeSchema = /* @__PURE__ */ (() =>
  z
    .object({
      from: isoDay,
      to: isoDay,
      place: placeSchema.optional(),
      days: z.array(dayRecordSchema).describe('Every day from `from` to `to`, in order'),
    })
    .meta({ id: 'DayRange', description: 'The day records of an AD span of at most 366 days.' }))();

/** The days an upcoming answer (festivals, muhurats) looks at: its first and last, and how many. */
export const upcomingSpanShape = /* @__PURE__ */ lazy(() => ({
  from: isoDay.describe('Today in Nepal, or the day asked'),
  to: isoDay.describe('The last day looked at: `days` after `from`, or the end of the supported range'),
  days: z.number().int().min(1).max(MAX_SPAN_DAYS).describe('The days from `from` to `to`, both included'),
}));

export const upcomingSchema = /* @__PURE__ */ (() =>
  z
    .object({
      ...upcomingSpanShape(),
      festivals: z
        .array(festivalOccurrenceSchema.extend({ inDays: z.number().int().min(0).describe('0 = today') }))
        .describe('In date order, across BS year boundaries'),
    })
    .meta({ id: 'Upcoming', description: 'Festivals and public holidays from today in Nepal.' }))();

export type PlacedFullDayRecord = z.infer<typeof placedFullDayRecordSchema>;
export type DayRange = z.infer<typeof dayRangeSchema>;
export type Upcoming = z.infer<typeof upcomingSchema>;
