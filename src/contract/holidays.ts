/** The government's public holiday notices as read from the gazette (data/holidays/moha-notices.json). */
import * as z from 'zod';

export const holidayNoticesSchema = /* @__PURE__ */ (() =>
  z
    .object({
      about: z.string(),
      source: z.string().optional(),
      unreadable: z
        .array(z.object({ year: z.number().int(), name: z.string(), line: z.string() }))
        .default([]),
      notices: z.array(
        z.object({
          year: z.number().int(),
          month: z.number().int().min(1).max(12),
          day: z.number().int().min(1).max(32),
          name: z.string(),
          line: z.string(),
          weekdayMatches: z.boolean().nullable(),
          parseConfidence: z.string(),
        }),
      ),
    })
    .meta({ id: 'HolidayNotices', description: 'data/holidays/moha-notices.json' }))();
