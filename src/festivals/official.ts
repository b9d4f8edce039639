/**
 * Official and published dates that override festival rules: the government's holiday notices
 * (data/holidays/moha-notices.json) and the events printed in the curated almanacs. Where they differ from a
 * rule, the published date wins and the occurrence says so.
 */
import { z } from 'zod';
import notices from '../../data/holidays/moha-notices.json' with { type: 'json' };
import { FESTIVAL_RULES } from './rules.ts';
import { nameIndex, normalizeName } from './match.ts';

export const holidayNoticesSchema = z
  .object({
    about: z.string(),
    source: z.string().optional(),
    unreadable: z.array(z.object({ year: z.number().int(), name: z.string(), line: z.string() })).default([]),
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
  .meta({ id: 'HolidayNotices', description: 'data/holidays/moha-notices.json' });

export type HolidayNotice = z.infer<typeof holidayNoticesSchema>['notices'][number];

export const HOLIDAY_NOTICES: readonly HolidayNotice[] = holidayNoticesSchema.parse(notices).notices;
export const NOTICE_SOURCE = 'Ministry of Home Affairs public holiday notice';
const INDEX = nameIndex(FESTIVAL_RULES);

/** The festival rule a printed name refers to, or undefined. */
export function ruleIdOfName(name: string): string | undefined {
  return INDEX.get(normalizeName(name));
}

/** The notices of a BS year with the rule each names (undefined when no rule matches the printed name). */
export function noticesOfYear(year: number): { notice: HolidayNotice; ruleId: string | undefined }[] {
  return HOLIDAY_NOTICES.filter((n) => n.year === year).map((notice) => ({
    notice,
    ruleId: ruleIdOfName(notice.name),
  }));
}
