/**
 * The feed parsed back with a real iCalendar parser (ical.js): every event is an all-day event on the date the
 * festival calendar (the API's data) gives, UIDs are unique and do not change between builds or ranges, lines
 * are CRLF-terminated and folded at 75 octets (long Nepali summaries included), and golden files pin the bytes.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { DayRecord } from '../contract/day-record.ts';
import { STATIC_FILES } from '../contract/endpoints.ts';
import { FestivalCalendar } from '../festivals/festivals.ts';
import { loadAllCurated, loadMuhuratFiles } from '../almanac/curated.ts';
import { apiYear } from '../../scripts/api-year.ts';
import { sharingDays } from '../engine/panchanga.ts';
import { buildFeed, builtFeedSource, libraryFeedSource, type FeedSource } from './feed.ts';
import { FEED_VARIANTS, feedVariant } from './variants.ts';

const curated = loadAllCurated();
const muhurats = loadMuhuratFiles();
const YEARS = [2082, 2083, 2084];
const source = libraryFeedSource(YEARS, curated, muhurats);
const festivals = new FestivalCalendar({ curated });

interface Parsed {
  uid: string;
  summary: string;
  description: string;
  start: string;
  end: string;
  allDay: boolean;
  categories: string[];
}

function parse(ics: string): { calendar: ICAL.Component; events: Parsed[] } {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      start: event.startDate.toString(),
      end: event.endDate.toString(),
      allDay: event.startDate.isDate && event.endDate.isDate,
      categories: vevent.getAllProperties('categories').flatMap((p) => p.getValues() as string[]),
    };
  });
  return { calendar, events };
}

/** The summary's ending on an estimate, as the issue words it. */
const ESTIMATED = { ne: ' (अनुमानित)', en: ' (estimated)' } as const;

const nextDay = (iso: string) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

