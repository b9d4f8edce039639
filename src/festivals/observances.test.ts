import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rat32Calendar } from '../../test/support/rat32.ts';
import { almanacYear, ALMANAC_YEARS, type AlmanacDay } from '../../test/support/shared-data.ts';
import { BS_MAX_YEAR, BS_MIN_YEAR, bsToFixed, fixedToBs, formatYmd } from '../calendar/bs.ts';
import { FESTIVAL_ID } from '../contract/festival.ts';
import { glossaryEntry } from './glossary.ts';
import { tithiModelForYear } from '../engine/almanac-model.ts';
import { LIMBS, limbIndex } from '../engine/elements.ts';
import { sunrise, sunset } from '../engine/sun.ts';
import { gregorianFromFixed, weekdayOfFixed } from '../calendar/time.ts';
import { tithiOfPaksha } from '../calendar/names.ts';
import {
  conventionIn,
  OBSERVANCE_RULES,
  observanceById,
  observancesOfRules,
  observancesOfYear,
  pointOfDay,
  windowOfDay,
} from './observances.ts';
import { lunationsOfYear } from './lunar.ts';
import { FESTIVAL_RULES, ruleDaysOfYear } from './rules.ts';

const MISMATCHES = 'data/festivals/observance-mismatches.json';
const KIND_OF = new Map(OBSERVANCE_RULES.map((r) => [r.id, r.kind]));
/** A printed festival id that an observance also is (e.g. Papankusha Ekadashi = DASHAIN_EKADASHI). */
const BY_FESTIVAL = new Map(OBSERVANCE_RULES.filter((r) => r.festival).map((r) => [r.festival!, r.id]));

