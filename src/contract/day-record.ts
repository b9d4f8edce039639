/**
 * The day record of the interface specification (section 2.2) and its full form, the month file, and the
 * listing of available months: the JSON the API answers, as zod schemas (validated in tests, turned into the
 * JSON Schemas and the OpenAPI document).
 * Its schemas are built in closures marked pure (`@__PURE__`): a bundle that uses none of them drops them, so the
 * function builds no answer schema at start (src/http/answers.ts; test/functions/bundle.test.ts).
 */
import * as z from 'zod';
import { MODEL_IDS } from './almanac-model.ts';
import { sourceSchema } from './data-files.ts';
import { placeSchema } from './place.ts';

const clock = /* @__PURE__ */ (() =>
  z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
    .describe('HH:MM Nepal time, 00:00–23:59 (after midnight: the sibling `…At` gives the exact moment)'))();
/** The exact moment of a time that falls on another day than the record's, ISO 8601 with Nepal's offset. */
const moment = /* @__PURE__ */ (() =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00[+-]\d{2}:\d{2}$/)
    .describe(
      'ISO 8601 with the offset of the record’s clock: Nepal’s +05:45 (+05:30 before 1986), or a place’s zone; e.g. 2026-11-24T01:10:00+05:45',
    ))();
const origin = /* @__PURE__ */ (() => z.enum(['published', 'computed']))();

export const dayEventSchema = /* @__PURE__ */ (() =>
  z
    .object({
      id: z
        .string()
        .optional()
        .describe('Stable festival id (uppercase) when a festival rule knows the event'),
      name: z.string(),
      category: z.string().optional(),
      scope: z.string().optional(),
      holiday: z.boolean(),
      source: z
        .enum(['published', 'rule', 'official'])
        .describe('published almanac, festival rule, or government notice'),
      estimated: z
        .boolean()
        .describe('Computed by a rule (festival or recurring observance), not published or notified'),
    })
    .meta({ id: 'DayEvent' }))();

export const dayRecordSchema = /* @__PURE__ */ (() =>
  z
    .object({
      year: z.number().int(),
      month: z.number().int().min(1).max(12),
      gate: z.number().int().min(1).max(32).describe('BS day of the month'),
      baar: z.string().describe('Weekday'),
      englishDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      tithi: z
        .string()
        .regex(/^([1-9]|1[0-5])$/)
        .describe('Tithi number within the fortnight, "1"–"15"'),
      tithiName: z.string(),
      tithiEnds: clock
        .nullable()
        .describe(
          'When the day’s tithi ends; null only when a published tithi has no printed end and no computed one',
        ),
      tithiEndsAt: moment.optional().describe('The exact end, when it falls after midnight'),
      sunrise: clock,
      sunset: clock,
      festivals: z.string().describe('The day’s festivals and events as one text, joined with ", "'),
      tithiIndex: z.number().int().min(1).max(30),
      pakshya: z.string(),
      holiday: z.boolean(),
      events: z.array(dayEventSchema),
      source: z.object({ tithi: origin, festivals: origin }),
      nepalSambat: z.string().describe('The Nepal Sambat date, e.g. "ने.सं. ११४६ कछला थ्व १"'),
      publicHoliday: z
        .boolean()
        .describe(
          'A national public holiday by government notice, or by a holiday rule where no notice gives the date (the same as /api/festivals; the weekly Saturday is not counted: see `holiday`). Regional and community holidays are in `events` with their scope.',
        ),
      lunarMonth: z
        .object({
          index: z.number().int().min(1).max(12).describe('1 = Chaitra … 12 = Phalguna'),
          name: z.string().describe('As almanacs print it: the dark fortnight takes the coming month’s name'),
          adhik: z.boolean().describe('An adhik (leap, mala) month'),
        })
        .describe('The lunar month of the day’s tithi'),
      lunarDate: z.string().describe('The lunar date as almanacs print it, e.g. "अधिक जेठ कृष्ण त्रयोदशी"'),
      estimated: z
        .boolean()
        .describe('True when the day’s tithi and events are computed (no published almanac day)'),
    })
    .meta({ id: 'DayRecord', description: 'One day of a BS month (interface specification 2.2).' }))();

const part = /* @__PURE__ */ (() =>
  z.object({
    index: z.number().int(),
    name: z.string(),
    ends: clock,
    endsAt: moment.optional().describe('The exact end, when it falls after midnight'),
  }))();
/** A muhurat category of a day, its name in the asked language. */
export const dayMuhuratSchema = /* @__PURE__ */ (() =>
  z.object({
    category: z.string(),
    name: z.string(),
    estimated: z.boolean().describe('Computed by the muhurat rules, not from a published list'),
  }))();