describe.each(FEED_VARIANTS)('the $file feed', (variant) => {
  const ics = buildFeed(source, variant);
  const { calendar, events } = parse(ics);

  it('holds every festival (or public holiday) of the years on the API’s dates, as all-day events', () => {
    const expected = YEARS.flatMap((year) =>
      festivals
        .occurrences(year, variant.lang)
        .filter((f) => variant.holidays === 'all' || f.holiday.kind !== 'none')
        .map((f) => ({
          uid: `${f.id}-${f.bsDate}@panchanga`,
          summary: f.estimated ? `${f.name}${ESTIMATED[variant.lang]}` : f.name,
          start: f.englishDate,
        })),
    );
    const festivalEvents = events.filter((e) => !e.uid.startsWith('MUHURAT-'));
    expect(festivalEvents.map((e) => ({ uid: e.uid, summary: e.summary, start: e.start }))).toEqual(expected);
    for (const event of events) {
      expect(event.allDay, event.uid).toBe(true);
      expect(event.end, event.uid).toBe(nextDay(event.start));
    }
  });

  it('says in the summary which items are estimates (every item of 2084, no notified or printed one)', () => {
    const byUid = new Map(events.map((e) => [e.uid, e.summary]));
    for (const year of YEARS) {
      for (const f of festivals.occurrences(year, variant.lang)) {
        const summary = byUid.get(`${f.id}-${f.bsDate}@panchanga`);
        if (summary === undefined) continue;
        expect(summary.endsWith(ESTIMATED[variant.lang]), `${f.id} ${f.bsDate} ${f.decidedBy}`).toBe(
          f.decidedBy === 'rule',
        );
        if (year === 2084) expect(summary.endsWith(ESTIMATED[variant.lang])).toBe(true);
      }
    }
  });

  it('describes each event with its BS date, tithi and holiday scope, and categorises it', () => {
    for (const event of events.filter((e) => !e.uid.startsWith('MUHURAT-'))) {
      const bsDate = event.uid.match(/-(\d{4}-\d{2}-\d{2})@/)![1]!;
      const day: DayRecord = source.day(bsDate, variant.lang);
      expect(event.description).toContain(day.tithiName);
      expect(event.description).toContain(day.baar);
      expect(day.englishDate).toBe(event.start);
      expect(event.categories.length).toBeGreaterThan(0);
      if (variant.holidays === 'only') expect(event.categories).toContain('holiday');
    }
  });

  it('adds the muhurat days only when asked: published as printed, computed marked estimated', () => {
    const muhuratEvents = events.filter((e) => e.uid.startsWith('MUHURAT-'));
    if (variant.include === 'none') return expect(muhuratEvents).toEqual([]);
    const days = YEARS.flatMap((year) =>
      (['bibaha', 'bratabandha', 'pasni'] as const).flatMap((category) =>
        (source.muhurats(year)?.categories[category]?.days ?? []).map((d) => ({
          key: `${category}|${d.englishDate}`,
          estimated: d.estimated,
        })),
      ),
    );
    const got = muhuratEvents.map((e) => `${e.categories[1]}|${e.start}`).sort();
    expect(got).toEqual(days.map((d) => d.key).sort());
    // 2083 publishes its lists; 2082 and 2084 have none, so their days are computed and say so.
    expect(days.filter((d) => !d.estimated).length).toBeGreaterThan(50);
    expect(days.filter((d) => d.estimated).length).toBeGreaterThan(50);
    const mark = variant.lang === 'en' ? ' (estimated)' : ' (अनुमानित)';
    for (const event of muhuratEvents) {
      const estimated = /-(2082|2084)-\d{2}-\d{2}@/.test(event.uid);
      expect(event.summary.endsWith(mark), event.uid).toBe(estimated);
    }
  });

  it('gives each muhurat day its windows on the clock, a time after midnight as the next morning’s', () => {
    if (variant.include === 'none') return;
    const byUid = new Map(events.map((e) => [e.uid, e.description]));
    const digits = (text: string) =>
      variant.lang === 'ne' ? text.replace(/\d/g, (d) => '०१२३४५६७८९'[Number(d)]!) : text;
    let past = 0;
    for (const year of YEARS)
      for (const [category, list] of Object.entries(source.muhurats(year)?.categories ?? {}))
        for (const day of list.days) {
          const description = byUid.get(
            `MUHURAT-${category.toUpperCase()}-${year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}@panchanga`,
          );
          if (description === undefined) continue;
          for (const w of day.windows) {
            // The window's moments, ISO in Nepal time: their clock times are what the description gives.
            const [start, end] = [w.startsAt!.slice(11, 16), w.endsAt!.slice(11, 16)].map(digits);
            expect(description, `${day.englishDate} ${w.start}`).toContain(start!);
            expect(description, `${day.englishDate} ${w.end}`).toContain(end!);
            if (w.end >= '24:00') {
              past++;
              expect(description).toContain(variant.lang === 'ne' ? 'भोलिपल्ट बिहान' : 'next morning');
            }
          }
          expect(description).not.toMatch(/\b(2[4-9]|3\d):\d\d|[२][४-९]:|[३][०-९]:/);
        }
    expect(past).toBeGreaterThan(20);
  });

  it('has unique UIDs, the calendar name, the time zone and 12-hour refresh hints', () => {
    expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBeTruthy();
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Asia/Kathmandu');
    expect(String(calendar.getFirstPropertyValue('refresh-interval'))).toBe('PT12H');
    expect(String(calendar.getFirstPropertyValue('x-published-ttl'))).toBe('PT12H');
  });

  it('ends every line with CRLF and folds lines at 75 octets', () => {
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of ics.split('\r\n'))
      expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
  });
});

