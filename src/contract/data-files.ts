/**
 * Curated almanac data: one file a BS month, data/panchanga/{YYYY}/{MM}.json, imported from the published
 * almanacs (scripts/import-almanac.ts) or committed by the admin page. Curated values always win over
 * computed ones in the API, and the API says which a value is. Every file passes this schema when loaded.
 * Its schemas are built on first use (src/contract/lazy.ts): the function builds them only on an admin request
 * that validates with them, and a bundle that uses none of them drops them (test/functions/bundle.test.ts).
 */
import * as z from 'zod';
import { lazy } from './lazy.ts';

export const hhmm = /* @__PURE__ */ lazy(() =>
  z.string().regex(/^([0-4]\d):[0-5]\d$/, 'expected HH:MM (Nepal time; past 24 for after midnight)'),
);
export const isoDate = /* @__PURE__ */ lazy(() =>
  z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'expected YYYY-MM-DD'),
);

export const sourceSchema = /* @__PURE__ */ lazy(() =>
  z
    .object({
      id: z.string().regex(/^[a-z0-9_]+$/),
      name: z.string().min(1),
      url: z.string().optional(),
      license: z.string().optional(),
      note: z.string().optional(),
    })
    .meta({ id: 'Source', description: 'Where curated facts come from.' }),
);

export const curatedDaySchema = /* @__PURE__ */ lazy(() =>
  z
    .object({
      gate: z.number().int().min(1).max(32),
      englishDate: isoDate(),
      tithi: z
        .number()
        .int()
        .min(1)
        .max(30)
        .describe('1–30: 1–15 shukla (15 = purnima), 16–30 krishna (30 = aunsi)'),
      tithiEnds: hhmm().optional(),
      printedTithi: z
        .number()
        .int()
        .min(1)
        .max(30)
        .optional()
        .describe(
          'The label the source printed where it contradicts the source’s own end times; `tithi` is the one they imply',
        ),
      nakshatra: z.string().min(1).optional(),
      nakshatraEnds: hhmm().optional(),
      yoga: z.string().min(1).optional(),
      karana: z.string().min(1).optional(),
      sunrise: hhmm().optional(),
      sunset: hhmm().optional(),
      events: z.array(z.string().min(1)),
      holiday: z.boolean(),
      confidence: z.enum(['high', 'medium-majority', 'disputed', 'single-source', 'admin']).optional(),
      tithiSource: z
        .string()
        .optional()
        .describe(
          "The source (an id of `sources`) of the tithi and its end; `computed`: the engine's, kept from the computed month an admin change started from, served as estimated",
        ),
      eventsSource: z
        .string()
        .optional()
        .describe(
          "The source of the events and the holiday flag; `computed`: none printed, the festival rules' (their events are served), estimated",
        ),
      note: z.string().optional(),
    })
    .strict()
    .meta({ id: 'CuratedDay', description: 'One published (or admin-corrected) day.' }),
);

export const curatedMonthSchema = /* @__PURE__ */ lazy(() =>
  z
    .object({
      $schema: z.string().optional(),
      schemaVersion: z.literal(1),
      year: z.number().int().min(1900).max(2200),
      month: z.number().int().min(1).max(12),
      sources: z.array(sourceSchema()).min(1),
      days: z.array(curatedDaySchema()).min(1).max(32),
    })
    .strict()
    .meta({
      id: 'CuratedMonth',
      description: 'Curated almanac days of one BS month (data/panchanga/{YYYY}/{MM}.json).',
    }),
);

export type CuratedDay = z.infer<ReturnType<typeof curatedDaySchema>>;
export type CuratedMonth = z.infer<ReturnType<typeof curatedMonthSchema>>;
export type Source = z.infer<ReturnType<typeof sourceSchema>>;

/**
 * The source of the days an admin change to a computed month starts from (src/admin/changes.ts
 * baselineFromServed): a curated day whose `tithiSource` or `eventsSource` names it carries the engine's tithi or
 * the rules' events, not an almanac's, and is served as computed (`estimated`) for them.
 */
export const COMPUTED_SOURCE: Source = {
  id: 'computed',
  name: 'Computed by this service (engine and festival rules)',
};

/** Whether a curated day's tithi is an almanac's or an admin's, not the computed one of its month's baseline. */
export const tithiCurated = (day: CuratedDay): boolean => day.tithiSource !== COMPUTED_SOURCE.id;

/** Whether a curated day's events and holiday are an almanac's or an admin's, not the computed ones. */
export const eventsCurated = (day: CuratedDay): boolean => day.eventsSource !== COMPUTED_SOURCE.id;