describe('observance rules as data', () => {
  it('have unique, well-formed ids apart from the festival rules’, names in both languages and a source', () => {
    const ids = OBSERVANCE_RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    const festivalIds = new Set(FESTIVAL_RULES.map((r) => r.id));
    for (const rule of OBSERVANCE_RULES) {
      expect(rule.id).toMatch(FESTIVAL_ID);
      expect(festivalIds.has(rule.id), rule.id).toBe(false);
      if (rule.festival) expect(festivalIds.has(rule.festival), rule.festival).toBe(true);
      if (rule.date.type === 'on-festival') expect(festivalIds.has(rule.date.id), rule.date.id).toBe(true);
      expect(rule.ne).toMatch(/[\u0900-\u097F]/);
      expect(rule.en).toMatch(/^[A-Z][\x20-\x7E–]*$/);
    }
  });

  it('give every ekadashi of a lunar year once, the 12 sankrantis on the 1st of their month, across BS 1900–2200', () => {
    for (let year = BS_MIN_YEAR; year <= BS_MAX_YEAR; year += 15) {
      const dated = observancesOfYear(year);
      const ekadashis = dated.filter((o) => o.rule.id.startsWith('EKADASHI_'));
      // 12–14 lunations overlap a solar year: 24–27 ekadashis, no day twice but in a kshaya lunation, which keeps
      // the lost month's names beside its own.
      expect(ekadashis.length, `${year}`).toBeGreaterThanOrEqual(24);
      expect(ekadashis.length, `${year}`).toBeLessThanOrEqual(27);
      const kshaya = lunationsOfYear(year).filter((l) => l.lostNext);
      for (const o of ekadashis) {
        const same = ekadashis.filter((other) => other.fixed === o.fixed).length;
        if (same > 1)
          expect(
            kshaya.some((l) => l.start <= o.fixed + 1 && o.fixed <= l.end),
            `${year}`,
          ).toBe(true);
        expect(same).toBeLessThanOrEqual(2);
      }
      const sankrantis = dated.filter((o) => o.rule.kind === 'sankranti');
      expect(sankrantis.map((o) => fixedToBs(o.fixed).day)).toEqual(Array(12).fill(1));
      for (const o of dated) expect(fixedToBs(o.fixed).year).toBe(year);
    }
  });

  it('give a day kept on the nth weekday of an AD month on that weekday, from its first year', () => {
    const dayOf = (id: string, year: number) => observancesOfYear(year).filter((o) => o.rule.id === id);
    // The International Day of Cooperatives, the first Saturday of July since 1995 (BS 2052): one July a BS year.
    expect(dayOf('INTERNATIONAL_DAY_OF_COOPERATIVES', 2051)).toEqual([]);
    for (let year = 2052; year <= BS_MAX_YEAR; year += 3) {
      const days = dayOf('INTERNATIONAL_DAY_OF_COOPERATIVES', year);
      expect(days, `${year}`).toHaveLength(1);
      const { month, day } = gregorianFromFixed(days[0]!.fixed);
      expect([month, weekdayOfFixed(days[0]!.fixed), day <= 7], `${year}`).toEqual([7, 6, true]);
    }
    // World Sight Day, the second Thursday of October: 9 October 2025 and 8 October 2026.
    expect(dayOf('WORLD_SIGHT_DAY', 2082).map((o) => formatYmd(fixedToBs(o.fixed)))).toEqual(['2082-06-23']);
    expect(dayOf('WORLD_SIGHT_DAY', 2083).map((o) => formatYmd(fixedToBs(o.fixed)))).toEqual(['2083-06-22']);
  });

  it('give a modern commemoration from the year of its first observance, not before', () => {
    const dayOf = (id: string, year: number) => observancesOfYear(year).filter((o) => o.rule.id === id);
    // World AIDS Day, first on 1 December 1988 (BS 2045); Malaria Day, first on 25 April 2008 (BS 2065); the
    // International Day of Yoga, first on 21 June 2015 (BS 2072).
    for (const [id, first] of [
      ['WORLD_AIDS_DAY', 2045],
      ['MALARIA_DAY', 2065],
      ['INTERNATIONAL_YOGA_DAY', 2072],
    ] as const) {
      expect(dayOf(id, first - 1), id).toEqual([]);
      expect(dayOf(id, first), id).toHaveLength(1);
      expect(dayOf(id, 2070).length, id).toBe(first <= 2070 ? 1 : 0);
    }
    expect(formatYmd(fixedToBs(dayOf('WORLD_AIDS_DAY', 2045)[0]!.fixed))).toBe('2045-08-16');
  });

  it('give an item from the year the almanac of the years before the published ones first printed it', () => {
    const dayOf = (id: string, year: number) => observancesOfYear(year).filter((o) => o.rule.id === id);
    // World Radio Day, first kept in 2012 (BS 2068), first printed by the Nepali Patro feed in BS 2078.
    for (const year of [2067, 2070, 2077]) expect(dayOf('WORLD_RADIO_DAY', year), `${year}`).toEqual([]);
    for (const year of [2078, 2084, 2200]) expect(dayOf('WORLD_RADIO_DAY', year), `${year}`).toHaveLength(1);
    // Against the feed itself: it prints each such item in its printedFrom year and on none of its days in the
    // published years before, at least one of which has the feed's events on a generated day.
    const FEED = 'nepalipatro_api_posk';
    for (const rule of OBSERVANCE_RULES.filter((r) => r.printedFrom !== undefined)) {
      const feedPrints = (year: number) =>
        (almanacYear(year) as SourcedDay[]).some(
          (d) => d.eventsSource === FEED && d.events.some((e) => glossaryEntry(e)?.id === rule.id),
        );
      const first = rule.printedFrom!;
      expect(feedPrints(first), rule.id).toBe(true);
      let witnessed = 0;
      for (let year = ALMANAC_YEARS[0]; year < first; year++) {
        expect(feedPrints(year), `${rule.id} ${year}`).toBe(false);
        const feedDays = new Set(
          (almanacYear(year) as SourcedDay[])
            .filter((d) => d.eventsSource === FEED)
            .map((d) => bsToFixed({ year: d.bsY, month: d.bsM, day: d.bsD })),
        );
        const generated = observancesOfRules([{ ...rule, printedFrom: undefined }], year);
        if (generated.some((o) => [-1, 0, 1].some((k) => feedDays.has(o.fixed + k)))) witnessed++;
      }
      expect(witnessed, rule.id).toBeGreaterThan(0);
    }
  });

  it('keep a day kept with a festival on that festival’s day: Nepali Army Day on Maha Shivaratri', () => {
    for (const year of [2079, 2087, 2106, 2150, 2200]) {
      const army = observancesOfYear(year).filter((o) => o.rule.id === 'NEPALI_ARMY_DAY');
      expect(
        army.map((o) => o.fixed),
        `${year}`,
      ).toEqual(ruleDaysOfYear(year).get('MAHA_SHIVARATRI'));
      expect(army, `${year}`).toHaveLength(1);
    }
    expect(observancesOfYear(2078).filter((o) => o.rule.id === 'NEPALI_ARMY_DAY')).toEqual([]);
  });

  it('keep a lost (kshaya) month’s observances in the lunation that keeps its festivals, as the festival rules do', () => {
    // BS 2039: the lunation of Pausha (amanta) loses Magha's name (Surya Siddhanta, January 1983); Basanta
    // Panchami (Magha shukla 5) is kept in it, and so is Bhima Ekadashi (Magha shukla 11), six tithis later.
    expect(lunationsOfYear(2039).some((l) => l.lostNext)).toBe(true);
    const [panchami] = ruleDaysOfYear(2039).get('BASANTA_PANCHAMI')!;
    const bhima = observancesOfYear(2039).filter((o) => o.rule.id === 'EKADASHI_BHIMA');
    expect(bhima).toHaveLength(1);
    expect(bhima[0]!.fixed - panchami!).toBeGreaterThanOrEqual(5);
    expect(bhima[0]!.fixed - panchami!).toBeLessThanOrEqual(7);
  });
});

