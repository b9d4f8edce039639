/**
 * A day stored by the build (packMonth, through JSON as the file holds it) and read back (unpackDay) is the
 * day panchangaOfDay computes, field for field and number for number, over months across BS 1900–2200.
 */
import { describe, expect, it } from 'vitest';
import { BS_MAX_YEAR, BS_MIN_YEAR, bsMonthStartFixed, daysInBsMonth } from '../calendar/bs.ts';
import { packMonth, unpackDay, type PackedMonth } from './packed-days.ts';
import { panchangaOfDay, sharingDays } from './panchanga.ts';

/** The first and last months of the range, and one month every 23 years between them (tithi and limb models differ by era). */
const MONTHS: [number, number][] = [
  [BS_MIN_YEAR, 1],
  [BS_MAX_YEAR, 12],
  ...Array.from({ length: 13 }, (_, i): [number, number] => [BS_MIN_YEAR + 11 + 23 * i, 1 + ((i * 5) % 12)]),
];

describe('stored days', () => {
  it.each(MONTHS)('BS %i-%i reads back as computed', (year, month) => {
    const start = bsMonthStartFixed(year, month);
    const days = Array.from({ length: daysInBsMonth(year, month) }, (_, i) => panchangaOfDay(start + i));
    const stored = JSON.parse(JSON.stringify(packMonth(days))) as PackedMonth;
    for (const day of days) expect(unpackDay(stored, day.fixed)).toStrictEqual(day);
    expect(unpackDay(stored, start - 1)).toBeNull();
    expect(unpackDay(stored, start + days.length)).toBeNull();
    // Another layout (the one before the varjyams, schema 1) is refused, not misread.
    expect(unpackDay({ ...stored, schemaVersion: 1 as 2 }, start)).toBeNull();
  });

  it('are the same days when the build shares them', () => {
    const start = bsMonthStartFixed(2083, 5);
    const alone = Array.from({ length: 5 }, (_, i) => panchangaOfDay(start + i));
    // Shared: asked lean first (as the month files do), then full; both answer the full day.
    const shared = sharingDays(() => {
      for (let i = 0; i < 5; i++) panchangaOfDay(start + i, { lean: true });
      return Array.from({ length: 5 }, (_, i) => panchangaOfDay(start + i));
    });
    expect(shared).toStrictEqual(alone);
  });
});
