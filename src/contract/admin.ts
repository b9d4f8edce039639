/**
 * The admin API's request bodies: login, one day's correction, the month import file (what the text-recognition
 * parser of a printed almanac produces), and deleting a month. The import format is lenient on purpose (numbers
 * as numbers or text, Devanagari or ASCII digits, times as "६:१५" or "6.15", tithis by number or name, festivals
 * as one text or a list): src/admin/import.ts normalizes and checks it against the BS table before anything is
 * written. Published as /schemas/import-month.json.
 * Its schemas are built on first use (src/contract/lazy.ts): the function builds a request body's schema on the
 * first request that sends one, and none of the answers' (src/http/answers.ts; test/functions/bundle.test.ts).
 */
import * as z from 'zod';
import { curatedDaySchema, curatedMonthSchema, sourceSchema } from './data-files.ts';
import { lazy } from './lazy.ts';

const numberish = /* @__PURE__ */ lazy(() => z.union([z.number(), z.string().min(1).max(12)]));
const text = /* @__PURE__ */ lazy(() => z.string().max(200));

export const loginSchema = /* @__PURE__ */ lazy(() =>
  z
    .object({ user: z.string().min(1).max(64), password: z.string().min(1).max(256) })
    .strict()
    .meta({ id: 'LoginRequest' }),
);

export const monthRefSchema = /* @__PURE__ */ lazy(() =>
  z
    .object({ year: z.number().int().min(1900).max(2200), month: z.number().int().min(1).max(12) })
    .strict()
    .meta({ id: 'MonthRef', description: 'One BS month (POST /api/panchanga/delete).' }),
);

/** The version a change was made from: the commit GET /api/admin/month answered (or send `If-Match`). */
const baseField = /* @__PURE__ */ lazy(() =>
  z
    .string()
    .regex(/^[0-9a-f]{40}$/, 'a commit id (40 hex digits)')
    .optional()
    .describe(
      'The commit the change was made from (GET /api/admin/month `commit`); or send If-Match: "<commit>"',
    ),
);

export const deleteMonthSchema = /* @__PURE__ */ lazy(() =>
  z
    .object({
      year: z.number().int().min(1900).max(2200),
      month: z.number().int().min(1).max(12),
      base: baseField(),
    })
    .strict()
    .meta({
      id: 'DeleteMonth',
      description: 'Delete the curated records of one BS month (POST /api/panchanga/delete).',
    }),
);

export const restoreMonthSchema = /* @__PURE__ */ lazy(() =>
  z
    .object({
      year: z.number().int().min(1900).max(2200),
      month: z.number().int().min(1).max(12),
      from: z
        .string()
        .regex(/^[0-9a-f]{40}$/, 'a commit id (40 hex digits)')
        .describe('The commit whose version of the month to restore'),
      base: baseField(),
    })
    .strict()
    .meta({
      id: 'RestoreMonth',
      description:
        'Restore a month as it was at a commit of its history (POST /api/admin/restore): undo a delete or a change.',
    }),
);

/** The fields of a curated day an admin may set (the rest are derived: gate, englishDate). */
export const dayFieldsSchema = /* @__PURE__ */ lazy(() =>
  curatedDaySchema()
    .omit({ gate: true, englishDate: true, confidence: true, tithiSource: true, eventsSource: true })
    .partial(),
);

export const dayUpdateSchema = /* @__PURE__ */ lazy(() =>
  z
    .object({
      year: z.number().int().min(1900).max(2200),
      month: z.number().int().min(1).max(12),
      gate: z.number().int().min(1).max(32),
      set: dayFieldsSchema().refine(
        (fields) => Object.keys(fields).length > 0,
        'name at least one field to set',
      ),
      source: sourceSchema().optional().describe('Where the correction comes from (default: the admin)'),
      base: baseField(),
    })
    .strict()
    .meta({ id: 'DayUpdate', description: 'Add or update one day record (POST /api/panchanga).' }),
);