describe('a rule’s convention by year (`until`) and the day a tithi begins (`begins`)', () => {
  const som = observanceById('SOM_PRADOSH_VRAT')!;
  const date = som.date as Extract<typeof som.date, { type: 'tithi' }>;
  const as = (observance: string) =>
    ({ ...som, date: { ...date, until: undefined, observance } }) as typeof som;
  const days = (rule: typeof som, year: number) => observancesOfRules([rule], year).map((o) => o.fixed);

  it('takes each older convention up to its year, the first the year falls in, and the rule’s own after them', () => {
    expect(date.until).toEqual([
      { year: 2074, observance: 'pradosha' },
      { year: 2079, observance: 'begins' },
    ]);
    for (const year of [1990, 2070, 2074])
      expect(days(som, year), `${year}`).toEqual(days(as('pradosha'), year));
    for (const year of [2075, 2077, 2079])
      expect(days(som, year), `${year}`).toEqual(days(as('begins'), year));
    for (const year of [2080, 2084, 2150])
      expect(days(som, year), `${year}`).toEqual(days(as('pradosha'), year));
    // The two conventions part in some years: the test would not notice a rule that ignored `until`.
    expect(days(as('begins'), 2077)).not.toEqual(days(as('pradosha'), 2077));
  });

  it('give each trayodashi one pradosh under its weekday’s name up to 2074 and from 2080, the Monday and Saturday ones alone between', () => {
    // From 2075 to 2079 the almanac printed only the Monday and Saturday pradosh, on the day trayodashi begins: exactly
    // the Mondays and Saturdays among the days in which a trayodashi begins, and the plain one not at all.
    const every = { ...som, date: { ...date, until: undefined, weekdays: undefined, observance: 'begins' } };
    for (const year of [2075, 2077, 2079]) {
      const dated = observancesOfYear(year).filter((o) => o.rule.kind === 'pradosh');
      const begins = days(every as typeof som, year).filter((d) => [1, 6].includes(weekdayOfFixed(d)));
      expect(
        dated.map((o) => o.fixed).sort((a, b) => a - b),
        `${year}`,
      ).toEqual(begins);
      expect(begins.length, `${year}`).toBeGreaterThanOrEqual(3);
      expect(
        dated.some((o) => o.rule.id === 'PRADOSH_VRAT'),
        `${year}`,
      ).toBe(false);
    }
    for (const year of [1950, 2070, 2074, 2080, 2084, 2150]) {
      const days = observancesOfYear(year)
        .filter((o) => o.rule.kind === 'pradosh')
        .map((o) => o.fixed)
        .sort((a, b) => a - b);
      // Two trayodashis a lunation: 24–27 in a solar year, 12–17 days apart.
      expect(days.length, `${year}`).toBeGreaterThanOrEqual(24);
      expect(days.length, `${year}`).toBeLessThanOrEqual(27);
      for (let i = 1; i < days.length; i++) {
        expect(days[i]! - days[i - 1]!, `${year}`).toBeGreaterThanOrEqual(12);
        expect(days[i]! - days[i - 1]!, `${year}`).toBeLessThanOrEqual(17);
      }
    }
  });

  it('takes the older months up to their years: Varaha Jayanti with Haritalika Teej in 2075–2081, a lunation before otherwise', () => {
    const varaha = (year: number) =>
      observancesOfYear(year)
        .filter((o) => o.rule.id === 'VARAHA_JAYANTI')
        .map((o) => o.fixed);
    for (const year of [2075, 2078, 2081])
      expect(varaha(year), `${year}`).toEqual(ruleDaysOfYear(year).get('HARITALIKA_TEEJ'));
    // The rat32 calendar's one printed Varaha Jayanti before the feed's years, Shrawan 6, 2069 (an adhik Bhadra
    // year, two lunations before Teej), is in the rule's lunation: a day before the day tritiya holds at sunrise.
    expect(varaha(2069)).toEqual([bsToFixed({ year: 2069, month: 4, day: 6 }) + 1]);
    for (const year of [2000, 2074, 2082, 2084, 2150]) {
      const [teej] = ruleDaysOfYear(year).get('HARITALIKA_TEEJ')!;
      expect(varaha(year)).toHaveLength(1);
      // Shrawan shukla tritiya: one lunation (29–30 days, 28–31 by sunrise days) before Bhadra's.
      expect(teej! - varaha(year)[0]!, `${year}`).toBeGreaterThanOrEqual(28);
      expect(teej! - varaha(year)[0]!, `${year}`).toBeLessThanOrEqual(31);
    }
  });

  it('`begins`: the day, reckoned from sunrise to sunrise, in which the tithi begins', () => {
    const every = { ...som, date: { ...date, until: undefined, weekdays: undefined, observance: 'begins' } };
    for (const year of [1950, 2077, 2120]) {
      const model = tithiModelForYear(year);
      const tithiAt = (moment: number) => tithiOfPaksha(limbIndex(LIMBS.tithi, model, moment));
      const found = days(every as typeof som, year);
      expect(found.length, `${year}`).toBeGreaterThanOrEqual(24);
      for (const day of found) {
        // Before trayodashi at this sunrise (dwadashi, or ekadashi when dwadashi is skipped), in it or past it
        // (chaturdashi, when trayodashi is skipped) at the next.
        expect([11, 12], `${year} ${day}`).toContain(tithiAt(sunrise(day)));
        expect([13, 14], `${year} ${day}`).toContain(tithiAt(sunrise(day + 1)));
      }
    }
  });
});