describe('folding and stability', () => {
  it('folds a long Nepali summary without breaking a character, and unfolds it back', () => {
    const name = 'विजया दशमी (दशैंको दशौं दिन: टीका, जमरा र आशीर्वाद) '.repeat(4).trim();
    const one: FeedSource = {
      ...source,
      years: [2083],
      festivals: (year, lang) =>
        festivals
          .occurrences(year, lang)
          .slice(0, 1)
          .map((f) => ({ ...f, name })),
    };
    const ics = buildFeed(one, feedVariant('ne', 'all', 'none'));
    const lines = ics.split('\r\n');
    const start = lines.findIndex((l) => l.startsWith('SUMMARY:'));
    expect(lines[start + 1]).toMatch(/^ /); // continued
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    // No line starts or ends inside a UTF-8 sequence: each decodes as whole characters.
    for (const line of lines) expect(Buffer.from(line, 'utf8').toString('utf8')).not.toContain('\uFFFD');
    expect(parse(ics).events[0]!.summary).toBe(name);
  });

  it('two builds give the same bytes, and UIDs do not change when the range moves', () => {
    const again = libraryFeedSource(YEARS, loadAllCurated(), loadMuhuratFiles());
    const variant = feedVariant('en', 'all', 'muhurat');
    expect(buildFeed(again, variant)).toBe(buildFeed(source, variant));
    const later = parse(buildFeed(libraryFeedSource([2083, 2084, 2085], curated, muhurats), variant)).events;
    const earlier = parse(buildFeed(source, variant)).events;
    const byUid = new Map(earlier.map((e) => [e.uid, e]));
    const shared = later.filter((e) => byUid.has(e.uid));
    expect(shared.length).toBeGreaterThan(150);
    for (const e of shared) expect(byUid.get(e.uid)!.start).toBe(e.start);
    // Every event of the overlapping years 2083–2084 is in both.
    const overlap = (events: Parsed[]) =>
      events.filter((e) => /-(2083|2084)-\d{2}-\d{2}@/.test(e.uid)).length;
    expect(shared.length).toBe(overlap(earlier));
    expect(shared.length).toBe(overlap(later));
  });
});

describe('the feed from the built API files (the build’s feed step)', () => {
  // The API files of the feed's years, as the build writes them (scripts/api-year.ts), by path.
  const files = new Map<string, string>();
  const out = {
    write: (path: string, body: string | Uint8Array) => {
      if (typeof body === 'string') files.set(path, body);
    },
  };
  for (const year of YEARS) sharingDays(() => apiYear(out, year, curated, muhurats, festivals));
  const read = (path: string) => files.get(path) ?? null;

  it('gives every variant byte for byte as the library does', async () => {
    const built = (await builtFeedSource(YEARS, read))!;
    expect(built).not.toBeNull();
    for (const variant of FEED_VARIANTS)
      expect(buildFeed(built, variant), variant.file).toBe(buildFeed(source, variant));
  });

  it('is null when a year’s file is missing, so that the build takes the library’s', async () => {
    expect(await builtFeedSource([...YEARS, 2085], read)).toBeNull();
    const month = STATIC_FILES.month(2083, 7, 'en');
    expect(files.has(month)).toBe(true);
    expect(await builtFeedSource(YEARS, (path) => (path === month ? null : read(path)))).toBeNull();
  });
});

describe('golden feeds (rewritten only with UPDATE_GOLDEN=1)', () => {
  const year = libraryFeedSource([2083], curated, muhurats);
  for (const variant of [feedVariant('ne', 'all', 'none'), feedVariant('en', 'only', 'muhurat')]) {
    it(`BS 2083 ${variant.file} matches test/golden/feed/2083.${variant.file}`, () => {
      const path = `test/golden/feed/2083.${variant.file}`;
      const actual = buildFeed(year, variant);
      if (process.env.UPDATE_GOLDEN === '1') {
        mkdirSync('test/golden/feed', { recursive: true });
        writeFileSync(path, actual);
      }
      // A missing golden file fails rather than being written: only UPDATE_GOLDEN=1 writes one.
      expect(existsSync(path), `${path} is missing: run with UPDATE_GOLDEN=1`).toBe(true);
      expect(actual).toBe(readFileSync(path, 'utf8'));
    });
  }
});