export const fullDayRecordSchema = /* @__PURE__ */ (() =>
  dayRecordSchema
    .extend({
      bsDate: z.string(),
      moonrise: clock.nullable(),
      moonset: clock.nullable(),
      nakshatra: part.describe('The nakshatra at sunrise and when it ends'),
      yoga: part,
      karana: part.describe('The karana at sunrise (index 1–60 of the lunar month) and when it ends'),
      sunSign: z.string(),
      moonSign: z.object({
        name: z.string(),
        changes: clock
          .nullable()
          .describe('When the Moon enters the next sign, if it does before the next sunrise'),
        changesAt: moment.optional().describe('The exact moment, when it falls after midnight'),
        next: z.string().nullable(),
      }),
      ayana: z.string(),
      kshayaTithi: part.nullable(),
      vriddhi: z.boolean().describe('The tithi is also current at the next sunrise'),
      timeWindows: z.array(
        z.object({
          id: z
            .string()
            .describe(
              'The window’s stable key; some weekdays have two windows of one key (two dur muhurtas, two amrit belas on Mondays)',
            ),
          name: z.string(),
          start: clock,
          startAt: moment.optional(),
          end: clock,
          endAt: moment.optional().describe('The exact end, when it falls after midnight'),
          auspicious: z.boolean(),
        }),
      ),
      grahas: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          longitude: z.number().describe('Sidereal (Lahiri) longitude, degrees'),
          rashi: z.string(),
          degree: z.number().describe('Degrees within the sign'),
          retrograde: z.boolean(),
        }),
      ),
      muhurats: z
        .array(dayMuhuratSchema)
        .describe(
          'The muhurat categories of the day: published, or computed (estimated) where no list exists',
        ),
      models: z.object({ tithi: z.enum(MODEL_IDS), limbs: z.enum(MODEL_IDS) }),
      status: z.enum(['published', 'projection']),
    })
    .meta({
      id: 'FullDayRecord',
      description: 'A day with every element of the Panchanga (today and by-date).',
    }))();

export const monthMetaSchema = /* @__PURE__ */ (() =>
  z
    .object({
      year: z.number().int(),
      month: z.number().int(),
      monthName: z.string(),
      status: z.enum(['published', 'projection']),
      nearBoundary: z
        .boolean()
        .describe('The month’s start lies within 30 minutes of its cut-off (projections)'),
      curated: z.boolean().describe('Published almanac days are laid over the computed ones'),
      estimated: z.boolean().describe('True for a computed month: no published almanac day in it'),
      sources: z
        .array(sourceSchema())
        .describe(
          'The published almanacs the curated days come from, as data/panchanga names them (empty for a computed month)',
        ),
    })
    .meta({ id: 'MonthMeta', description: 'The facts of one BS month.' }))();

/** One BS month in the library: its facts and its day records. */
export const monthFileSchema = /* @__PURE__ */ (() =>
  monthMetaSchema
    .extend({ days: z.array(dayRecordSchema).min(29).max(32) })
    .meta({ id: 'Month', description: 'The day records of one BS month, with its facts.' }))();

/**
 * The answer of GET /api/panchanga/{year}/{month} (interface specification 4.2): `data` is the array of the
 * month's day records, `meta` the month's facts (and the place, when the month was computed at one).
 */
export const monthAnswerSchema = /* @__PURE__ */ (() =>
  z.object({
    success: z.literal(true),
    data: z.array(dayRecordSchema).min(29).max(32),
    meta: monthMetaSchema.and(
      z.object({
        place: placeSchema
          .optional()
          .describe(
            'Present when the month was computed at a place: its sunrise, sunset, tithis at sunrise and clock times are the place’s',
          ),
      }),
    ),
  }))();

export type MonthMeta = z.infer<typeof monthMetaSchema>;
export type MonthAnswer = z.infer<typeof monthAnswerSchema>;

/** The answer (and static file) of a month. Example: `JSON.stringify(monthAnswer(files.ne))`. */
export function monthAnswer({ days, ...meta }: MonthFile): MonthAnswer {
  return { success: true, data: days, meta };
}

/** A month again from its answer (what a function reads back from the static file). */
export function monthFromAnswer(answer: Pick<MonthAnswer, 'data' | 'meta'>): MonthFile {
  return { ...answer.meta, days: answer.data };
}

export const availableMonthsSchema = /* @__PURE__ */ (() =>
  z
    .object({
      computedRange: z.object({ from: z.number().int(), to: z.number().int() }),
      supportedRange: z.object({ from: z.number().int(), to: z.number().int() }),
      years: z.array(
        z.object({
          year: z.number().int(),
          status: z.enum(['published', 'projection']),
          months: z.array(z.number().int()).describe('Months served as static files'),
          curatedMonths: z.array(z.number().int()).describe('Months with published almanac days'),
          nearBoundaryMonths: z.array(z.number().int()),
        }),
      ),
    })
    .meta({
      id: 'AvailableMonths',
      description: 'Stored and computed years and months, with each year’s status.',
    }))();

export type DayEvent = z.infer<typeof dayEventSchema>;
export type DayRecord = z.infer<typeof dayRecordSchema>;
export type DayMuhurat = z.infer<typeof dayMuhuratSchema>;
export type FullDayRecord = z.infer<typeof fullDayRecordSchema>;
export type MonthFile = z.infer<typeof monthFileSchema>;
export type AvailableMonths = z.infer<typeof availableMonthsSchema>;