interface Mismatch {
  readonly year: number;
  readonly id: string;
  readonly bsDate: string;
  readonly type: 'missed' | 'extra';
  readonly reason: string;
}

/** Why a printed observance is missed or a generated one extra: from what the rule gives near it and the almanac's
 * own tithi at sunrise of the printed day and its neighbours. */
function reasonOf(
  type: Mismatch['type'],
  id: string,
  year: number,
  fixed: number,
  other: ReadonlySet<number> | undefined,
  printedTithi: (fixed: number) => number | undefined,
  siblings: ReadonlySet<number> = new Set(),
): string {
  const near = [...(other ?? [])].filter((d) => Math.abs(d - fixed) <= 2);
  const rule = OBSERVANCE_RULES.find((r) => r.id === id)!;
  const date = rule.date.type === 'tithi' ? rule.date : undefined;
  const observance = date && conventionIn(date, year).observance;
  const ofTithi = (t: number | undefined) =>
    t !== undefined && date !== undefined && (t - 1) % 15 === date.tithi - 1;
  const holds = (offset: number) => ofTithi(printedTithi(fixed + offset));
  const dayBefore = !holds(0) && holds(1);
  const README = '(see data/festivals/README.md)';
  if (type === 'missed' && rule.printedFrom !== undefined && year < rule.printedFrom)
    return `printed by another source in a year before the Nepali Patro feed first printed it (printedFrom ${rule.printedFrom}): the rules give the feed’s items to the years before the published ones ${README}`;
  if (type === 'extra')
    return near.length
      ? 'the almanac prints it a day away (see the missed entry beside it)'
      : 'the almanac does not print it this time, though the source of that day prints it in other months';
  if (near.includes(fixed + 1) && dayBefore)
    return `printed on the day before the tithi’s sunrise day (the day it begins), where the rule’s part of the day falls on the sunrise day: this almanac’s convention for this item differs from the rule’s ${README}`;
  if (!near.length && siblings.has(fixed + 1) && dayBefore)
    return `printed on the day before the tithi’s sunrise day (the day it begins); the rule’s day is the next, another weekday, where it is generated under that weekday’s name: this almanac’s convention differs from the rule’s ${README}`;
  if (!near.length && siblings.has(fixed))
    return 'the rule gives this very day under the name of its weekday: the almanac prints another weekday’s name on it';
  if (!near.length && holds(0) && (siblings.has(fixed - 1) || siblings.has(fixed + 1)))
    return `printed on the day the almanac’s own tithi holds at sunrise; the rule’s day (${observance}) is ${siblings.has(fixed - 1) ? 'the day before' : 'the next day'}, another weekday, where it is generated under that weekday’s name: this almanac departs from its other years here ${README}`;
  if (near.length && date) {
    const ruleDay = near.sort((a, b) => Math.abs(a - fixed) - Math.abs(b - fixed))[0]!;
    const side = ruleDay < fixed ? 'the day before' : 'the next day';
    if (holds(0) && observance !== 'sunrise')
      return `printed on the day the almanac’s own tithi holds at sunrise; the rule’s part of the day (${observance}) gives ${side}, as this item’s other years print it: the almanac departs from its other years here ${README}`;
    if (holds(0) && (holds(-1) || holds(1)))
      return `the tithi holds two sunrises (vriddhi) and this almanac prints it on the ${holds(-1) ? 'second' : 'first'}, where the rule takes ${side}`;
    if (holds(0))
      return `the almanac’s tithi at sunrise that day is the rule’s, the engine’s is not (a tithi boundary near sunrise), so the rule gives ${side}`;
    if (holds(-1))
      return `printed on the day after the tithi’s sunrise day by the almanac’s own tithis, where the rule gives ${side}: the almanac departs from its other years here ${README}`;
    if (dayBefore)
      return `printed on the day before the tithi’s sunrise day (the day it begins), where the rule gives ${side} ${README}`;
    if (!holds(-1) && !holds(1))
      return `the almanac’s own tithis skip the tithi (kshaya) around this day, the engine’s hold it at sunrise ${side === 'the next day' ? 'the next' : 'the previous'} day, where the rule puts it`;
    return `the rule gives ${side}: the tithi is skipped or held twice at the rule’s part of the day, and this almanac chose another day`;
  }
  if (near.length && rule.date.type === 'on-festival')
    return `printed with the almanac’s own ${rule.date.id} of the year, a day from the festival rule’s day (and the notice’s, where one names it)`;
  if (near.length) return 'printed a day or two from the rule’s fixed date';
  if (id === 'EKADASHI_PADMINI')
    return 'the Nepali Patro API feed of 2078, 2080 and 2081 also prints Padmini (the adhik-month ekadashi) on Papankusha Ekadashi, Ashwin shukla 11, in years without an adhik month; its 2075, 2076 and 2079 almanacs do not';
  if (holds(0))
    return 'printed on the rule’s tithi in another lunar month (or a second time in the year): the rule gives no such day within two days';
  return 'the rule gives no such day within two days: printed on another weekday or tithi than the rule requires';
}

