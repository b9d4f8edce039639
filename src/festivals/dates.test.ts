import { describe, expect, it } from 'vitest';
import { readSharedJsonl } from '../../test/support/shared-data.ts';
import { BS_MAX_YEAR, BS_MIN_YEAR } from '../calendar/bs.ts';
import { InvalidQueryError } from '../calendar/errors.ts';
import type { Lang } from '../calendar/names.ts';
import {
  festivalOccurrenceSchema,
  MAX_FESTIVAL_YEARS,
  type FestivalOccurrence,
} from '../contract/festival.ts';
import { loadAllCurated } from '../almanac/curated.ts';
import { festivalDatesRows, festivalIdFiles, festivalListingText, festivalYears } from './dates.ts';
import { FestivalCalendar, festivalCatalog } from './festivals.ts';

const festivals = new FestivalCalendar({ curated: loadAllCurated() });
const encode = (text: string) => new TextEncoder().encode(text);

describe('the festival catalog', () => {
  it('names every id the listings of published and computed years hold, once, with the rule’s name', () => {
    for (const lang of ['ne', 'en'] as const) {
      const catalog = festivalCatalog(lang);
      const ids = catalog.map((f) => f.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual([...ids].sort((a, b) => a.localeCompare(b)));
      const byId = new Map(catalog.map((f) => [f.id, f]));
      for (const year of [1901, 2075, 2081, 2083, 2084, 2150, 2200])
        for (const occurrence of festivals.occurrences(year, lang))
          expect(byId.get(occurrence.id), `${occurrence.id} of ${year}`).toMatchObject({
            name: occurrence.name,
            category: occurrence.category,
          });
    }
  });
});

describe('the years a festival is asked for', () => {
  it('start in the current year and run ten years by default, within the supported range', () => {
    expect(festivalYears(undefined, undefined, 2083)).toEqual({ from: 2083, to: 2092 });
    expect(festivalYears(2075, undefined, 2083)).toEqual({ from: 2075, to: 2084 });
    expect(festivalYears(undefined, 2085, 2083)).toEqual({ from: 2083, to: 2085 });
    expect(festivalYears(BS_MAX_YEAR - 2, undefined, 2083)).toEqual({
      from: BS_MAX_YEAR - 2,
      to: BS_MAX_YEAR,
    });
    expect(festivalYears(BS_MIN_YEAR, BS_MIN_YEAR, 2083)).toEqual({ from: BS_MIN_YEAR, to: BS_MIN_YEAR });
  });

  it('refuse a span that runs backwards or is too long, naming `to`', () => {
    for (const [from, to] of [
      [2090, 2083],
      [undefined, 2080],
      [2000, 2000 + MAX_FESTIVAL_YEARS],
    ] as const) {
      const error = (() => {
        try {
          festivalYears(from, to, 2083);
        } catch (e) {
          return e;
        }
      })();
      expect(error, `${from}–${to}`).toBeInstanceOf(InvalidQueryError);
      expect((error as InvalidQueryError).field).toBe('to');
    }
    expect(festivalYears(2000, 2000 + MAX_FESTIVAL_YEARS - 1, 2083).to).toBe(2029);
    expect(() => festivalYears(undefined, 2080, 2083)).toThrow(
      'to (2080) must not come before from (2083, the current BS year)',
    );
  });
});

describe('the days of one festival over years', () => {
  const built = { from: 2078, to: 2090 };
  const years = Array.from({ length: built.to - built.from + 1 }, (_, i) => built.from + i);
  const listings = (lang: Lang) =>
    years.map((year) => ({ year, text: festivalListingText(year, festivals.occurrences(year, lang)) }));
  const files = { ne: festivalIdFiles(listings('ne')), en: festivalIdFiles(listings('en')) };
  /** The occurrences of `id` in `span` as festivalDatesRows gives them from the id's file. */
  const datesOf = (id: string, span: { from: number; to: number }, lang: Lang = 'en') => {
    const { festival, rows } = festivalDatesRows(encode(files[lang].get(id)!), span);
    expect(festival).toEqual(festivalCatalog(lang).find((f) => f.id === id));
    return JSON.parse(`[${rows.map((r) => new TextDecoder().decode(r)).join(',')}]`) as FestivalOccurrence[];
  };

  it('are each year’s occurrences of the id exactly as its listing has them', () => {
    for (const lang of ['ne', 'en'] as const) {
      const ids = new Set(years.flatMap((year) => festivals.occurrences(year, lang).map((f) => f.id)));
      expect([...files[lang].keys()].sort()).toEqual([...ids].sort());
      for (const id of [
        'VIJAYA_DASHAMI',
        'DASHAIN_HOLIDAYS',
        'PURNIMA_VRAT',
        'EKADASHI_PADMINI',
        'GEN_Z_MARTYRS_DAY',
      ])
        for (const span of [
          built,
          { from: 2080, to: 2086 },
          { from: 2083, to: 2083 },
          { from: 2070, to: 2079 },
          { from: 2089, to: 2099 },
        ]) {
          const expected = years
            .filter((year) => year >= span.from && year <= span.to)
            .flatMap((year) => festivals.occurrences(year, lang).filter((f) => f.id === id));
          expect(datesOf(id, span, lang), `${id} ${lang} ${span.from}–${span.to}`).toEqual(expected);
        }
    }
  });

  it('are none for years outside the built ones or where the id has no day', () => {
    expect(datesOf('VIJAYA_DASHAMI', { from: 2060, to: 2077 })).toEqual([]);
    expect(datesOf('VIJAYA_DASHAMI', { from: 2091, to: 2100 })).toEqual([]);
    // The Gen Z martyrs' day is kept from 2083 on (its rule's activeFrom).
    expect(datesOf('GEN_Z_MARTYRS_DAY', { from: 2078, to: 2082 })).toEqual([]);
    expect(datesOf('GEN_Z_MARTYRS_DAY', { from: 2078, to: 2083 })).toHaveLength(1);
  });

  it('of Ghatasthapana 2078–2083 are the government notices’ days; 2084 is the rule’s, estimated', () => {
    const notices = readSharedJsonl<{ bsY: number; ad: string; name: string }>(
      'holidays/moha-2078-2083.jsonl',
    ).filter((n) => n.name === 'घटस्थापना');
    expect(notices.map((n) => n.bsY)).toEqual([2078, 2079, 2080, 2081, 2082, 2083]);
    const days = datesOf('GHATASTHAPANA', { from: 2078, to: 2084 }).map((d) =>
      festivalOccurrenceSchema.parse(d),
    );
    expect(days.slice(0, 6).map((d) => d.englishDate)).toEqual(notices.map((n) => n.ad));
    expect(days.slice(0, 6).every((d) => !d.estimated)).toBe(true);
    expect(days[6]).toMatchObject({
      bsDate: expect.stringMatching(/^2084-06-/),
      estimated: true,
      decidedBy: 'rule',
    });
  });

  it('are gathered only from consecutive years', () => {
    const [a, , c] = listings('en');
    expect(() => festivalIdFiles([a!, c!])).toThrow(/consecutive/);
  });
});
