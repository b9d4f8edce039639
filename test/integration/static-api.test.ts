/**
 * The static API through wrangler pages dev: month files for sampled months of every decade validate against
 * the schema, their dates agree with the converter, published months equal the curated data, and the
 * listings, festivals, muhurats and single days answer as the outside sources say.
 */
import { readFileSync } from 'node:fs';
import { BS_MAX_YEAR, BS_MIN_YEAR, bsToFixed, daysInBsMonth } from '../../src/calendar/bs.ts';
import { isoFromFixed } from '../../src/calendar/time.ts';
import { STATIC_FILES } from '../../src/contract/endpoints.ts';
import { skyOfYear } from '../../src/engine/sky.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  availableMonthsSchema,
  fullDayRecordSchema,
  monthAnswerSchema,
  monthFromAnswer,
} from '../../src/contract/day-record.ts';
import { curatedMonthSchema } from '../../src/contract/data-files.ts';
import { PUBLISHED_SCHEMAS } from '../../src/contract/data-registry.ts';
import { festivalYearSchema } from '../../src/contract/festival.ts';
import { printedNameIn } from '../../src/festivals/glossary.ts';
import { calendarPageYears } from '../../src/pages/calendar/_month.ts';
import { muhuratListSchema } from '../../src/contract/muhurat.ts';
import { readSharedJson, readSharedJsonl } from '../support/shared-data.ts';
import { json, startServer, type TestServer } from './server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

const pad = (n: number) => String(n).padStart(2, '0');

describe('month files', () => {
  const samples: [number, number][] = [];
  for (let year = BS_MIN_YEAR; year <= BS_MAX_YEAR; year += 10) {
    samples.push([year, 1 + ((year / 10) % 12)]);
    if (year + 3 <= BS_MAX_YEAR) samples.push([year + 3, 12 - ((year / 10) % 12)]);
  }
  samples.push([BS_MAX_YEAR, 12]);

  it(`validate, and their dates agree with the converter, for sampled months of every decade ${BS_MIN_YEAR}–${BS_MAX_YEAR}`, async () => {
    for (const [year, month] of samples) {
      for (const lang of ['ne', 'en']) {
        const res = await server.fetch(`/api/panchanga/${year}/${month}${lang === 'en' ? '?lang=en' : ''}`);
        expect(res.status, `${year}/${month}`).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        const file = monthFromAnswer(monthAnswerSchema.parse(await json(res)));
        // The published table covers BS 1970–2083; the years either side are projected.
        expect(file.status).toBe(year >= 1970 && year <= 2083 ? 'published' : 'projection');
        // No almanac day is laid over a month without curated days: it names no source.
        if (!file.curated) expect(file.sources).toEqual([]);
        const first = file.days[0]!;
        const conversion = await json(
          await server.fetch(`/api/date-converter?date=${year}-${pad(month)}-01&from=bs`),
        );
        expect(first.englishDate).toBe(conversion.data.ad.date);
        const last = file.days.at(-1)!;
        const back = await json(await server.fetch(`/api/date-converter?date=${last.englishDate}&from=ad`));
        expect(back.data.bs.date).toBe(`${year}-${pad(month)}-${pad(last.gate)}`);
      }
    }
  });

  it('equal the curated data in published months (tithi, events, holiday)', async () => {
    for (const [year, month] of [
      [2075, 1],
      [2078, 6],
      [2081, 7],
      [2082, 11],
      [2083, 5],
    ] as const) {
      const curated = curatedMonthSchema().parse(
        JSON.parse(readFileSync(`data/panchanga/${year}/${pad(month)}.json`, 'utf8')),
      );
      const file = monthFromAnswer(
        monthAnswerSchema.parse(await json(await server.fetch(`/api/panchanga/${year}/${pad(month)}`))),
      );
      expect(file.curated).toBe(true);
      // The almanacs the days come from, by name, as the curated file gives them.
      expect(file.sources).toEqual(curated.sources);
      expect(file.sources.map((s) => s.id)).toContain(curated.days[0]!.tithiSource);
      expect(file.days).toHaveLength(curated.days.length);
      file.days.forEach((day, i) => {
        const c = curated.days[i]!;
        expect(day.tithiIndex).toBe(c.tithi);
        expect(day.englishDate).toBe(c.englishDate);
        expect(day.holiday).toBe(c.holiday);
        expect(day.source).toEqual({ tithi: 'published', festivals: 'published' });
        // Every printed event is there, once: two spellings of one event (one English name) are shown once.
        const shown = new Set(day.events.map((e) => printedNameIn(e.name, 'en')));
        for (const event of c.events) expect(shown).toContain(printedNameIn(event, 'en'));
      });
    }
  });

  it('put the tithi the almanac prints on every day of BS 2081 (published data served as published)', async () => {
    const almanac = readSharedJsonl<{ bsM: number; bsD: number; tithi: number }>('almanac/2081.jsonl');
    for (let month = 1; month <= 12; month++) {
      const file = monthFromAnswer(
        monthAnswerSchema.parse(await json(await server.fetch(`/api/panchanga/2081/${month}`))),
      );
      for (const day of file.days) {
        expect(day.tithiIndex).toBe(almanac.find((a) => a.bsM === month && a.bsD === day.gate)!.tithi);
      }
    }
  });

  it.each([
    ['/api/panchanga/2300/01', 404],
    ['/api/panchanga/1850/01', 404],
    ['/api/panchanga/2083/13', 400],
    ['/api/panchanga/2083/00', 400],
    ['/api/panchanga/20x3/01', 400],
    ['/api/panchanga/2083/1?lang=xx', 400],
    ['/api/panchanga/by-english-date/2026-13-01', 400],
    ['/api/panchanga/by-english-date/1800-01-01', 404],
    ['/api/panchanga/by-english-date/nope', 400],
    ['/api/nothing/here', 404],
  ])('answers %s with a %i problem', async (path, status) => {
    const res = await server.fetch(path);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect((await json(res)).success).toBe(false);
  });
});

