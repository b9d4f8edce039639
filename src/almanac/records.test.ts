/**
 * Day records against the festival list and the published almanacs: `publicHoliday` is what /api/festivals says
 * for the day over whole years, computed days and rule events say they are estimates and printed ones never do,
 * and the lunar month (with its adhik flag) is the one the almanacs print: the adhik Jestha of 2075 and 2083 and
 * the lunar month of every printed festival 2075–2083.
 */
import { describe, expect, it } from 'vitest';
import { rat32Calendar } from '../../test/support/rat32.ts';
import { almanacYear } from '../../test/support/shared-data.ts';
import { bsToFixed, formatYmd } from '../calendar/bs.ts';
import type { DayRecord } from '../contract/day-record.ts';
import { FestivalCalendar, scopeText } from '../festivals/festivals.ts';
import { ruleIdOfName } from '../festivals/official.ts';
import { FESTIVAL_RULES } from '../festivals/rules.ts';
import { loadAllCurated } from './curated.ts';
import { monthFiles } from './records.ts';

const curated = loadAllCurated();
const festivals = new FestivalCalendar({ curated });

/** Every day record of a BS year in a language. */
function yearRecords(year: number, lang: 'ne' | 'en' = 'ne'): DayRecord[] {
  const days: DayRecord[] = [];
  for (let month = 1; month <= 12; month++)
    days.push(
      ...monthFiles(year, month, curated.get(`${year}-${month}`), festivals.eventsOfDay, [lang])[lang].days,
    );
  return days;
}
const RECORDS = new Map([2075, 2082, 2083, 2084].map((year) => [year, yearRecords(year)]));
const ymd = (d: DayRecord) => formatYmd({ year: d.year, month: d.month, day: d.gate });

describe('publicHoliday', () => {
  it.each([2082, 2083, 2084])('equals what /api/festivals says, on every day of %i', (year) => {
    const national = new Set(
      festivals
        .occurrences(year, 'ne')
        .filter((o) => o.holiday.kind === 'national')
        .map((o) => o.bsDate),
    );
    const days = RECORDS.get(year)!;
    for (const day of days) expect(day.publicHoliday, ymd(day)).toBe(national.has(ymd(day)));
    // Saturdays are not public holidays by themselves: the printed `holiday` says those.
    const saturdays = days.filter((d) => d.baar === 'शनिबार');
    expect(saturdays.every((d) => d.holiday)).toBe(true);
    expect(saturdays.filter((d) => !d.publicHoliday).length).toBeGreaterThan(40);
  });

  it('covers the whole Dashain and Tihar holidays of 2083 (no day missing in the middle)', () => {
    const days = new Map(RECORDS.get(2083)!.map((d) => [ymd(d), d]));
    for (const run of [
      ['2083-06-31', '2083-07-05'],
      ['2083-07-22', '2083-07-25'],
    ]) {
      const [from, to] = run.map((bs) =>
        bsToFixed({ year: 2083, month: +bs.slice(5, 7), day: +bs.slice(8) }),
      );
      for (let fixed = from!; fixed <= to!; fixed++) {
        const day = [...days.values()].find(
          (d) => bsToFixed({ year: d.year, month: d.month, day: d.gate }) === fixed,
        )!;
        expect(day.publicHoliday, ymd(day)).toBe(true);
        expect(
          day.events.some((e) => e.holiday && e.scope === 'national'),
          ymd(day),
        ).toBe(true);
      }
    }
  });
});