/** A published day with the source its events were taken from (null: no source printed an event that day). */
type SourcedDay = AlmanacDay & { readonly eventsSource?: string | null };

describe('recurring observances against the published almanacs 2075–2083', () => {
  type Row = { printed: number; hit: number; generated: number; extra: number; outside: number };
  const rows = new Map<string, Row>();
  /** The two newest almanacs' counts, all kinds together: the conventions the years to come follow. */
  const NEWEST = 2082;
  const newest: Row = { printed: 0, hit: 0, generated: 0, extra: 0, outside: 0 };
  const mismatches: Mismatch[] = [];
  for (const year of ALMANAC_YEARS) {
    const printed = new Map<string, Set<number>>();
    // The almanac of a year takes each day's events from one of its sources (`eventsSource`); the sources that
    // print an observance at all that year, and the source of each day.
    const printedBy = new Map<string, Set<string>>();
    const sourceOf = new Map<number, string>();
    const tithiOf = new Map<number, number>();
    for (const day of almanacYear(year) as SourcedDay[]) {
      const fixed = bsToFixed({ year: day.bsY, month: day.bsM, day: day.bsD });
      tithiOf.set(fixed, day.tithi);
      if (day.eventsSource) sourceOf.set(fixed, day.eventsSource);
      for (const event of day.events) {
        const linked = glossaryEntry(event)?.id;
        const id = linked && (BY_FESTIVAL.get(linked) ?? linked);
        if (!id || !KIND_OF.has(id)) continue;
        printed.set(id, (printed.get(id) ?? new Set()).add(fixed));
        printedBy.set(id, (printedBy.get(id) ?? new Set()).add(day.eventsSource ?? ''));
      }
    }
    const generated = new Map<string, Set<number>>();
    for (const o of observancesOfYear(year))
      generated.set(o.rule.id, (generated.get(o.rule.id) ?? new Set()).add(o.fixed));
    // The days the rules of the same tithi on other weekdays give (Som, Shani and the other pradosh).
    const siblingDays = (id: string) => {
      const rule = observanceById(id)!;
      // Rules of one tithi and part of the day, whatever their weekdays and earlier conventions (`until`).
      const { weekdays: _, until: _u, ...date } = rule.date as { weekdays?: unknown; until?: unknown };
      const days = new Set<number>();
      for (const other of OBSERVANCE_RULES) {
        const {
          weekdays: __,
          until: __u,
          ...otherDate
        } = other.date as { weekdays?: unknown; until?: unknown };
        if (other.id !== id && other.kind === rule.kind && JSON.stringify(otherDate) === JSON.stringify(date))
          for (const d of generated.get(other.id) ?? []) days.add(d);
      }
      return days;
    };
    /** One more of `field` in the row of the id's kind and, in the newest almanacs, in theirs. */
    const count = (id: string, field: keyof Row) => {
      const kind = KIND_OF.get(id)!;
      if (!rows.has(kind)) rows.set(kind, { printed: 0, hit: 0, generated: 0, extra: 0, outside: 0 });
      rows.get(kind)![field]++;
      if (year >= NEWEST) newest[field]++;
    };
    for (const [id, days] of printed) {
      const rule = generated.get(id);
      // The same observance printed on two consecutive days (Smarta and Vaishnava) is one observance.
      const sorted = [...days].sort((a, b) => a - b);
      const groups: number[][] = [];
      for (const d of sorted) {
        const last = groups.at(-1);
        if (last && d - last.at(-1)! === 1) last.push(d);
        else groups.push([d]);
      }
      for (const group of groups) {
        count(id, 'printed');
        if (group.some((d) => rule?.has(d))) count(id, 'hit');
        else
          mismatches.push({
            year,
            id,
            bsDate: formatYmd(fixedToBs(group[0]!)),
            type: 'missed',
            reason: reasonOf('missed', id, year, group[0]!, rule, (f) => tithiOf.get(f), siblingDays(id)),
          });
      }
    }
    for (const [id, days] of generated) {
      for (const d of days) {
        count(id, 'generated');
        // An almanac that never prints an observance says nothing about its day: counted apart; so does a day
        // whose events come from a source that never prints it that year (a day without events counts for all).
        const source = sourceOf.get(d);
        if (!printed.has(id)) count(id, 'outside');
        else if ([d - 1, d, d + 1].some((p) => printed.get(id)!.has(p) && (p === d || !days.has(p))))
          continue;
        else if (source !== undefined && !printedBy.get(id)!.has(source)) count(id, 'outside');
        else {
          count(id, 'extra');
          mismatches.push({
            year,
            id,
            bsDate: formatYmd(fixedToBs(d)),
            type: 'extra',
            reason: reasonOf('extra', id, year, d, printed.get(id), (f) => tithiOf.get(f)),
          });
        }
      }
    }
  }

  it('prints the per-kind table (recall: printed ones on the printed day; extra: generated ones not printed)', () => {
    const pct = (a: number, b: number) => (b ? ((100 * a) / b).toFixed(1) : '–').padStart(6);
    const lines = ['kind        printed  recall %  generated  extra %  (not in the almanac’s repertoire)'];
    let total = { printed: 0, hit: 0, generated: 0, extra: 0, outside: 0 };
    for (const [kind, r] of [...rows].sort()) {
      lines.push(
        `${kind.padEnd(11)} ${String(r.printed).padStart(7)}  ${pct(r.hit, r.printed)}    ${String(r.generated).padStart(7)}  ${pct(r.extra, r.generated - r.outside)}   ${r.outside}`,
      );
      total = {
        printed: total.printed + r.printed,
        hit: total.hit + r.hit,
        generated: total.generated + r.generated,
        extra: total.extra + r.extra,
        outside: total.outside + r.outside,
      };
    }
    lines.push(
      `${'all'.padEnd(11)} ${String(total.printed).padStart(7)}  ${pct(total.hit, total.printed)}    ${String(total.generated).padStart(7)}  ${pct(total.extra, total.generated - total.outside)}   ${total.outside}`,
    );
    lines.push(
      `the newest almanacs (${NEWEST}–2083): recall ${pct(newest.hit, newest.printed).trim()} % of ${newest.printed}, extra ${pct(newest.extra, newest.generated - newest.outside).trim()} %`,
    );
    console.log(lines.join('\n'));
    // Sankrantis hold the targets, ekadashis its extra target and 97 % recall (3 of their 5 misses are
    // one source printing Padmini in years without an adhik month); every kind is held at its measured share by
    // the list of mismatches below, which may only shrink.
    const sankranti = rows.get('sankranti')!;
    expect(sankranti.hit / sankranti.printed).toBeGreaterThanOrEqual(0.98);
    expect(sankranti.extra / (sankranti.generated - sankranti.outside)).toBeLessThanOrEqual(0.03);
    const ekadashi = rows.get('ekadashi')!;
    expect(ekadashi.hit / ekadashi.printed).toBeGreaterThanOrEqual(0.97);
    expect(ekadashi.extra / (ekadashi.generated - ekadashi.outside)).toBeLessThanOrEqual(0.03);
  });

  it(`lists every mismatch with its reason in ${MISMATCHES} (a list that may only shrink)`, () => {
    const key = (m: Mismatch) => `${m.type} ${m.id} ${m.bsDate}`;
    const actual = mismatches.sort((a, b) => key(a).localeCompare(key(b)));
    if (process.env.UPDATE_GOLDEN === '1') {
      const about =
        'Printed recurring observances the rules miss and generated ones the almanacs 2075–2083 do not print, with the reason; written by UPDATE_GOLDEN=1 (src/festivals/observances.test.ts), reviewed as a diff, may only shrink.';
      writeFileSync(MISMATCHES, JSON.stringify({ about, mismatches: actual }, null, 1) + '\n');
    }
    const listed = (JSON.parse(readFileSync(MISMATCHES, 'utf8')) as { mismatches: Mismatch[] }).mismatches;
    const listedKeys = new Set(listed.map(key));
    const actualKeys = new Set(actual.map(key));
    expect(actual.filter((m) => !listedKeys.has(key(m))).map(key), 'new mismatches').toEqual([]);
    expect(
      listed.filter((m) => !actualKeys.has(key(m))).map(key),
      'fixed: remove them from the list',
    ).toEqual([]);
    for (const m of listed) expect(m.reason.length).toBeGreaterThan(20);
  });
});

