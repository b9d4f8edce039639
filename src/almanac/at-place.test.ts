/**
 * Day records at a place: Kathmandu's coordinates give exactly the answers without a place, and the tithi at the
 * sunrise of London and New York follows the 2083 almanac's printed end times (which are in Nepal time).
 */
import { describe, expect, it } from 'vitest';
import mismatches from '../../data/engine/tithi-mismatches.json' with { type: 'json' };
import { almanacYear } from '../../test/support/shared-data.ts';
import { bsMonthStartFixed } from '../calendar/bs.ts';
import { resolvePlace } from '../calendar/places.ts';
import { NPT_OFFSET_MIN } from '../calendar/time.ts';
import { zoneOffsetMinutes } from '../calendar/zone.ts';
import { FestivalCalendar } from '../festivals/festivals.ts';
import { dayRecordAt, fullDayRecordAt } from './at-place.ts';
import { loadAllCurated } from './curated.ts';
import { fullDayRecord, monthFiles } from './records.ts';

const curated = loadAllCurated();
const festivals = new FestivalCalendar({ curated });
const month = (year: number, m: number) =>
  monthFiles(year, m, curated.get(`${year}-${m}`), festivals.eventsOfDay);
const KATHMANDU = resolvePlace({ lat: '27.7172', lon: '85.324' })!;

describe('Kathmandu’s coordinates', () => {
  it('give exactly the day records of the month files wherever they are computed (BS 2000 Shrawan, 2090 Magh)', () => {
    for (const [year, m] of [
      [2000, 4],
      [2090, 10],
    ] as const) {
      const files = month(year, m);
      expect(files.en.curated).toBe(false);
      const start = bsMonthStartFixed(year, m);
      for (const lang of ['ne', 'en'] as const)
        files[lang].days.forEach((day, i) =>
          expect(dayRecordAt(day, start + i, lang, KATHMANDU)).toEqual(day),
        );
    }
  });

  it('give exactly the full records of today’s answer (every element, window and end time)', () => {
    const files = month(2090, 10);
    const start = bsMonthStartFixed(2090, 10);
    for (const i of [0, 7, 14, 21, 28])
      expect(fullDayRecordAt(files.en.days[i]!, start + i, 'en', [], KATHMANDU)).toEqual(
        fullDayRecord(files.en.days[i]!, start + i, 'en', []),
      );
  });
});

describe('the tithi at the sunrise of London and New York', () => {
  const minutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
  const next = (t: number) => (t % 30) + 1;
  const previous = (t: number) => ((t + 28) % 30) + 1;

  /**
   * The tithi the 2083 almanac's printed end times give at a sunrise (Nepal clock, minutes of the day): the
   * printed one, its successor when it ended before that sunrise, its predecessor when the previous one was
   * still running. Printed ends before Kathmandu's sunrise belong to the next morning. Null where the print
   * cannot say: its boundaries within 15 minutes of that sunrise (the model may differ by minutes), or a tithi
   * that would last outside 19–27 hours (the print contradicts itself).
   */
  function printedAt(sunrise: number, tithi: number, ends: number, previousEnds: number): number | null {
    if (ends - previousEnds < 19 * 60 || ends - previousEnds > 27 * 60) return null;
    if (Math.abs(ends - sunrise) < 15 || Math.abs(previousEnds - sunrise) < 15) return null;
    if (previousEnds > sunrise) return previous(tithi);
    if (ends < sunrise) return next(tithi);
    return tithi;
  }

  for (const id of ['london', 'new-york']) {
    it(`at ${id} agrees with the printed end times on every day they decide`, () => {
      const place = resolvePlace({ place: id })!;
      const printed = almanacYear(2083);
      const counts = { compared: 0, moved: 0 };
      // Days whose printed label the project already lists as wrong (data/engine/tithi-mismatches.json).
      const listed = new Set(
        mismatches.mismatches.filter((x) => x.year === 2083).map((x) => `${x.month}-${x.day}`),
      );
      for (let m = 1; m <= 12; m++) {
        const days = month(2083, m).ne.days;
        const start = bsMonthStartFixed(2083, m);
        days.forEach((base, i) => {
          const index = printed.findIndex((d) => d.bsM === m && d.bsD === i + 1);
          const [day, before] = [printed[index]!, printed[index - 1]];
          if (!day.tithiEnds || !before?.tithiEnds || listed.has(`${m}-${i + 1}`)) return;
          const kathmandu = minutes(base.sunrise);
          const afterSunrise = (clock: string) => minutes(clock) + (minutes(clock) < kathmandu ? 1440 : 0);
          const ends = afterSunrise(day.tithiEnds);
          const previousEnds = afterSunrise(before.tithiEnds) - 1440;
          // Only days whose print is consistent at Kathmandu itself.
          if (printedAt(kathmandu, day.tithi, ends, previousEnds) !== day.tithi) return;
          const record = dayRecordAt(base, start + i, 'ne', place);
          // The place's sunrise on Nepal's clock (the print's): its local time moved by the zones' difference.
          const offset = NPT_OFFSET_MIN - zoneOffsetMinutes(start + i + 0.5, place.timeZone);
          const expected = printedAt(minutes(record.sunrise) + offset, day.tithi, ends, previousEnds);
          if (expected === null) return;
          counts.compared++;
          if (expected !== day.tithi) counts.moved++;
          expect(record.tithiIndex, `2083-${m}-${i + 1}`).toBe(expected);
        });
      }
      expect(counts.compared).toBeGreaterThan(300);
      expect(counts.moved).toBeGreaterThan(50);
      console.log(
        `${id}: ${counts.compared} days compared, ${counts.moved} with another tithi than Kathmandu's`,
      );
    });
  }
});