describe('times (interface specification 2.2)', () => {
  const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
  const MOMENT = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}):00\+05:45$/;

  it.each([2075, 2082, 2083, 2084])(
    'every time of BS %i is HH:MM 00:00–23:59, never null when computed, with the exact moment after midnight',
    async (year) => {
      for (let month = 1; month <= 12; month++) {
        const res = await server.fetch(`/api/panchanga/${year}/${pad(month)}`);
        expect(res.status, `${year}/${month}`).toBe(200);
        const body = monthAnswerSchema.parse(await json(res));
        expect(Array.isArray(body.data)).toBe(true);
        expect(body.meta).toMatchObject({ year, month });
        for (const day of body.data) {
          const where = `${day.englishDate}`;
          for (const time of [day.sunrise, day.sunset]) expect(time, where).toMatch(CLOCK);
          if (day.source.tithi === 'computed') expect(day.tithiEnds, where).not.toBeNull();
          if (day.tithiEnds === null) continue;
          expect(day.tithiEnds, where).toMatch(CLOCK);
          if (day.tithiEndsAt) {
            const [, date, clock] = day.tithiEndsAt.match(MOMENT)!;
            expect(clock).toBe(day.tithiEnds);
            expect(date! > day.englishDate, where).toBe(true);
          } else {
            expect(day.tithiEnds > day.sunrise, `${where}: an end before sunrise is the next night`).toBe(
              true,
            );
          }
        }
      }
    },
  );

  it('places every end the 2083 almanac prints before sunrise on the night after, with its exact moment', async () => {
    const printed = readSharedJsonl<{ bsM: number; bsD: number; ad: string; tithiEnds?: string }>(
      'almanac/2083.jsonl',
    );
    let afterMidnight = 0;
    for (let month = 1; month <= 12; month++) {
      const days = monthAnswerSchema.parse(
        await json(await server.fetch(`/api/panchanga/2083/${month}`)),
      ).data;
      for (const day of days) {
        const source = printed.find((p) => p.ad === day.englishDate)!;
        if (!source.tithiEnds || day.tithiEnds !== source.tithiEnds) continue;
        if (source.tithiEnds < day.sunrise) {
          afterMidnight++;
          const next = new Date(Date.parse(`${day.englishDate}T00:00:00Z`) + 86_400_000)
            .toISOString()
            .slice(0, 10);
          expect(day.tithiEndsAt, day.englishDate).toBe(`${next}T${source.tithiEnds}:00+05:45`);
        } else expect(day.tithiEndsAt, day.englishDate).toBeUndefined();
      }
    }
    expect(afterMidnight).toBeGreaterThan(30);
  });

  it('full records give every end as HH:MM, and the exact moment of those after midnight', async () => {
    for (const date of ['2026-04-14', '2026-11-23', '2027-01-15']) {
      const record = fullDayRecordSchema.parse(
        (await json(await server.fetch(`/api/panchanga/by-english-date/${date}`))).data,
      );
      for (const part of [record.nakshatra, record.yoga, record.karana]) {
        expect(part.ends).toMatch(CLOCK);
        if (part.endsAt) expect(part.endsAt.match(MOMENT)![2]).toBe(part.ends);
      }
      for (const window of record.timeWindows) {
        expect(window.start).toMatch(CLOCK);
        expect(window.end).toMatch(CLOCK);
      }
    }
  });
});

