import { describe, expect, it } from 'vitest';
import { readSharedJsonl } from '../../test/support/shared-data.ts';
import { InvalidQueryError } from '../calendar/errors.ts';
import type { Lang } from '../calendar/names.ts';
import { fixedFromGregorian } from '../calendar/time.ts';
import { loadAllCurated } from '../almanac/curated.ts';
import { FestivalCalendar } from './festivals.ts';
import { upcomingDays, upcomingFestivals, yearsOfUpcoming } from './upcoming.ts';

const festivals = new FestivalCalendar({ curated: loadAllCurated() });
const readYear = async (year: number, lang: Lang) => ({ year, festivals: festivals.occurrences(year, lang) });

interface Notice {
  bsY: number;
  ad: string;
  name: string;
}

describe('upcoming festivals', () => {
  it('run across Chaitra → Baisakh with every public holiday of the government notices in the window', async () => {
    const today = fixedFromGregorian(2026, 3, 25); // Chaitra 2082
    expect(yearsOfUpcoming(today, 45)).toEqual([2082, 2083]);
    const upcoming = await upcomingFestivals(today, 45, 'ne', readYear);
    expect(upcoming).toMatchObject({ from: '2026-03-25', to: '2026-05-08', days: 45 });
    const dates = upcoming.festivals.map((f) => f.englishDate);
    expect(dates).toEqual([...dates].sort());
    expect(dates.every((d) => d >= '2026-03-25' && d <= '2026-05-08')).toBe(true);
    for (const f of upcoming.festivals)
      expect(f.inDays).toBe(
        fixedFromGregorian(...(f.englishDate.split('-').map(Number) as [number, number, number])) - today,
      );
    // Outside truth: the Ministry of Home Affairs notices of 2082 and 2083.
    const notices = readSharedJsonl<Notice>('holidays/moha-2078-2083.jsonl').filter(
      (n) => n.ad >= '2026-03-25' && n.ad <= '2026-05-08',
    );
    expect(notices.some((n) => n.bsY === 2082) && notices.some((n) => n.bsY === 2083)).toBe(true);
    for (const notice of notices)
      expect(
        upcoming.festivals.some((f) => f.englishDate === notice.ad && f.holiday.kind !== 'none'),
        `${notice.ad} ${notice.name}`,
      ).toBe(true);
    expect(upcoming.festivals.find((f) => f.id === 'NEW_YEAR')).toMatchObject({
      englishDate: '2026-04-14',
      bsDate: '2083-01-01',
    });
  });

  it('end with the supported range: from, to and days agree', async () => {
    const first = fixedFromGregorian(2144, 4, 1);
    const last = await upcomingFestivals(first, 60, 'en', readYear);
    // BS 2200 Chaitra, the last month of the range, ends on 15 April 2144.
    expect(last).toMatchObject({ from: '2144-04-01', to: '2144-04-15', days: 15 });
    expect(last.festivals.length).toBeGreaterThan(0);
    expect(last.festivals.every((f) => f.englishDate <= '2144-04-15' && f.inDays < 15)).toBe(true);
    expect(yearsOfUpcoming(first, 60)).toEqual([2200]);
  });

  it('take days 1–366, 30 by default, and name the field otherwise', () => {
    expect(upcomingDays(null)).toBe(30);
    expect(upcomingDays('366')).toBe(366);
    for (const bad of ['0', '367', '-1', '1.5', 'ten', '99999'])
      expect(() => upcomingDays(bad), bad).toThrow(InvalidQueryError);
    try {
      upcomingDays('0');
    } catch (error) {
      expect((error as InvalidQueryError).field).toBe('days');
    }
  });
});
