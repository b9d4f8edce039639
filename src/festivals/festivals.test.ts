import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import exceptionsFile from '../../data/festivals/holiday-exceptions.json' with { type: 'json' };
import { readSharedJson } from '../../test/support/shared-data.ts';
import { almanacYear } from '../../test/support/shared-data.ts';
import { bsToFixed, fixedToBs, formatYmd } from '../calendar/bs.ts';
import { FESTIVAL_ID } from '../contract/festival.ts';
import { loadAllCurated } from '../panchanga/curated.ts';
import { FestivalCalendar } from './festivals.ts';
import { noticesOfYear, ruleIdOfName } from './official.ts';
import { FESTIVAL_RULES, ruleDaysOfYear } from './rules.ts';

const rulesAlone = new FestivalCalendar({ overlay: false });
const bsDate = (fixed: number) => formatYmd(fixedToBs(fixed));

describe('festival rules as data', () => {
  it('have unique, well-formed ids and names in both languages', () => {
    const ids = FESTIVAL_RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of FESTIVAL_RULES) {
      expect(rule.id).toMatch(FESTIVAL_ID);
      expect(rule.ne).toMatch(/[\u0900-\u097F]/);
      expect(rule.en).toMatch(/^[A-Z]/);
      expect(rule.source.length).toBeGreaterThan(10);
    }
  });

  it('every rule gives a date in every two consecutive years where it is active, BS 1901–2199; lunar ones a lunar year apart', () => {
    const byYear = new Map<number, Map<string, number[]>>();
    for (let year = 1901; year <= 2199; year++) byYear.set(year, ruleDaysOfYear(year));
    for (const rule of FESTIVAL_RULES) {
      if (rule.date.type === 'explicit') continue;
      const from = Math.max(1901, rule.activeFrom ?? 1901);
      const to = Math.min(2199, rule.activeTo ?? 2199);
      const all: number[] = [];
      for (let year = from; year <= to; year++) {
        const days = byYear.get(year)!.get(rule.id)!;
        if (rule.date.type !== 'lunar') expect(days, `${rule.id} ${year}`).toHaveLength(1);
        if (year > from)
          expect(
            days.length + byYear.get(year - 1)!.get(rule.id)!.length,
            `${rule.id} ${year - 1}–${year}`,
          ).toBeGreaterThan(0);
        all.push(...days);
      }
      if (rule.date.type === 'lunar') {
        for (let i = 1; i < all.length; i++) {
          const gap = all[i]! - all[i - 1]!;
          // 12 lunations (354 days) ± a day, or 13 after a leap month (384 days) ± a day.
          expect(gap >= 352 && gap <= 386, `${rule.id}: ${bsDate(all[i - 1]!)} → ${bsDate(all[i]!)}`).toBe(
            true,
          );
        }
      }
    }
  });
});

describe('the rules alone against the government holiday notices 2078–2083', () => {
  const listed = new Set(exceptionsFile.exceptions.map((e) => `${e.year}-${e.month}-${e.day}`));
  it('put every rule-decided public holiday on the published date, except the listed ones', () => {
    const lines: string[] = [];
    let total = 0;
    let matched = 0;
    for (let year = 2078; year <= 2083; year++) {
      let yearTotal = 0;
      let yearMatched = 0;
      for (const { notice, ruleId } of noticesOfYear(year)) {
        const key = `${year}-${notice.month}-${notice.day}`;
        const rule = FESTIVAL_RULES.find((r) => r.id === ruleId);
        if (rule?.date.type === 'explicit') continue; // decided by the government, not a rule
        yearTotal++;
        const days = ruleId
          ? rulesAlone
              .dated(year)
              .filter((d) => d.rule.id === ruleId)
              .map((d) => d.fixed)
          : [];
        if (ruleId && days.includes(bsToFixed(notice))) yearMatched++;
        else
          expect(
            listed,
            `unlisted notice ${key} ${notice.name} (rule ${ruleId}: ${days.map(bsDate)})`,
          ).toContain(key);
      }
      lines.push(`${year}: ${yearMatched}/${yearTotal}`);
      total += yearTotal;
      matched += yearMatched;
    }
    console.log(
      `rules alone vs MoHA notices: ${lines.join(', ')}; all ${matched}/${total}; listed exceptions ${listed.size}`,
    );
    expect(matched / total).toBeGreaterThanOrEqual(0.95);
  });

  it('serves the notice date where the notice and the rule differ, and says so', () => {
    const calendar = new FestivalCalendar();
    const janmashtami = calendar.occurrences(2080, 'en').find((o) => o.id === 'JANMASHTAMI')!;
    expect(janmashtami).toMatchObject({
      bsDate: '2080-05-20',
      decidedBy: 'official',
      ruleDate: '2080-05-21',
    });
  });
});

