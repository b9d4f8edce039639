/**
 * The BS month table in data/calendar: published years (imported from the published tables) and projected
 * years (computed by scripts/project-calendar.ts). Both files share one year shape.
 * Its schemas are built in closures marked pure (`@__PURE__`): a bundle that uses none of them drops them, so the
 * function builds no answer schema at start (src/http/answers.ts; test/functions/bundle.test.ts).
 */
import * as z from 'zod';

const isoDate = /* @__PURE__ */ (() => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD'))();

export const calendarYearSchema = /* @__PURE__ */ (() =>
  z
    .object({
      lengths: z.array(z.number().int().min(29).max(32)).length(12),
      days: z.number().int().min(365).max(366),
      firstDayAD: isoDate,
      status: z.enum(['published', 'projection']),
      support: z.array(z.string()).optional(),
      dissent: z.record(z.string(), z.unknown()).optional(),
      nearBoundary: z
        .array(z.object({ month: z.number().int().min(1).max(12), minutesFromCutoff: z.number() }))
        .optional(),
      note: z.string().optional(),
    })
    .refine((y) => y.lengths.reduce((a, b) => a + b, 0) === y.days, {
      message: 'days must equal the sum of the month lengths',
      path: ['days'],
    })
    .meta({
      id: 'CalendarYear',
      description: 'Days in each month of one BS year and the AD date of 1 Baisakh.',
    }))();

export const calendarTableSchema = /* @__PURE__ */ (() =>
  z
    .object({
      about: z.string(),
      source: z.string().optional(),
      generatedBy: z.string().optional(),
      model: z.string().optional(),
      rule: z.string().optional(),
      anchor: z.object({ bs: isoDate, ad: isoDate }).optional(),
      years: z.record(z.string().regex(/^\d{4}$/), calendarYearSchema),
    })
    .meta({ id: 'CalendarTable', description: 'BS month lengths by year (data/calendar/*.json).' }))();

export type CalendarYear = z.infer<typeof calendarYearSchema>;
export type CalendarTable = z.infer<typeof calendarTableSchema>;