describe('recurring observances against the rat32 calendar of 2067–2074, years no almanac here covers', () => {
  // The events one more almanac printed in the eight years before the published ones, linked to the rules' ids
  // (test/reference/rat32-events-2067-2074.json): the rules measured on years they were not written from.
  const reference = rat32Calendar();
  const fixedOf = (date: string) => {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    return bsToFixed({ year, month, day });
  };
  const printed = new Map<string, Set<number>>();
  for (const day of reference.days)
    for (const { id } of day.events) {
      const key = BY_FESTIVAL.get(id) ?? id;
      if (KIND_OF.has(key)) printed.set(key, (printed.get(key) ?? new Set()).add(fixedOf(day.date)));
    }
  const generated = new Map<string, Set<number>>();
  for (let year = 2067; year <= 2074; year++)
    for (const o of observancesOfYear(year))
      generated.set(o.rule.id, (generated.get(o.rule.id) ?? new Set()).add(o.fixed));

  it('prints the recall per kind: ekadashis and sankrantis at least 97 %', () => {
    const rows = new Map<string, { printed: number; hit: number }>();
    for (const [id, days] of printed) {
      const row = rows.get(KIND_OF.get(id)!) ?? { printed: 0, hit: 0 };
      rows.set(KIND_OF.get(id)!, row);
      for (const day of days) {
        // The same observance on two consecutive days (Smarta and Vaishnava) is one.
        if (days.has(day - 1)) continue;
        row.printed++;
        if (generated.get(id)?.has(day) || (days.has(day + 1) && generated.get(id)?.has(day + 1))) row.hit++;
      }
    }
    const lines = [...rows]
      .sort()
      .map(
        ([kind, r]) =>
          `${kind.padEnd(11)} ${String(r.printed).padStart(4)}  ${((100 * r.hit) / r.printed).toFixed(1)} %`,
      );
    console.log(`Recurring observances the rat32 calendar prints 2067–2074, recall:\n${lines.join('\n')}`);
    for (const kind of ['ekadashi', 'sankranti']) {
      const r = rows.get(kind)!;
      expect(r.printed, kind).toBeGreaterThan(10);
      expect(r.hit / r.printed, kind).toBeGreaterThanOrEqual(0.97);
    }
  });

  it('gives a commemoration this calendar dates from the first year it prints it, on its day, and not the year before', () => {
    const dated = OBSERVANCE_RULES.filter((r) => r.source.includes('rat32-events-2067-2074.json'));
    expect(dated.map((r) => r.id).sort()).toEqual([
      'KIRAT_SOCIAL_REFORM_DAY',
      'LAW_DAY',
      'NATIONAL_CHILDRENS_DAY',
      'SHREE_GURU_GOBIND_SINGH_JAYANTI',
      'VALENTINES_DAY',
    ]);
    for (const rule of dated) {
      const first = rule.activeFrom!;
      const days = [...(printed.get(rule.id) ?? [])];
      expect(Math.min(...days.map((d) => fixedToBs(d).year)), rule.id).toBe(first);
      for (const day of days)
        expect(generated.get(rule.id)?.has(day), `${rule.id} ${formatYmd(fixedToBs(day))}`).toBe(true);
      expect(observancesOfRules([rule], first - 1), rule.id).toEqual([]);
    }
  });

  // The avatars' jayantis at their hour and the Kartik bath at dawn: each takes a day here the tithi at sunrise misses.
  const atSunrise = (id: string, day: number) => {
    const rule = observanceById(id)!;
    const sunriseRule = { ...rule, date: { ...rule.date, observance: 'sunrise' as const } };
    return observancesOfRules([sunriseRule], fixedToBs(day).year).some((o) => o.fixed === day);
  };

  it.each([
    ['MATSYA_JAYANTI', 'aparahna'],
    ['VAMANA_DWADASHI', 'midday'],
    ['KARTIK_SNAN_START', 'arunodaya'],
  ] as const)('gives %s (%s) on every day it prints it', (id, observance) => {
    expect(observanceById(id)!.date).toMatchObject({ observance });
    const days = [...printed.get(id)!];
    for (const day of days) expect(generated.get(id)?.has(day), formatYmd(fixedToBs(day))).toBe(true);
    expect(days.some((day) => !atSunrise(id, day))).toBe(true);
  });

  it('gives TULSI_VIVAH on every day it prints it: in 2073, where ekadashi holds no arunodaya, the day after it begins (dashami-vedha)', () => {
    const days = [...printed.get('TULSI_VIVAH')!];
    expect(days.length).toBeGreaterThanOrEqual(7);
    for (const day of days)
      expect(generated.get('TULSI_VIVAH')?.has(day), formatYmd(fixedToBs(day))).toBe(true);
    const day = bsToFixed({ year: 2073, month: 7, day: 26 });
    expect(days).toContain(day);
    const ekadashi = (fixed: number) =>
      limbIndex(LIMBS.tithi, tithiModelForYear(2073), pointOfDay(fixed, 'arunodaya'));
    expect([ekadashi(day - 1), ekadashi(day)]).toEqual([10, 12]);
  });

  it('gives NRISIMHA_JAYANTI (sayahna, his appearance at dusk) on its day of 2067 (Jestha 12), where the tithi at sunrise is the next day', () => {
    const day = [...printed.get('NRISIMHA_JAYANTI')!].find((d) => generated.get('NRISIMHA_JAYANTI')?.has(d));
    expect(formatYmd(fixedToBs(day!))).toBe('2067-02-12');
    expect(atSunrise('NRISIMHA_JAYANTI', day!)).toBe(false);
  });
});

describe('the parts of the day', () => {
  it('tile the daytime in fifths: midday, aparahna and sayahna follow each other, and sayahna ends at sunset', () => {
    for (const fixed of [
      bsToFixed({ year: 2083, month: 1, day: 1 }),
      bsToFixed({ year: 2083, month: 9, day: 1 }),
    ]) {
      const [, middayEnd] = windowOfDay(fixed, 'midday')!;
      const [aparahnaStart, aparahnaEnd] = windowOfDay(fixed, 'aparahna')!;
      const [sayahnaStart, sayahnaEnd] = windowOfDay(fixed, 'sayahna')!;
      expect(aparahnaStart).toBe(middayEnd);
      expect(sayahnaStart).toBe(aparahnaEnd);
      expect(sayahnaEnd).toBe(sunset(fixed));
      expect(pointOfDay(fixed, 'sayahna')).toBeCloseTo((sayahnaStart + sayahnaEnd) / 2, 9);
    }
  });
});
