import { describe, expect, it } from 'vitest';
import { almanacYear, ALMANAC_YEARS } from '../../test/support/shared-data.ts';
import { buildFeed, libraryFeedSource } from '../feed/feed.ts';
import { feedVariant } from '../feed/variants.ts';
import { loadAllCurated } from '../almanac/curated.ts';
import { monthFiles } from '../almanac/records.ts';
import { FestivalCalendar } from './festivals.ts';
import { GLOSSARY, glossaryEntry } from './glossary.ts';
import { OBSERVANCE_RULES } from './observances.ts';
import { FESTIVAL_RULES } from './rules.ts';

const DEVANAGARI = /[\u0900-\u097F]/;
const curated = loadAllCurated();

describe('the glossary of printed event names', () => {
  it('has one entry for every distinct event name of the published almanacs and the curated months, and no other', () => {
    // The curated months are the almanacs 2075–2083 as imported, with the names admin edits and pull requests add.
    const printed = new Set([
      ...ALMANAC_YEARS.flatMap((y) => almanacYear(y).flatMap((d) => d.events)),
      ...[...curated.values()].flatMap((m) => m.days.flatMap((d) => d.events)),
    ]);
    const names = GLOSSARY.map((e) => e.ne);
    expect(new Set(names).size, 'one entry per name').toBe(names.length);
    expect([...printed].filter((n) => !glossaryEntry(n))).toEqual([]);
    expect(names.filter((n) => !printed.has(n))).toEqual([]);
    console.log(
      `glossary: ${names.length} printed names, ${GLOSSARY.filter((e) => e.id).length} linked by id`,
    );
  });

  it('knows every event of the curated months in data/panchanga (an admin edit adding a name adds it here)', () => {
    const events = [...curated.values()].flatMap((m) => m.days.flatMap((d) => d.events));
    expect([...new Set(events.filter((e) => !glossaryEntry(e)))]).toEqual([]);
  });

  it('links names only to existing festival rules and observances, and gives English in Latin letters', () => {
    const ids = new Set([...FESTIVAL_RULES.map((r) => r.id), ...OBSERVANCE_RULES.map((r) => r.id)]);
    for (const entry of GLOSSARY) {
      if (entry.id) expect(ids.has(entry.id), `${entry.ne} → ${entry.id}`).toBe(true);
      if (entry.en !== null) expect(entry.en, entry.ne).not.toMatch(DEVANAGARI);
    }
  });

  it('gives a name printed as its rule or observance names it that rule’s English, as the festival lists do', () => {
    const rules = new Map([...FESTIVAL_RULES, ...OBSERVANCE_RULES].map((r) => [r.id, r]));
    const linked = GLOSSARY.filter((e) => e.id && rules.get(e.id)!.ne === e.ne);
    expect(linked.length).toBeGreaterThan(100);
    expect(linked.filter((e) => e.en !== rules.get(e.id!)!.en).map((e) => `${e.ne}: ${e.en}`)).toEqual([]);
  });
});

describe('every name in English (lang=en)', () => {
  /** The curated years the almanacs give, and the first computed year. */
  const YEARS = [2081, 2082, 2083, 2084];
  const calendar = new FestivalCalendar({ curated });
  const noEnglish = new Set(GLOSSARY.filter((e) => e.en === null).map((e) => e.ne));

  it('month files, festival lists and the feed: at most 1 % of names in Devanagari, and none the glossary knows', () => {
    const names: string[] = [];
    const texts: string[] = [];
    for (const year of YEARS) {
      for (let month = 1; month <= 12; month++) {
        const file = monthFiles(year, month, curated.get(`${year}-${month}`), calendar.eventsOfDay, [
          'en',
        ]).en;
        texts.push(file.monthName);
        for (const day of file.days) {
          names.push(...day.events.map((e) => e.name));
          texts.push(day.baar, day.tithiName, day.pakshya, day.nepalSambat, day.festivals);
          texts.push(...day.events.flatMap((e) => [e.category ?? '', e.scope ?? '']));
        }
      }
      names.push(...calendar.occurrences(year, 'en').map((o) => o.name));
    }
    const feed = buildFeed(
      libraryFeedSource([2083, 2084], curated, new Map()),
      feedVariant('en', 'all', 'none'),
    );
    const summaries = feed.split('\r\n').filter((line) => line.startsWith('SUMMARY:'));
    names.push(...summaries.map((line) => line.slice('SUMMARY:'.length)));
    // Every other line of the feed (descriptions: BS date, tithi, holiday scope; categories) too.
    texts.push(...feed.split('\r\n').filter((line) => !line.startsWith('SUMMARY:')));
    const devanagari = names.filter((n) => DEVANAGARI.test(n) && !noEnglish.has(n));
    const share = devanagari.length / names.length;
    console.log(
      `lang=en: ${devanagari.length} of ${names.length} names in Devanagari (${(100 * share).toFixed(2)} %), BS ${YEARS.join(', ')} and the feed`,
    );
    expect(share).toBeLessThanOrEqual(0.01);
    expect(texts.filter((t) => DEVANAGARI.test(t) && !noEnglish.has(t))).toEqual([]);
  });

  it('names each printed event once and as itself: no duplicated or swapped names (Tihar 2083: Kartik 22, 24, 25)', () => {
    for (const year of [2081, 2082, 2083]) {
      for (let month = 1; month <= 12; month++) {
        const month_ = curated.get(`${year}-${month}`);
        const en = monthFiles(year, month, month_, calendar.eventsOfDay, ['en']).en;
        for (const [i, day] of en.days.entries()) {
          const names = day.events.map((e) => e.name);
          expect(new Set(names).size, `${year}-${month}-${day.gate}: ${names.join(', ')}`).toBe(names.length);
          // In a curated day the events are the printed ones, in the printed order, each by its own glossary
          // name; one event printed twice in two spellings (one English name) is shown once.
          const printed = [...new Set((month_?.days[i]?.events ?? []).map((p) => glossaryEntry(p)?.en ?? p))];
          expect(names.slice(0, printed.length)).toEqual(printed);
        }
      }
    }
    const tihar = monthFiles(2083, 7, curated.get('2083-7'), calendar.eventsOfDay, ['en']).en.days;
    // The printed events, then the holiday run the notice gives (added: the almanac does not print it).
    expect(tihar[21]!.events.map((e) => e.name)).toEqual([
      'Laxmi Puja',
      'Kukur Tihar',
      'Narak Chaturdashi',
      'Tihar holidays',
    ]);
    expect(tihar[23]!.events.map((e) => e.name).slice(0, 3)).toEqual([
      'Govardhan Puja',
      'Nepal Sambat 1147 begins',
      'Mha Puja',
    ]);
    expect(tihar[24]!.events.map((e) => e.name).slice(0, 2)).toEqual(['Bhai Tika', 'Kija Puja']);
  });
});
