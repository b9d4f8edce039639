/**
 * The day index a full day record reads (MuhuratDayIndex, a month of it stored with the month's days) against the
 * year file it is made from: on every day of a year with published lists (2083) and of a computed year (2084), the
 * same categories, names and `estimated`, in the order of KNOWN_CATEGORIES. The muhurats to come across Falgun 2083
 * → Baisakh 2084: the published list's days as printed (../shared/data/muhurat), then computed ones that say so.
 * A printed day with the rules' windows where they give it, marked as estimated windows.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readSharedJson } from '../../test/support/shared-data.ts';
import { bsToFixed, daysInBsMonth } from '../calendar/bs.ts';
import { fixedFromGregorian } from '../calendar/time.ts';
import { loadMuhuratFiles } from './curated.ts';
import {
  categoryName,
  KNOWN_CATEGORIES,
  muhuratDayIndex,
  muhuratDaysByMonth,
  muhuratList,
  muhuratsOfDay,
  upcomingMuhurats,
  upcomingMuhuratsOf,
} from './muhurat.ts';
import { MUHURAT_CATEGORIES } from '../contract/muhurat.ts';
import { MUHURAT_RULES } from './muhurat-rules.ts';
import { computeYear } from './muhurat-engine.ts';
import { yearMuhurats } from './muhurat-year.ts';

describe('the muhurat day index', () => {
  const published = loadMuhuratFiles();
  it.each([2083, 2084])('gives each day of BS %i the categories of the year file', (year) => {
    const file = yearMuhurats(year, published.get(year) ?? null);
    const index = muhuratDayIndex(file);
    let listed = 0;
    const known = (category: string) => KNOWN_CATEGORIES.indexOf(category);
    expect(Object.keys(file.categories).every((c) => known(c) >= 0)).toBe(true);
    const byMonth = muhuratDaysByMonth(index);
    expect(byMonth).toHaveLength(12);
    for (let month = 1; month <= 12; month++) {
      const days = byMonth[month - 1]!;
      expect(Object.keys(days).every((key) => key.startsWith(`${month}-`))).toBe(true);
      for (let day = 1; day <= daysInBsMonth(year, month); day++) {
        const expected = Object.entries(file.categories)
          .sort(([a], [b]) => known(a) - known(b))
          .flatMap(([category, list]) => {
            const found = list.days.find((d) => d.month === month && d.day === day);
            return found
              ? [{ category, name: categoryName(category, 'en'), estimated: found.estimated }]
              : [];
          });
        expect(muhuratsOfDay(days, month, day, 'en')).toEqual(expected);
        listed += expected.length;
      }
    }
    // Every day of every list is found once.
    expect(listed).toBe(Object.values(file.categories).reduce((n, list) => n + list.days.length, 0));
    expect(listed).toBeGreaterThan(50);
  });

  it('has no categories for a day without an index', () => {
    expect(muhuratsOfDay(null, 1, 1, 'ne')).toEqual([]);
  });
});

describe('the muhurats to come', () => {
  const published = loadMuhuratFiles();
  const list = (year: number, categories: string[]) =>
    muhuratList(yearMuhurats(year, published.get(year) ?? null), year, categories, 'en');
  const shared = readSharedJson<{
    years: Record<string, Record<string, Record<string, { bsM: number; bsD: number; ad: string }[]>>>;
  }>('muhurat/muhurat-2075-2083.json');
  /** The printed days of a category of 2083 (the longest source's list, as the build imports it). */
  const printed = (category: string) =>
    Object.values(shared.years['2083']![category]!).sort((a, b) => b.length - a.length)[0]!;

  it('run across Falgun 2083 → Baisakh 2084: the printed days as printed, then computed days that say so', async () => {
    const first = bsToFixed({ year: 2083, month: 11, day: 1 });
    const days = 90;
    const categories = ['bibaha', 'pasni'];
    const upcoming = upcomingMuhuratsOf(first, days, categories, [
      list(2083, categories),
      list(2084, categories),
    ]);
    const last = first + days - 1;
    const fixedOf = (ad: string) =>
      fixedFromGregorian(...(ad.split('-').map(Number) as [number, number, number]));
    expect(upcoming).toMatchObject({ days, categories, published: false });
    expect(fixedOf(upcoming.from)).toBe(first);
    expect(fixedOf(upcoming.to)).toBe(last);
    expect(upcoming.note).toMatch(/BS 2084/);
    for (const m of upcoming.muhurats) {
      expect(m.inDays).toBe(fixedOf(m.englishDate) - first);
      expect(m.inDays >= 0 && m.inDays < days).toBe(true);
    }
    const order = upcoming.muhurats.map((m) => `${m.englishDate} ${m.category}`);
    expect(order).toEqual([...order].sort());
    // Outside truth: the 2083 almanac's wedding and pasni days of the span, exactly, none estimated.
    for (const [category, name] of [
      ['bibaha', 'bibaha'],
      ['pasni', 'annaprashan_pasni'],
    ] as const) {
      const expected = printed(name)
        .filter((d) => fixedOf(d.ad) >= first && fixedOf(d.ad) <= last)
        .map((d) => `2083-${d.bsM}-${d.bsD}`);
      expect(expected.length).toBeGreaterThan(5);
      const ours = upcoming.muhurats.filter((m) => m.category === category && m.year === 2083);
      expect(ours.map((m) => `${m.year}-${m.month}-${m.day}`).sort()).toEqual(expected.sort());
      expect(ours.every((m) => !m.estimated)).toBe(true);
    }
    // Read from the year files, each cut to the span before its days are shaped: the same answer.
    const read = async (year: number) => yearMuhurats(year, published.get(year) ?? null);
    expect(await upcomingMuhurats(first, days, categories, 'en', read)).toEqual(upcoming);
    // Baisakh 2084 is computed: each of its days estimated, with windows and the conditions that made it.
    const computed = upcoming.muhurats.filter((m) => m.year === 2084);
    expect(computed.length).toBeGreaterThan(0);
    for (const m of computed) {
      expect(m.estimated).toBe(true);
      expect(m.windows.length).toBeGreaterThan(0);
      expect(m.because?.length).toBeGreaterThan(0);
    }
  });

  it('run across two computed years (Chaitra 2084 → Baisakh 2085) saying each year once and the agreement once', () => {
    const first = bsToFixed({ year: 2084, month: 12, day: 1 });
    const upcoming = upcomingMuhuratsOf(
      first,
      60,
      ['bibaha'],
      [list(2084, ['bibaha']), list(2085, ['bibaha'])],
    );
    // The shares of the counts the rules file states (measured by src/almanac/muhurat-published.test.ts).
    const { printed, computed, agreeing } = MUHURAT_RULES.get('bibaha')!.measured;
    const percent = (n: number, of: number) => Math.round((100 * n) / of);
    expect(upcoming.note).toBe(
      'bibaha: computed (estimated), no published list for BS 2084. ' +
        `bibaha: of the days these rules give in BS 2075–2081, 2083, the published lists print ${percent(agreeing, computed)} %, ` +
        `and the rules give ${percent(agreeing, printed)} % of the printed days. ` +
        'bibaha: computed (estimated), no published list for BS 2085.',
    );
    expect(upcoming.agreement).toEqual(list(2085, ['bibaha']).agreement);
    // In Nepali too, whose sentences end in a danda and whose वि.सं. holds stops: each year whole, the agreement once.
    const ne = (year: number) =>
      muhuratList(yearMuhurats(year, published.get(year) ?? null), year, ['bibaha'], 'ne');
    const nepali = upcomingMuhuratsOf(first, 60, ['bibaha'], [ne(2084), ne(2085)]).note!;
    expect(nepali.split('प्रकाशित सूचीमा छन्').length - 1).toBe(1);
    for (const year of ['२०८४', '२०८५'])
      expect(nepali).toContain(`विवाह: गणना गरिएको (अनुमानित), वि.सं. ${year} को प्रकाशित सूची छैन।`);
    expect(upcoming.agreement!.bibaha).toMatchObject({
      precision: Math.round((1000 * agreeing) / computed) / 1000,
      recall: Math.round((1000 * agreeing) / printed) / 1000,
    });
  });

  it('give a printed day the windows the rules give it, as estimated windows of a published day', () => {
    // The lists print no time. Each printed wedding, sacred-thread and pasni day of 2075–2083 keeps its date and
    // `estimated: false`; where the rules give the day too, it carries their windows, marked `windowsEstimated`.
    // The printed days the rules leave out, each listed with its reason.
    const disagreements = JSON.parse(readFileSync('data/muhurats/disagreements.json', 'utf8')) as {
      years: Record<string, Record<string, { missed: { date: string }[] } | undefined> | undefined>;
    };
    let withWindows = 0;
    let without = 0;
    for (const [year, file] of published) {
      const computed = computeYear(year, MUHURAT_CATEGORIES);
      const built = yearMuhurats(year, file);
      for (const category of MUHURAT_CATEGORIES) {
        const printedDays = file.categories[category];
        if (!printedDays) continue;
        const ruled = new Map(computed.get(category)!.map((d) => [`${d.month}-${d.day}`, d.windows]));
        const missed = new Set(
          (disagreements.years[String(year)]?.[category]?.missed ?? []).map((m) => m.date),
        );
        const days = built.categories[category]!.days;
        expect(days.map((d) => `${d.month}-${d.day}`)).toEqual(printedDays.map((d) => `${d.month}-${d.day}`));
        for (const d of days) {
          const key = `${d.month}-${d.day}`;
          const date = `${year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
          expect(d.estimated, date).toBe(false);
          if (ruled.has(key)) {
            expect(d.windows, date).toEqual(ruled.get(key));
            expect(d.windowsEstimated, date).toBe(true);
            expect(missed.has(date), date).toBe(false);
            withWindows++;
          } else {
            expect(d.windows, date).toEqual([]);
            expect(d.windowsEstimated, date).toBeUndefined();
            expect(missed.has(date), `${date} is a listed disagreement`).toBe(true);
            without++;
          }
        }
      }
    }
    // The rules' recall over the lists: nearly every printed day has its windows.
    expect(withWindows).toBeGreaterThan(20 * without);
    const answer = list(2083, ['bibaha']).muhurats.find((m) => m.windows.length > 0)!;
    expect(answer).toMatchObject({ estimated: false, windowsEstimated: true });
  });

  it('within a year of published lists are published, without a note; a missing year ends the answer', () => {
    const first = bsToFixed({ year: 2083, month: 1, day: 1 });
    const within = upcomingMuhuratsOf(first, 30, ['bibaha'], [list(2083, ['bibaha'])]);
    expect(within.published).toBe(true);
    expect(within.note).toBeUndefined();
    expect(within.muhurats.map((m) => m.bsDate)).toEqual(
      list(2083, ['bibaha'])
        .muhurats.filter((m) => bsToFixed(m) - first < 30)
        .map((m) => m.bsDate),
    );
    const beyond = upcomingMuhuratsOf(first, 30, ['bibaha'], [null]);
    expect(beyond.muhurats).toEqual([]);
  });
});