export const importDaySchema = /* @__PURE__ */ lazy(() =>
  z
    .object({
      gate: numberish().describe('BS day of the month'),
      baar: text().optional().describe('Weekday as printed; checked against the calendar'),
      englishDate: text()
        .optional()
        .describe('YYYY-MM-DD; checked against the calendar, computed when absent'),
      tithi: numberish().optional().describe('1–30, or 1–15 with paksha'),
      tithiName: text().optional().describe('e.g. "प्रतिपदा", "Purnima"'),
      paksha: text().optional().describe('"शुक्ल"/"कृष्ण" or shukla/krishna'),
      tithiEnds: text().optional(),
      printedTithi: numberish()
        .optional()
        .describe('The tithi the source printed where its own end times imply another (1–30)'),
      nakshatra: text().optional(),
      nakshatraEnds: text().optional(),
      yoga: text().optional(),
      karana: text().optional(),
      sunrise: text().optional(),
      sunset: text().optional(),
      festivals: z.union([z.string().max(2000), z.array(text())]).optional(),
      holiday: z.union([z.boolean(), text()]).optional(),
      note: text().optional(),
    })
    .strict()
    .meta({ id: 'ImportDay' }),
);

export const importMonthSchema = /* @__PURE__ */ lazy(() =>
  z
    .object({
      $schema: z.string().optional(),
      year: numberish(),
      month: numberish(),
      source: sourceSchema().optional(),
      days: z.array(importDaySchema()).min(1).max(32),
    })
    .strict()
    .meta({
      id: 'ImportMonth',
      description:
        'A month of a printed almanac as the text-recognition parser gives it (POST /api/panchanga/import).',
    }),
);

/** One problem with an import file: the row (1-based), its gate when known, the field, what is wrong. */
export const importErrorSchema = /* @__PURE__ */ lazy(() =>
  z
    .object({
      row: z.number().int().optional(),
      gate: z.number().int().optional(),
      field: z.string(),
      message: z.string(),
    })
    .meta({ id: 'ImportError' }),
);

/** One changed value between the stored month and a proposed one. */
export const fieldChangeSchema = /* @__PURE__ */ lazy(() =>
  z
    .object({ gate: z.number().int(), field: z.string(), from: z.unknown(), to: z.unknown() })
    .meta({ id: 'FieldChange' }),
);

export const commitResultSchema = /* @__PURE__ */ lazy(() =>
  z
    .object({
      commit: z.string().nullable().describe('The new commit (null for a dry run)'),
      path: z.string(),
      dryRun: z.boolean(),
      changes: z.array(fieldChangeSchema()),
      rebased: z
        .boolean()
        .optional()
        .describe(
          'The change was made from an older version and applied on the newer one (other records changed)',
        ),
      landed: z
        .boolean()
        .optional()
        .describe(
          'The change had already landed (a retry of a request whose answer was lost); `commit` made it',
        ),
      base: z.string().optional().describe('For a dry run: the version it was computed against'),
      unknownNames: z
        .array(z.string())
        .optional()
        .describe(
          'Event names the change writes that the glossary of printed names (data/festivals/glossary.json) does not have: until an entry gives each its English name and the festival it is, it is shown as printed in English and linked to none, and the tests name it',
        ),
    })
    .meta({ id: 'CommitResult' }),
);

export const sessionSchema = /* @__PURE__ */ lazy(() =>
  z
    .object({
      user: z.string(),
      expiresAt: z.string().optional().describe('When the session cookie expires (ISO 8601), on sign-in'),
    })
    .meta({ id: 'Session', description: 'The signed-in admin.' }),
);

export const signedOutSchema = /* @__PURE__ */ lazy(() =>
  z.object({ signedOut: z.literal(true) }).meta({ id: 'SignedOut' }),
);

export const historyEntrySchema = /* @__PURE__ */ lazy(() =>
  z
    .object({
      commit: z.string(),
      parent: z
        .string()
        .nullable()
        .describe('The version before this change (restore it to undo the change)'),
      message: z.string(),
      author: z.string(),
      date: z.string(),
    })
    .meta({ id: 'HistoryEntry', description: 'One change of a month’s curated file, newest first.' }),
);

export const adminMonthSchema = /* @__PURE__ */ lazy(() =>
  z
    .object({
      commit: z
        .string()
        .describe('The head commit of the data branch: send it as `base` (or If-Match) with a change'),
      stored: curatedMonthSchema()
        .nullable()
        .describe('The curated file of the month, or null when it has none'),
    })
    .meta({ id: 'AdminMonth', description: 'A month as the data repository holds it now.' }),
);

export type DayUpdate = z.infer<ReturnType<typeof dayUpdateSchema>>;
export type HistoryEntry = z.infer<ReturnType<typeof historyEntrySchema>>;
export type ImportMonth = z.infer<ReturnType<typeof importMonthSchema>>;
export type ImportError = z.infer<ReturnType<typeof importErrorSchema>>;
export type FieldChange = z.infer<ReturnType<typeof fieldChangeSchema>>;
