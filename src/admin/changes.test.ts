/**
 * A change to one day of a month no almanac covers (a projected year, BS 2084) starts from what the site serves:
 * the days it leaves alone are still served as computed, with the rules' festivals and observances and
 * `estimated`, and the day it changes says which of its facts are the admin's.
 */
import { describe, expect, it } from 'vitest';
import { FestivalCalendar } from '../festivals/festivals.ts';
import { monthFiles } from '../almanac/records.ts';
import { applyDayUpdate, baselineFromServed } from './changes.ts';
import { adminSource } from './import.ts';

describe('a day set in a computed month (BS 2084 Ashwin)', () => {
  const computed = monthFiles(2084, 6, undefined, new FestivalCalendar().eventsOfDay, ['en']).en;
  const changed = applyDayUpdate(
    baselineFromServed(computed),
    { year: 2084, month: 6, gate: 3, set: { holiday: true, events: ['सार्वजनिक बिदा (परीक्षण)'] } },
    adminSource('tester'),
  );
  const calendar = new FestivalCalendar({ curated: new Map([['2084-6', changed]]) });
  const served = monthFiles(2084, 6, changed, calendar.eventsOfDay, ['en']).en;

  it('serves every other day as before: computed, estimated, its festivals and observances from the rules', () => {
    expect(computed.days.filter((d) => d.events.length > 0).length).toBeGreaterThan(20);
    served.days.forEach((day, i) => {
      if (day.gate === 3) return;
      expect(day, `day ${day.gate}`).toEqual(computed.days[i]);
    });
    const observances = (cal: FestivalCalendar) =>
      cal.occurrences(2084, 'en').filter((o) => o.bsDate.startsWith('2084-06-') && o.bsDate !== '2084-06-03');
    expect(observances(calendar)).toEqual(observances(new FestivalCalendar()));
    expect(served).toMatchObject({ curated: true, estimated: true });
  });

  it('serves the day changed with the admin’s events and holiday, and its tithi still computed', () => {
    const day = served.days[2]!;
    expect(day.events.map((e) => e.name)).toContain('सार्वजनिक बिदा (परीक्षण)');
    expect(day).toMatchObject({
      holiday: true,
      tithiIndex: computed.days[2]!.tithiIndex,
      source: { tithi: 'computed', festivals: 'published' },
      estimated: true,
    });
  });
});