describe('single days, listings, festivals and muhurats', () => {
  it('by-english-date gives the full record of the day, with the almanac tithi and the engine limbs', async () => {
    const body = await json(await server.fetch('/api/panchanga/by-english-date/2026-04-14'));
    const record = fullDayRecordSchema.parse(body.data);
    expect(record).toMatchObject({ year: 2083, month: 1, gate: 1, tithiIndex: 27, tithiEnds: '21:32' });
    expect(record.nakshatra.name).toBe('शतभिषा');
    expect(record.grahas).toHaveLength(9);
  });

  it('answers at both ends of the supported range: festivals, month files and single days', async () => {
    for (const year of [BS_MIN_YEAR, BS_MAX_YEAR]) {
      const festivals = festivalYearSchema.parse(
        (await json(await server.fetch(`/api/festivals?year=${year}`))).data,
      );
      expect(festivals.festivals.map((f) => f.id)).toContain('VIJAYA_DASHAMI');
      const file = monthFromAnswer(
        monthAnswerSchema.parse(await json(await server.fetch(`/api/panchanga/${year}/06`))),
      );
      const day = file.days[9]!;
      const single = await server.fetch(`/api/panchanga/by-english-date/${day.englishDate}`);
      expect(single.status, day.englishDate).toBe(200);
      expect(fullDayRecordSchema.parse((await json(single)).data)).toMatchObject({
        year,
        month: 6,
        gate: 10,
      });
    }
  });

  it('stores each year’s sky as the engine fits it, and answers at a place on the first and last days of the range', async () => {
    for (const year of [BS_MIN_YEAR, 2083, BS_MAX_YEAR]) {
      const stored = readFileSync(`dist${STATIC_FILES.sky(year)}`);
      const sky = skyOfYear(year);
      expect(Buffer.compare(stored, Buffer.from(sky.buffer, sky.byteOffset, sky.byteLength)), `${year}`).toBe(
        0,
      );
    }
    const first = isoFromFixed(bsToFixed({ year: BS_MIN_YEAR, month: 1, day: 1 }));
    const last = isoFromFixed(
      bsToFixed({ year: BS_MAX_YEAR, month: 12, day: daysInBsMonth(BS_MAX_YEAR, 12) }),
    );
    for (const date of [first, last]) {
      const res = await server.fetch(`/api/panchanga/by-english-date/${date}?place=london&lang=en`);
      expect(res.status, date).toBe(200);
      const data = fullDayRecordSchema.parse((await json(res)).data);
      expect(data.englishDate).toBe(date);
      expect(data.sunrise < data.sunset, date).toBe(true);
    }
  });

  it('available-months lists the curated years and the computed range with status', async () => {
    const listing = availableMonthsSchema.parse(
      (await json(await server.fetch('/api/panchanga/available-months'))).data,
    );
    expect(listing.computedRange).toEqual({ from: BS_MIN_YEAR, to: BS_MAX_YEAR });
    expect(listing.years).toHaveLength(BS_MAX_YEAR - BS_MIN_YEAR + 1);
    const curatedYears = listing.years.filter((y) => y.curatedMonths.length === 12).map((y) => y.year);
    expect(curatedYears).toEqual([2075, 2076, 2077, 2078, 2079, 2080, 2081, 2082, 2083]);
    expect(listing.years.find((y) => y.year === 2084)!.status).toBe('projection');
  });

  it('festivals of 2082 put the government holidays on the notice dates', async () => {
    const year = festivalYearSchema.parse((await json(await server.fetch('/api/festivals?year=2082'))).data);
    const notices = readSharedJsonl<{ bsY: number; bsM: number; bsD: number; name: string }>(
      'holidays/moha-2078-2083.jsonl',
    );
    for (const name of ['घटस्थापना', 'छठ पर्व', 'रक्षाबन्धन']) {
      const notice = notices.find((n) => n.bsY === 2082 && n.name === name)!;
      expect(year.festivals.map((f) => f.bsDate)).toContain(`2082-${pad(notice.bsM)}-${pad(notice.bsD)}`);
    }
  });

  it('muhurats: every published year and category equals the shared lists', async () => {
    const shared = readSharedJson<{
      years: Record<string, Record<string, Record<string, { bsM: number; bsD: number }[]>>>;
    }>('muhurat/muhurat-2075-2083.json');
    for (const [year, categories] of Object.entries(shared.years)) {
      for (const [name, bySource] of Object.entries(categories)) {
        const category = name === 'annaprashan_pasni' ? 'pasni' : name;
        const list = muhuratListSchema.parse(
          (await json(await server.fetch(`/api/muhurats?year=${year}&category=${category}`))).data,
        );
        const expected = Object.values(bySource).sort((a, b) => b.length - a.length)[0]!;
        expect(list.muhurats.map((m) => `${m.month}-${m.day}`).sort()).toEqual(
          expected.map((d) => `${d.bsM}-${d.bsD}`).sort(),
        );
        const dates = list.muhurats.map((m) => m.bsDate);
        expect(dates).toEqual([...dates].sort());
      }
    }
  });

  it('muhurats: a year without a published list answers computed days, estimated, with windows and reasons', async () => {
    for (const year of [2082, 2084]) {
      const list = muhuratListSchema.parse(
        (await json(await server.fetch(`/api/muhurats?year=${year}&lang=en`))).data,
      );
      expect(list.published).toBe(false);
      expect(list.categories).toEqual(['bibaha', 'bratabandha', 'pasni']);
      for (const category of list.categories) {
        const days = list.muhurats.filter((m) => m.category === category);
        expect(days.length, `${year} ${category}`).toBeGreaterThan(0);
        for (const day of days) {
          expect(day).toMatchObject({ estimated: true, year });
          expect(day.windows.length).toBeGreaterThan(0);
          expect(day.because?.length).toBeGreaterThan(0);
          expect(day.source).not.toMatch(/scraped/i);
        }
      }
    }
  });

  it.each([
    ['/api/muhurats?category=wedding', 400, 'category'],
    ['/api/muhurats?year=20x2', 400, 'year'],
    ['/api/muhurats?year=2500', 404, 'year'],
    ['/api/muhurats?lang=xx', 400, 'lang'],
    ['/api/festivals?year=abc', 400, 'year'],
    ['/api/festivals?year=2201', 404, 'year'],
    ['/api/festivals?year=1899', 404, 'year'],
    ['/api/panchanga/2201/01', 404, 'year'],
    ['/api/panchanga/1899/12', 404, 'year'],
  ])('answers %s with a %i problem naming %s', async (path, status, field) => {
    const res = await server.fetch(path);
    expect(res.status).toBe(status);
    const body = await json(res);
    expect(body).toMatchObject({ success: false, field });
    if (field === 'category') expect(body.detail).toMatch(/bibaha, bratabandha, pasni/);
    if (/=2201|=1899|\/2201\/|\/1899\//.test(path)) expect(body.detail).toMatch(/1900–2200/);
  });
});

describe('site pages', () => {
  it('answers a month page outside the pages’ years with a 404 page naming their years and the API’s', async () => {
    const { from, to } = calendarPageYears();
    // Spelled short too: no redirect to a page that is not there.
    for (const path of [`/calendar/${to + 1}/01`, `/calendar/${to + 1}/1`, `/calendar/${from - 1}`]) {
      const res = await server.fetch(path, { redirect: 'manual' });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('Content-Type')).toContain('text/html');
      const page = await res.text();
      expect(page).toContain(`BS ${from}–${to}`);
      expect(page).toContain(`BS ${BS_MIN_YEAR}–${BS_MAX_YEAR}`);
      expect(page).toContain('/api/panchanga/{year}/{month}');
    }
  });

  it('serves the icon the pages link, and a robots.txt that keeps crawlers off the API and the admin', async () => {
    const home = await (await server.fetch('/', { token: null })).text();
    expect(home).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"');
    const icon = await server.fetch('/favicon.svg', { token: null });
    expect(icon.status).toBe(200);
    expect(icon.headers.get('Content-Type')).toContain('image/svg+xml');
    expect(await icon.text()).toMatch(/^<svg /);
    const robots = await server.fetch('/robots.txt', { token: null });
    expect(robots.status).toBe(200);
    expect(robots.headers.get('Content-Type')).toContain('text/plain');
    const rules = (await robots.text()).split('\n');
    expect(rules).toContain('Disallow: /api/');
    expect(rules).toContain('Disallow: /admin');
  });

  it('lists every published JSON Schema at /schemas, each link answering its schema', async () => {
    const res = await server.fetch('/schemas/', { token: null });
    expect(res.status).toBe(200);
    const page = await res.text();
    for (const { name } of PUBLISHED_SCHEMAS) {
      expect(page, name).toContain(`href="${STATIC_FILES.schema(name)}"`);
      const schema = await json(await server.fetch(STATIC_FILES.schema(name), { token: null }));
      expect((schema as { title: string }).title, name).toContain(name);
    }
  });

  it('link only to pages and files that answer themselves, without a redirect', async () => {
    const { from, to } = calendarPageYears();
    const pages = ['/', '/calendar', `/calendar/${from}/01`, `/calendar/${to}/12`, '/schemas', '/problems'];
    pages.push('/problems/not-found', '/admin', `/calendar/${to + 1}/01`);
    const links = new Set<string>();
    for (const page of pages) {
      const html = await (await server.fetch(page, { token: null })).text();
      for (const [, href] of html.matchAll(/(?:href|src)="(\/[^"/][^"]*)"/g))
        if (!href!.startsWith('/api/')) links.add(href!.replace(/&amp;/g, '&'));
    }
    expect(links.size).toBeGreaterThan(10);
    for (const link of links) {
      const res = await server.fetch(link, { token: null, redirect: 'manual' });
      expect(res.status, link).toBe(200);
      await res.body?.cancel();
    }
  });

  it('sends a month page spelled short, or a year alone, to the month’s page, which answers', async () => {
    const { from } = calendarPageYears();
    for (const [path, status, target] of [
      [`/calendar/${from}/1`, 301, `/calendar/${from}/01`],
      [`/calendar/${from}/9?lang=en`, 301, `/calendar/${from}/09?lang=en`],
      [`/calendar/${from}`, 302, `/calendar/${from}/01`],
    ] as const) {
      const res = await server.fetch(path, { token: null, redirect: 'manual' });
      expect(res.status, path).toBe(status);
      const location = new URL(res.headers.get('Location')!, 'https://x.test');
      expect(location.pathname + location.search, path).toBe(target);
      expect(res.headers.get('Content-Security-Policy'), path).toBeTruthy();
      const page = await server.fetch(target, { token: null });
      expect(page.status, target).toBe(200);
      expect(await page.text(), target).toContain(String(from));
    }
  });
});