describe('the printed holiday (red) of a computed year', () => {
  it('is a Saturday, a national holiday or a day the almanacs print red without one (printedRed)', () => {
    const red = new Set(FESTIVAL_RULES.filter((r) => r.printedRed).map((r) => r.id));
    const days = RECORDS.get(2084)!;
    for (const day of days) {
      const expected =
        day.baar === 'शनिबार' || day.publicHoliday || day.events.some((e) => red.has(e.id ?? ''));
      expect(day.holiday, ymd(day)).toBe(expected);
    }
    // Those of 2084 that fall on a weekday without a national holiday (Christmas 2027 is a Saturday; Ubhauli falls
    // on Buddha Jayanti): red all the same.
    const weekdays = [...red].flatMap((id) =>
      days.filter((d) => d.baar !== 'शनिबार' && !d.publicHoliday && d.events.some((e) => e.id === id)),
    );
    expect(weekdays.length).toBeGreaterThanOrEqual(8);
    for (const day of weekdays) expect(day.holiday, ymd(day)).toBe(true);
  });

  it('is no holiday and not red before the day became a holiday (holidayYears): Christmas, Eid and the Lhosars before 2065', () => {
    // The cabinet made the minorities' festivals public holidays from BS 2065 (Tamu Lhosar from 2064), Labour Day has
    // been one since 2047: a computed year before shows their days black on a weekday, as an almanac of its time.
    const given = FESTIVAL_RULES.filter((r) => r.holidayYears?.every((years) => years.until === undefined));
    expect(given.length).toBeGreaterThanOrEqual(10);
    const records = new Map<number, DayRecord[]>();
    let weekdays = 0;
    for (const rule of given) {
      const from = Math.min(...rule.holidayYears!.map((y) => ('from' in y ? y.from : 0)));
      for (const year of [2040, from - 1]) {
        if (!records.has(year)) records.set(year, yearRecords(year, 'en'));
        for (const day of records.get(year)!.filter((d) => d.events.some((e) => e.id === rule.id))) {
          const event = day.events.find((e) => e.id === rule.id)!;
          expect([event.holiday, event.scope], `${rule.id} ${ymd(day)}`).toEqual([false, 'none']);
          if (day.baar === 'Saturday' || day.publicHoliday) continue;
          weekdays++;
          expect(day.holiday, `${rule.id} ${ymd(day)}`).toBe(false);
        }
      }
    }
    expect(weekdays).toBeGreaterThanOrEqual(10);
    // The same days in 2084: red, and the national, community or regional holiday they are.
    for (const rule of given) {
      const day = yearRecords(2084, 'en').find((d) => d.events.some((e) => e.id === rule.id))!;
      const event = day.events.find((e) => e.id === rule.id)!;
      expect(day.holiday, rule.id).toBe(true);
      expect([event.holiday, event.scope], rule.id).toEqual([
        rule.holiday.kind === 'national',
        scopeText(rule.holiday),
      ]);
    }
  });

  it('agrees with the red of the rat32 calendar on at least 97 % of the weekdays of 2067–2074, years none here covers', () => {
    // Its events linked to the rules and every day it prints red: test/reference/rat32-events-2067-2074.json. The
    // rest are mostly days it prints black that the almanacs of 2075–2083 print red (Indra Jatra, Ghode Jatra, Terai
    // Holi, Rishi Panchami, Guru Nanak Jayanti) or the reverse (Women's Day).
    const red = new Set(rat32Calendar().red);
    let weekdays = 0;
    let agree = 0;
    for (let year = 2067; year <= 2074; year++)
      for (const day of yearRecords(year).filter((d) => d.baar !== 'शनिबार')) {
        weekdays++;
        if (day.holiday === red.has(ymd(day))) agree++;
      }
    console.log(
      `the rules' red against the rat32 calendar 2067–2074: ${agree} of ${weekdays} weekdays agree`,
    );
    expect(weekdays).toBeGreaterThan(2400);
    expect(agree / weekdays).toBeGreaterThanOrEqual(0.97);
  });
});

describe('estimated', () => {
  it('marks the computed months and no published one', () => {
    for (const [year, estimated] of [
      [2083, false],
      [2084, true],
    ] as const) {
      for (let month = 1; month <= 12; month++) {
        const file = monthFiles(year, month, curated.get(`${year}-${month}`), festivals.eventsOfDay, [
          'en',
        ]).en;
        expect(file.estimated, `${year}-${month}`).toBe(estimated);
      }
    }
  });

  it('marks every day and every event of 2084 (nothing is published), and no printed day or event of 2083', () => {
    for (const day of RECORDS.get(2084)!) {
      expect(day.estimated).toBe(true);
      for (const event of day.events) expect(event.estimated, `${ymd(day)} ${event.name}`).toBe(true);
    }
    for (const day of RECORDS.get(2083)!) {
      expect(day.estimated).toBe(false);
      for (const event of day.events) {
        if (event.source !== 'rule') expect(event.estimated, `${ymd(day)} ${event.name}`).toBe(false);
      }
    }
  });
});

