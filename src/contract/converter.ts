/**
 * The date converter's answer (GET /api/date-converter): the day in both calendars, and how the input was read.
 * src/calendar/convert.ts produces it; its types come from here.
 * Its schemas are built in closures marked pure (`@__PURE__`): a bundle that uses none of them drops them, so the
 * function builds no answer schema at start (src/http/answers.ts; test/functions/bundle.test.ts).
 */
import * as z from 'zod';

export const dayDescriptionSchema = /* @__PURE__ */ (() =>
  z.object({
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    year: z.number().int(),
    month: z.number().int().min(1).max(12),
    day: z.number().int().min(1).max(32),
    monthName: z.string(),
    weekday: z.string(),
    devanagari: z.string().describe('The date in Devanagari digits'),
  }))();

export const conversionSchema = /* @__PURE__ */ (() =>
  z
    .object({
      input: z.string(),
      from: z.enum(['ad', 'bs']),
      assumed: z.boolean().describe('True when `from` was not given and the calendar was inferred'),
      assumption: z
        .string()
        .describe(
          'Why the input was read as AD or BS: for the developer, in English in either language, as a problem’s detail is',
        ),
      ad: dayDescriptionSchema,
      bs: dayDescriptionSchema.extend({
        status: z.enum(['published', 'projection']),
        nearBoundary: z.boolean().describe('The month starts within 30 minutes of its sankranti cut-off'),
      }),
      weekdayIndex: z.number().int().min(0).max(6).describe('0 = Sunday'),
      alternative: z
        .object({
          from: z.enum(['ad', 'bs']).describe('The calendar of the reading not taken'),
          ad: z
            .string()
            .regex(/^\d{4}-\d{2}-\d{2}$/)
            .describe('That reading’s day in AD'),
          bs: z
            .string()
            .regex(/^\d{4}-\d{2}-\d{2}$/)
            .describe('That reading’s day in BS'),
          daysFromToday: z.number().int().describe('How far that day lies from today (negative: past)'),
        })
        .optional()
        .describe('When `from` was not given and the date is valid in both calendars: the reading not taken'),
    })
    .meta({ id: 'Conversion', description: 'One day in AD and BS.' }))();

export type DayDescription = z.infer<typeof dayDescriptionSchema>;
export type Conversion = z.infer<typeof conversionSchema>;
