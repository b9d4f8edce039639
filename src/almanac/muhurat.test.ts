/**
 * The day index a full day record reads (MuhuratDayIndex, a month of it stored with the month's days) against the
 * year file it is made from: on every day of a year with published lists (2083) and of a computed year (2084), the
 * same categories, names and `estimated`, in the order of KNOWN_CATEGORIES.
 */
import { describe, expect, it } from 'vitest';
import { daysInBsMonth } from '../calendar/bs.ts';
import { loadMuhuratFiles } from './curated.ts';
import {
  categoryName,
  KNOWN_CATEGORIES,
  muhuratDayIndex,
  muhuratDaysByMonth,
  muhuratsOfDay,
} from './muhurat.ts';
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