describe('the rules alone against festival dates announced in the press (../shared/data/news)', () => {
  const PREFIXES: [string, string][] = [
    ['Ghatasthapana', 'GHATASTHAPANA'],
    ['Fulpati', 'FULPATI'],
    ['Maha Ashtami (', 'MAHA_ASHTAMI'],
    ['Maha Ashtami', 'MAHA_ASHTAMI'],
    ['Maha Navami', 'MAHA_NAVAMI'],
    ['Vijaya Dashami', 'VIJAYA_DASHAMI'],
    ['Kojagrat', 'KOJAGRAT_PURNIMA'],
    ['Kag Tihar', 'KAG_TIHAR'],
    ['Kukur Tihar', 'KUKUR_TIHAR'],
    ['Laxmi Puja', 'LAXMI_PUJA'],
    ['Bhai Tika', 'BHAI_TIKA'],
    ['Chhath', 'CHHATH'],
    ['Haritalika Teej', 'HARITALIKA_TEEJ'],
  ];
  /** Press items that contradict the government's own notice; the notice and the rule agree. */
  const CONFLICTS: Record<string, string> = {
    'Laxmi Puja 2080-07-27':
      'the MoHA notice for 2080 puts Laxmi Puja on Kartik 26, as the rule (aunsi at sunset) does',
  };
  it('puts Dashain, Tihar, Teej and Chhath on the announced dates', () => {
    const facts = readSharedJson<{ facts: { bsY: number; bsM: number; bsD: number; event: string }[] }>(
      'news/festival-and-muhurat-facts.json',
    ).facts;
    let checked = 0;
    const misses: string[] = [];
    for (const fact of facts) {
      if (/spans two days|same day/.test(fact.event)) continue; // a statement about two festivals at once
      const id = PREFIXES.find(([prefix]) => fact.event.startsWith(prefix))?.[1];
      if (!id) continue;
      checked++;
      const days = rulesAlone
        .dated(fact.bsY)
        .filter((d) => d.rule.id === id)
        .map((d) => bsDate(d.fixed));
      const want = formatYmd({ year: fact.bsY, month: fact.bsM, day: fact.bsD });
      if (!days.includes(want) && !CONFLICTS[`${fact.event} ${want}`])
        misses.push(`${fact.event} ${want} (rule: ${days})`);
    }
    console.log(`press-announced Dashain/Tihar dates: ${checked - misses.length}/${checked}`, misses);
    expect(checked).toBeGreaterThan(20);
    expect(misses).toEqual([]);
  });
});

describe('the rules alone against the events printed in the almanacs 2075–2083', () => {
  it('put at least 95 % of the rule-named lunar events on the printed day', () => {
    let checked = 0;
    let same = 0;
    const misses: string[] = [];
    for (let year = 2075; year <= 2083; year++) {
      const dated = rulesAlone.dated(year);
      for (const day of almanacYear(year)) {
        for (const event of day.events) {
          const id = ruleIdOfName(event);
          const rule = FESTIVAL_RULES.find((r) => r.id === id);
          if (!rule || rule.date.type !== 'lunar') continue;
          checked++;
          const fixed = bsToFixed({ year: day.bsY, month: day.bsM, day: day.bsD });
          if (dated.some((d) => d.rule.id === id && d.fixed === fixed)) same++;
          else misses.push(`${day.bsY}-${day.bsM}-${day.bsD} ${id}`);
        }
      }
    }
    console.log(`almanac lunar events on the rule's day: ${same}/${checked}`, misses.slice(0, 20));
    expect(checked).toBeGreaterThan(150);
    expect(same / checked).toBeGreaterThanOrEqual(0.95);
  });
});

describe('golden festival lists 2078–2083 (rewritten only with UPDATE_GOLDEN=1)', () => {
  const calendar = new FestivalCalendar({ curated: loadAllCurated() });
  for (let year = 2078; year <= 2083; year++) {
    it(`matches test/golden/festivals/${year}.json`, () => {
      const path = `test/golden/festivals/${year}.json`;
      const actual = JSON.stringify(calendar.occurrences(year, 'ne'), null, 1) + '\n';
      if (process.env.UPDATE_GOLDEN === '1') writeFileSync(path, actual);
      // A missing golden file fails rather than being written: only UPDATE_GOLDEN=1 writes one.
      expect(existsSync(path), `${path} is missing: run with UPDATE_GOLDEN=1`).toBe(true);
      expect(actual).toBe(readFileSync(path, 'utf8'));
    });
  }
});