describe('names in Nepali', () => {
  it('give what an almanac printed in Latin letters by its Nepali name where the glossary knows what it is (2080)', () => {
    const latin = new Map<string, string | undefined>();
    for (const day of yearRecords(2080))
      for (const event of day.events)
        if (!/[\u0900-\u097f]/.test(event.name)) latin.set(event.name, event.id);
    // Only printed names the glossary links to no festival or observance stay as printed.
    expect([...latin.values()]).toEqual(Array(latin.size).fill(undefined));
    expect([...latin.keys()].sort()).toEqual([
      'Asthami Barta',
      'Chandrodaya',
      'Darsha Shraddha',
      'Gorakhali Puja',
    ]);
    const pradosh = yearRecords(2080)
      .flatMap((d) => d.events)
      .find((e) => e.id === 'PRADOSH_VRAT')!;
    expect(pradosh.name).toBe('प्रदोष व्रत');
  });
});

describe('the lunar month', () => {
  it('is adhik Jestha from the new moon of 2083-02-03 to the aunsi of 2083-03-01, as the 2083 almanac prints it', () => {
    const days = RECORDS.get(2083)!;
    const adhik = days.filter((d) => d.lunarMonth.adhik).map(ymd);
    // "अधिकमास समाप्ति" (the leap month ends) is printed on 2083-03-01, the aunsi.
    const end = almanacYear(2083).find((d) => d.events.includes('अधिकमास समाप्ति'))!;
    expect(adhik.at(-1)).toBe(formatYmd({ year: 2083, month: end.bsM, day: end.bsD }));
    expect(adhik.length).toBeGreaterThanOrEqual(29);
    expect(adhik.length).toBeLessThanOrEqual(31);
    expect(days.filter((d) => d.lunarMonth.adhik).every((d) => d.lunarMonth.name === 'जेठ')).toBe(true);
    // The almanac's own words for one day of it.
    expect(days.filter((d) => d.lunarDate === 'अधिक जेठ कृष्ण त्रयोदशी')).toHaveLength(1);
    expect(yearRecords(2083, 'en').find((d) => d.tithiIndex === 28 && d.lunarMonth.adhik)!.lunarDate).toBe(
      'Adhik Jestha Krishna Trayodashi',
    );
    // No other month of the year is adhik.
    expect(new Set(days.filter((d) => d.lunarMonth.adhik).map((d) => d.lunarMonth.index))).toEqual(
      new Set([3]),
    );
  });

  it('begins the krishna paksha of adhik Jestha 2075 where the almanac prints "अधिक जेष्ठ कृष्ण पक्ष आरम्भ"', () => {
    const start = almanacYear(2075).find((d) => d.events.includes('अधिक जेष्ठ कृष्ण पक्ष आरम्भ'))!;
    const days = RECORDS.get(2075)!;
    const i = days.findIndex((d) => d.month === start.bsM && d.gate === start.bsD);
    expect(days[i]!.lunarMonth).toEqual({ index: 3, name: 'जेठ', adhik: true });
    expect(days[i]!.lunarDate.startsWith('अधिक जेठ कृष्ण')).toBe(true);
    expect(days[i - 1]!.lunarDate.startsWith('अधिक जेठ शुक्ल')).toBe(true);
  });

  it('is the month and paksha of every printed lunar festival on its own tithi, 2075–2083', () => {
    let checked = 0;
    const misses: string[] = [];
    for (let year = 2075; year <= 2083; year++) {
      const records = RECORDS.get(year) ?? yearRecords(year);
      for (const day of almanacYear(year)) {
        for (const event of day.events) {
          const rule = FESTIVAL_RULES.find((r) => r.id === ruleIdOfName(event));
          if (rule?.date.type !== 'lunar') continue;
          const tithi = rule.date.paksha === 'shukla' ? rule.date.tithi : 15 + rule.date.tithi;
          if (day.tithi !== tithi) continue; // printed on a neighbouring tithi's day: a convention, tested apart
          checked++;
          const record = records.find((r) => r.month === day.bsM && r.gate === day.bsD)!;
          const paksha = record.tithiIndex <= 15 ? 'shukla' : 'krishna';
          if (
            record.lunarMonth.index !== rule.date.month ||
            paksha !== rule.date.paksha ||
            record.lunarMonth.adhik
          )
            misses.push(`${year}-${day.bsM}-${day.bsD} ${rule.id}: ${record.lunarDate}`);
        }
      }
    }
    console.log(
      `printed lunar festivals in their lunar month: ${checked - misses.length}/${checked}`,
      misses,
    );
    expect(checked).toBeGreaterThan(200);
    expect(misses).toEqual([]);
  });
});
