/**
 * Official and published dates that override festival rules: the government's holiday notices
 * (data/holidays/moha-notices.json) and the events printed in the curated almanacs. Where they differ from a
 * rule, the published date wins and the occurrence says so.
 */
import type { z } from 'zod';
import { holidayNoticesSchema } from '../contract/holidays.ts';
import notices from '../../data/holidays/moha-notices.json' with { type: 'json' };
import { FESTIVAL_RULES } from './rules.ts';
import { nameIndex, normalizeName } from './match.ts';

export { holidayNoticesSchema } from '../contract/holidays.ts';

export type HolidayNotice = z.infer<typeof holidayNoticesSchema>['notices'][number];

export const HOLIDAY_NOTICES: readonly HolidayNotice[] = holidayNoticesSchema.parse(notices).notices;
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
