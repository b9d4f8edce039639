/**
 * Places, spans and what comes next through wrangler pages dev, called with the typed client
 * (clients/typescript): a span across the BS year boundary equals the month files, upcoming festivals across
 * Chaitra → Baisakh under a fixed clock, sunrise and sunset at two places against the US Naval Observatory's
 * tables, Kathmandu's coordinates answering as no place, and bad input answered 400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPanchangaClient, type PanchangaClient } from '../../clients/typescript/client.ts';
import { readSharedJson, readSharedJsonl } from '../support/shared-data.ts';
import { json, startServer, TEST_TOKEN, type TestServer } from './server.ts';

let server: TestServer;
let api: PanchangaClient;
beforeAll(async () => {
  // 06:00 UTC on 25 March 2026: 11:45 on 11 Chaitra 2082 in Nepal.
  server = await startServer({ DEV_MODE: 'true', FIXED_NOW: '2026-03-25T06:00:00Z' });
  api = createPanchangaClient({ baseUrl: server.baseUrl, token: TEST_TOKEN });
});
afterAll(() => server?.stop());

/** The `data` of a successful call, failing the test with the problem otherwise. */
function data<T>(answer: { ok: true; data: T } | { ok: false; status: number; problem: unknown }): T {
  if (!answer.ok) throw new Error(`HTTP ${answer.status}: ${JSON.stringify(answer.problem)}`);
  return answer.data;
}

describe('a span of days', () => {
  it('across Chaitra 2082 → Baisakh 2083 is the month files’ days, in order', async () => {
    const range = data(await api.range({ query: { from: '2026-03-20', to: '2026-05-03', lang: 'en' } }));
    const chaitra = data(
      await api.month({ pathParams: { year: '2082', month: '12' }, query: { lang: 'en' } }),
    );
    const baisakh = data(
      await api.month({ pathParams: { year: '2083', month: '01' }, query: { lang: 'en' } }),
    );
    expect(range.from).toBe('2026-03-20');
    expect(range.to).toBe('2026-05-03');
    expect(range.place).toBeUndefined();
    expect(range.days).toEqual(
      [...chaitra, ...baisakh].filter((d) => d.englishDate >= '2026-03-20' && d.englishDate <= '2026-05-03'),
    );
  });

  it('at a place keeps Nepal’s dates and festivals and moves sunrise to the place', async () => {
    const query = { from: '2026-04-13', to: '2026-04-15', lang: 'en' as const };
    const here = data(await api.range({ query }));
    const london = data(await api.range({ query: { ...query, place: 'london' } }));
    expect(london.place).toMatchObject({ id: 'london', name: 'London', timeZone: 'Europe/London' });
    expect(london.days.map((d) => [d.year, d.month, d.gate, d.festivals])).toEqual(
      here.days.map((d) => [d.year, d.month, d.gate, d.festivals]),
    );
    // London's sunrise in April is about 06:10 BST; Kathmandu's about 05:45 NPT.
    for (const day of london.days)
      expect(day.sunrise >= '06:00' && day.sunrise <= '06:20', day.sunrise).toBe(true);
  });
});

describe('upcoming festivals', () => {
  it('run from today in Nepal across the BS new year', async () => {
    const upcoming = data(await api.upcomingFestivals({ query: { days: '45', lang: 'en' } }));
    expect(upcoming).toMatchObject({ from: '2026-03-25', to: '2026-05-08', days: 45 });
    const dates = upcoming.festivals.map((f) => f.englishDate);
    expect(dates).toEqual([...dates].sort());
    expect(upcoming.festivals.find((f) => f.id === 'NEW_YEAR')).toMatchObject({
      englishDate: '2026-04-14',
      bsDate: '2083-01-01',
      inDays: 20,
    });
    expect(upcoming.festivals.some((f) => f.bsDate.startsWith('2082-12'))).toBe(true);
    const byDefault = data(await api.upcomingFestivals());
    expect(byDefault.days).toBe(30);
    expect(byDefault.to).toBe('2026-04-23');
  });

  it('run from a given day as from today when it is today, and into the years no almanac covers', async () => {
    const today = data(await api.upcomingFestivals({ query: { days: '45', lang: 'en' } }));
    expect(
      data(await api.upcomingFestivals({ query: { from: '2026-03-25', days: '45', lang: 'en' } })),
    ).toEqual(today);
    const next = data(await api.upcomingFestivals({ query: { from: '2027-04-01', days: '20', lang: 'en' } }));
    expect(next).toMatchObject({ from: '2027-04-01', to: '2027-04-20', days: 20 });
    expect(next.festivals.find((f) => f.id === 'NEW_YEAR')).toMatchObject({
      bsDate: '2084-01-01',
      inDays: 13,
      estimated: true,
    });
    // The end of the supported range (BS 2200 Chaitra 30 is 15 April 2144) ends the answer, not the request.
    const last = data(await api.upcomingFestivals({ query: { from: '2144-04-01', days: '60' } }));
    expect(last).toMatchObject({ to: '2144-04-15', days: 15 });
    expect(last.festivals.length).toBeGreaterThan(0);
    expect(last.festivals.every((f) => f.englishDate <= '2144-04-15')).toBe(true);
  });

  it('answer a first day that does not exist 400 and one outside the range 404, naming `from`', async () => {
    for (const [path, status] of [
      ['/api/festivals/upcoming?from=2027-02-30', 400],
      ['/api/festivals/upcoming?from=2027-4-1', 400],
      ['/api/festivals/upcoming?from=1843-04-11', 404],
      ['/api/festivals/upcoming?from=2144-04-16', 404],
    ] as const) {
      const res = await server.fetch(path);
      expect(res.status, path).toBe(status);
      expect((await json(res)).field, path).toBe('from');
    }
  });
});

describe('muhurats to come, and of a month', () => {
  it('run from today in Nepal across the BS new year: computed days of 2082, then 2083’s printed list', async () => {
    const upcoming = data(await api.upcomingMuhurats({ query: { days: '60', lang: 'en' } }));
    expect(upcoming).toMatchObject({ from: '2026-03-25', to: '2026-05-23', days: 60, published: false });
    expect(upcoming.note).toMatch(/no published list for BS 2082/);
    const dates = upcoming.muhurats.map((m) => m.englishDate);
    expect(dates).toEqual([...dates].sort());
    expect(upcoming.muhurats.filter((m) => m.year === 2082).every((m) => m.estimated)).toBe(true);
    // Outside truth: the 2083 almanac's wedding, sacred-thread and pasni days of Baisakh and Jestha to 2026-05-23.
    const shared = readSharedJson<{
      years: Record<string, Record<string, Record<string, { bsM: number; bsD: number; ad: string }[]>>>;
    }>('muhurat/muhurat-2075-2083.json').years['2083']!;
    for (const [category, name] of [
      ['bibaha', 'bibaha'],
      ['bratabandha', 'bratabandha'],
      ['pasni', 'annaprashan_pasni'],
    ] as const) {
      const printed = Object.values(shared[name]!)[0]!.filter((d) => d.ad <= '2026-05-23');
      const ours = upcoming.muhurats.filter((m) => m.category === category && m.year === 2083);
      expect(ours.map((m) => m.englishDate).sort(), category).toEqual(printed.map((d) => d.ad).sort());
      expect(ours.every((m) => !m.estimated)).toBe(true);
    }
    const byDefault = data(await api.upcomingMuhurats());
    expect(byDefault).toMatchObject({
      days: 30,
      to: '2026-04-23',
      categories: ['bibaha', 'bratabandha', 'pasni'],
    });
  });

  it('of one month are the year’s days of that month: the 2083 almanac’s Magh weddings as printed', async () => {
    const shared = readSharedJson<{
      years: Record<string, Record<string, Record<string, { bsM: number; bsD: number }[]>>>;
    }>('muhurat/muhurat-2075-2083.json').years['2083']!;
    const printed = Object.values(shared['bibaha']!)[0]!.filter((d) => d.bsM === 10);
    expect(printed.length).toBeGreaterThan(3);
    const magh = data(await api.muhurats({ query: { year: '2083', month: '10', category: 'bibaha' } }));
    expect(magh.muhurats.map((m) => m.day)).toEqual(printed.map((d) => d.bsD).sort((a, b) => a - b));
    expect(magh.published).toBe(true);
    const res = await server.fetch('/api/muhurats?year=2083&month=13');
    expect(res.status).toBe(400);
    expect((await json(res)).field).toBe('month');
  });

  it('are the year listings’ days, and end with the supported range', async () => {
    const query = { from: '2027-03-01', days: '90', category: 'bibaha,pasni', lang: 'en' as const };
    const upcoming = data(await api.upcomingMuhurats({ query }));
    const years = await Promise.all(
      ['2083', '2084'].map(async (year) =>
        data(await api.muhurats({ query: { year, category: 'bibaha,pasni', lang: 'en' } })),
      ),
    );
    expect(upcoming.muhurats.map(({ inDays: _, ...m }) => m)).toEqual(
      years
        .flatMap((y) => y.muhurats)
        .filter((m) => m.englishDate >= '2027-03-01' && m.englishDate <= upcoming.to),
    );
    const last = data(await api.upcomingMuhurats({ query: { from: '2144-01-01', days: '366' } }));
    expect(last).toMatchObject({ to: '2144-04-15', days: 106 });
    expect(last.muhurats.length).toBeGreaterThan(0);
    expect(last.muhurats.every((m) => m.englishDate <= '2144-04-15' && m.estimated)).toBe(true);
    for (const [path, field] of [
      ['/api/muhurats/upcoming?from=2144-04-16', 'from'],
      ['/api/muhurats/upcoming?days=367', 'days'],
      ['/api/muhurats/upcoming?category=marriage', 'category'],
    ] as const) {
      const res = await server.fetch(path);
      expect(res.status, path).toBe(field === 'from' ? 404 : 400);
      expect((await json(res)).field, path).toBe(field);
    }
  });
});

describe('the public holidays alone', () => {
  it('of a year are the listing’s days off for anyone, every government notice’s day among them', async () => {
    const all = data(await api.festivals({ query: { year: '2082' } }));
    const only = data(await api.festivals({ query: { year: '2082', holidays: 'only' } }));
    expect(only.year).toBe(2082);
    expect(only.festivals).toEqual(all.festivals.filter((f) => f.holiday.kind !== 'none'));
    expect(only.festivals.length).toBeGreaterThan(20);
    const notices = readSharedJsonl<{ bsY: number; ad: string; weekdayMatches: boolean }>(
      'holidays/moha-2078-2083.jsonl',
    ).filter((n) => n.bsY === 2082 && n.weekdayMatches);
    const days = new Set(only.festivals.map((f) => f.englishDate));
    expect(notices.filter((n) => !days.has(n.ad))).toEqual([]);
  });

  it('to come are the upcoming answer’s holidays, and a bad value is a 400 naming `holidays`', async () => {
    const query = { from: '2026-10-01', days: '60', lang: 'en' as const };
    const all = data(await api.upcomingFestivals({ query }));
    const only = data(await api.upcomingFestivals({ query: { ...query, holidays: 'only' } }));
    expect(only).toEqual({ ...all, festivals: all.festivals.filter((f) => f.holiday.kind !== 'none') });
    expect(only.festivals.map((f) => f.id)).toEqual(expect.arrayContaining(['VIJAYA_DASHAMI', 'LAXMI_PUJA']));
    const today = data(await api.upcomingFestivals({ query: { holidays: 'only' } }));
    expect(today.festivals.every((f) => f.holiday.kind !== 'none')).toBe(true);
    for (const path of ['/api/festivals?year=2082&holidays=yes', '/api/festivals/upcoming?holidays=1']) {
      const res = await server.fetch(path);
      expect(res.status, path).toBe(400);
      expect((await json(res)).field, path).toBe('holidays');
    }
  });
});

describe('the listing of one BS month', () => {
  it('is the year’s days of that month, the notice’s Dashain holidays among them; a month outside 1–12 is a 400', async () => {
    const year = data(await api.festivals({ query: { year: '2082', lang: 'en' } }));
    const asoj = data(await api.festivals({ query: { year: '2082', month: '6', lang: 'en' } }));
    expect(asoj.festivals).toEqual(year.festivals.filter((f) => f.bsDate.startsWith('2082-06-')));
    expect(asoj.festivals.map((f) => f.id)).toContain('VIJAYA_DASHAMI');
    const notices = readSharedJsonl<{ bsY: number; bsM: number; ad: string; weekdayMatches: boolean }>(
      'holidays/moha-2078-2083.jsonl',
    ).filter((n) => n.bsY === 2082 && n.bsM === 6 && n.weekdayMatches);
    expect(notices.map((n) => n.ad)).toEqual(expect.arrayContaining(['2025-09-22', '2025-09-29']));
    const off = data(await api.festivals({ query: { year: '2082', month: '06', holidays: 'only' } }));
    const days = new Set(off.festivals.map((f) => f.englishDate));
    expect(notices.filter((n) => !days.has(n.ad))).toEqual([]);
    expect(off.festivals.every((f) => f.bsDate.startsWith('2082-06-') && f.holiday.kind !== 'none')).toBe(
      true,
    );
    for (const month of ['13', '0', 'x']) {
      const res = await server.fetch(`/api/festivals?year=2082&month=${month}`);
      expect(res.status, month).toBe(400);
      expect((await json(res)).field, month).toBe('month');
    }
  });
});

describe('the listings by category', () => {
  it('keep the categories asked for, with the public holidays alone too', async () => {
    const all = data(await api.festivals({ query: { year: '2084', lang: 'en' } }));
    const festivals = data(
      await api.festivals({ query: { year: '2084', lang: 'en', category: 'festival' } }),
    );
    expect(festivals.festivals).toEqual(all.festivals.filter((f) => f.category === 'festival'));
    // The major festivals are there; the new year (a national day), the ekadashis and the world days are not.
    expect(festivals.festivals.map((f) => f.id)).toEqual(
      expect.arrayContaining([
        'BHAI_TIKA',
        'GHATASTHAPANA',
        'VIJAYA_DASHAMI',
        'LAXMI_PUJA',
        'MAHA_SHIVARATRI',
      ]),
    );
    expect(festivals.festivals.map((f) => f.id)).not.toContain('NEW_YEAR');
    const days = data(
      await api.festivals({
        query: { year: '2084', lang: 'en', category: 'national-day,festival', holidays: 'only' },
      }),
    );
    expect(days.festivals).toEqual(
      all.festivals.filter(
        (f) => (f.category === 'festival' || f.category === 'national-day') && f.holiday.kind !== 'none',
      ),
    );
    expect(days.festivals.some((f) => f.category === 'national-day')).toBe(true);
    const query = { from: '2027-09-01', days: '90', lang: 'en' as const };
    const upcoming = data(await api.upcomingFestivals({ query }));
    const observances = data(await api.upcomingFestivals({ query: { ...query, category: 'observance' } }));
    expect(observances).toEqual({
      ...upcoming,
      festivals: upcoming.festivals.filter((f) => f.category === 'observance'),
    });
  });

  it('answer an unknown category 400 naming `category` and the allowed ones', async () => {
    for (const path of [
      '/api/festivals?year=2084&category=holiday',
      '/api/festivals?year=2084&category=festival,',
      '/api/festivals/upcoming?category=Festival',
    ]) {
      const res = await server.fetch(path);
      expect(res.status, path).toBe(400);
      const problem = await json(res);
      expect(problem.field, path).toBe('category');
      expect(problem.detail, path).toContain('festival, national-day, international-day, observance');
    }
  });
});

describe('one festival over years', () => {
  it('lists every id with its name, and answers an id’s days as each year’s listing has them', async () => {
    const ids = data(await api.festivalIds({ query: { lang: 'en' } }));
    expect(ids.festivals.find((f) => f.id === 'GHATASTHAPANA')).toEqual({
      id: 'GHATASTHAPANA',
      name: 'Ghatasthapana',
      category: 'festival',
    });
    const span = data(
      await api.festivalDates({
        pathParams: { id: 'ghatasthapana' },
        query: { from: '2078', to: '2084', lang: 'en' },
      }),
    );
    expect(span).toMatchObject({ id: 'GHATASTHAPANA', name: 'Ghatasthapana', from: 2078, to: 2084 });
    const listed = [];
    for (let year = 2078; year <= 2084; year++)
      listed.push(
        ...data(await api.festivals({ query: { year: String(year), lang: 'en' } })).festivals.filter(
          (f) => f.id === 'GHATASTHAPANA',
        ),
      );
    expect(span.festivals).toEqual(listed);
    // The government's notices of 2078–2083 name the day; 2084 has none yet, so the rule's day is an estimate.
    const notices = readSharedJsonl<{ bsY: number; ad: string; name: string }>(
      'holidays/moha-2078-2083.jsonl',
    ).filter((n) => n.name === 'घटस्थापना');
    expect(span.festivals.slice(0, 6).map((f) => [f.englishDate, f.estimated])).toEqual(
      notices.map((n) => [n.ad, false]),
    );
    expect(span.festivals[6]).toMatchObject({ estimated: true, decidedBy: 'rule' });
  });

  it('finds ids by the words of their names, in English or Nepali (q)', async () => {
    const all = data(await api.festivalIds({ query: { lang: 'en' } })).festivals;
    const listed = (...ids: string[]) => all.filter((f) => ids.includes(f.id));
    // Tihar's days by their names, and Laxmi Puja by the name its day is known by.
    const tihar = data(await api.festivalIds({ query: { q: 'Tihar', lang: 'en' } }));
    expect(tihar.festivals).toEqual(
      listed('GAI_TIHAR', 'KAG_TIHAR', 'KUKUR_TIHAR', 'LAXMI_PUJA', 'TIHAR_HOLIDAYS'),
    );
    expect(data(await api.festivalIds({ query: { q: 'diwali' } })).festivals.map((f) => f.name)).toEqual([
      'लक्ष्मी पूजा',
    ]);
    // Nepali words find the Nepali names, answered in the asked language.
    const dashain = data(await api.festivalIds({ query: { q: 'दशैँ', lang: 'en' } }));
    expect(dashain.festivals).toEqual(listed('CHAITE_DASHAIN', 'DASHAIN_HOLIDAYS', 'VIJAYA_DASHAMI'));
    expect(data(await api.festivalIds({ query: { q: 'xyzzy' } })).festivals).toEqual([]);
    const empty = await server.fetch('/api/festivals/ids?q=%20');
    expect(empty.status).toBe(400);
    expect((await json(empty)).field).toBe('q');
  });

  it('runs ten years from the current BS year by default, and takes the id in any case', async () => {
    const span = data(await api.festivalDates({ pathParams: { id: 'VIJAYA_DASHAMI' } }));
    expect(span).toMatchObject({ id: 'VIJAYA_DASHAMI', name: 'विजया दशमी', from: 2082, to: 2091 });
    expect(span.festivals.map((f) => f.bsDate.slice(0, 4))).toEqual(
      Array.from({ length: 10 }, (_, i) => String(2082 + i)),
    );
  });

  it('answers an unknown id 404, a bad span 400 and a year outside the range 404, naming the field', async () => {
    for (const [path, status, field] of [
      ['/api/festivals/dashain', 404, 'id'],
      ['/api/festivals/2083', 400, 'id'],
      ['/api/festivals/vijaya_dashami?from=2090&to=2083', 400, 'to'],
      ['/api/festivals/vijaya_dashami?from=2000&to=2100', 400, 'to'],
      ['/api/festivals/vijaya_dashami?from=83', 400, 'from'],
      ['/api/festivals/vijaya_dashami?from=1899', 404, 'from'],
      ['/api/festivals/vijaya_dashami?from=2190&to=2201', 404, 'to'],
    ] as const) {
      const res = await server.fetch(path);
      expect(res.status, path).toBe(status);
      expect((await json(res)).field, path).toBe(field);
    }
    // An unknown id's answer suggests the ids it may have meant, named in the asked language: Vijaya Dashami
    // by the name it is commonly known by.
    const unknown = await json(await server.fetch('/api/festivals/dashain?lang=en'));
    expect(unknown.detail).toBe(
      'No festival or observance has the id "dashain". Did you mean CHAITE_DASHAIN (Chaite Dashain), ' +
        'DASHAIN_EKADASHI (Papankusha Ekadashi (Dashain)), DASHAIN_HOLIDAYS (Dashain holidays), ' +
        'VIJAYA_DASHAMI (Vijaya Dashami)? /api/festivals/ids lists every id.',
    );
    // A name is no id: the answer says where ids are found by name.
    const named = await json(await server.fetch(`/api/festivals/${encodeURIComponent('दशैँ')}`));
    expect(named).toMatchObject({ status: 400, field: 'id' });
    expect(named.detail).toContain('/api/festivals/ids?q=');
    const nothing = await json(await server.fetch('/api/festivals/xyzzy'));
    expect(nothing.detail).toBe(
      'No festival or observance has the id "xyzzy". /api/festivals/ids lists every id.',
    );
  });
});

describe('a day at a place', () => {
  /**
   * US Naval Observatory one-year rise/set tables for 2019 (UT), as astronomy-engine's tests keep them
   * (cosinekitty/astronomy, generate/riseset/riseset.txt): 29° N 81° W and 60° N 0°, sea level.
   * Printed to the minute, so ±1 minute.
   */
  const USNO = [
    {
      lat: '29',
      lon: '-81',
      tz: 'America/New_York',
      utcOffset: -5,
      date: '2019-01-15',
      rise: '12:19',
      set: '22:48',
    },
    {
      lat: '29',
      lon: '-81',
      tz: 'America/New_York',
      utcOffset: -4,
      date: '2019-06-21',
      rise: '10:26',
      set: '00:26',
    },
    {
      lat: '29',
      lon: '-81',
      tz: 'America/New_York',
      utcOffset: -4,
      date: '2019-09-23',
      rise: '11:13',
      set: '23:20',
    },
    { lat: '60', lon: '0', tz: 'UTC', utcOffset: 0, date: '2019-01-15', rise: '08:48', set: '15:31' },
    { lat: '60', lon: '0', tz: 'UTC', utcOffset: 0, date: '2019-06-21', rise: '02:36', set: '21:28' },
    { lat: '60', lon: '0', tz: 'UTC', utcOffset: 0, date: '2019-12-21', rise: '09:02', set: '14:54' },
  ];
  const local = (utc: string, offset: number) => {
    const m = ((((Number(utc.slice(0, 2)) + offset) * 60 + Number(utc.slice(3))) % 1440) + 1440) % 1440;
    return m;
  };
  const minutes = (clock: string) => (Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3))) % 1440;

  it('has the sunrise and sunset of the USNO tables at 29° N 81° W and 60° N 0°', async () => {
    for (const row of USNO) {
      const { date, lat, lon, tz } = row;
      const day = data(
        await api.byEnglishDate({ pathParams: { date }, query: { lat, lon, tz, lang: 'en' } }),
      );
      expect(day.place).toEqual({
        id: null,
        name: null,
        latitude: Number(lat),
        longitude: Number(lon),
        elevationM: 0,
        timeZone: tz,
      });
      expect(
        Math.abs(minutes(day.sunrise) - local(row.rise, row.utcOffset)),
        `${date} ${lat} rise ${day.sunrise}`,
      ).toBeLessThanOrEqual(1);
      expect(
        Math.abs(minutes(day.sunset) - local(row.set, row.utcOffset)),
        `${date} ${lat} set ${day.sunset}`,
      ).toBeLessThanOrEqual(1);
      expect(day.englishDate).toBe(date);
    }
  });

  it('a whole month at a place is the span there over its days, with the USNO’s sunrise and sunset', async () => {
    // BS 2075 Magh runs from 15 January 2019, a day of the tables, at 60° N 0°.
    const query = { lat: '60', lon: '0', tz: 'UTC', lang: 'en' as const };
    const res = await server.fetch('/api/panchanga/2075/10?lat=60&lon=0&tz=UTC&lang=en');
    expect(res.status).toBe(200);
    const { data: days, meta } = (await json(res)) as {
      data: { englishDate: string; sunrise: string; sunset: string; estimated: boolean }[];
      meta: { month: number; estimated: boolean; place: unknown };
    };
    expect(meta).toMatchObject({ year: 2075, month: 10, estimated: true });
    expect(meta.place).toMatchObject({ latitude: 60, longitude: 0, timeZone: 'UTC' });
    const first = days[0]!;
    const last = days.at(-1)!;
    expect(first.englishDate).toBe('2019-01-15');
    expect(Math.abs(minutes(first.sunrise) - local('08:48', 0)), first.sunrise).toBeLessThanOrEqual(1);
    expect(Math.abs(minutes(first.sunset) - local('15:31', 0)), first.sunset).toBeLessThanOrEqual(1);
    expect(days.every((d) => d.estimated)).toBe(true);
    const span = data(
      await api.range({ query: { ...query, from: first.englishDate, to: last.englishDate } }),
    );
    expect(days).toEqual(span.days);
    // The typed client takes the place on a month too; without one the month is Kathmandu's static file.
    const pokhara = data(
      await api.month({ pathParams: { year: '2083', month: '01' }, query: { place: 'pokhara', lang: 'en' } }),
    );
    const kathmandu = data(
      await api.month({ pathParams: { year: '2083', month: '01' }, query: { lang: 'en' } }),
    );
    expect(pokhara.map((d) => [d.englishDate, d.festivals])).toEqual(
      kathmandu.map((d) => [d.englishDate, d.festivals]),
    );
    expect(pokhara.filter((d, i) => d.sunrise !== kathmandu[i]!.sunrise).length).toBeGreaterThan(20);
  });

  it('at Kathmandu’s coordinates is exactly the answer without a place (a computed day)', async () => {
    const plain = data(
      await api.byEnglishDate({ pathParams: { date: '2027-06-15' }, query: { lang: 'en' } }),
    );
    const { place, ...atKathmandu } = data(
      await api.byEnglishDate({
        pathParams: { date: '2027-06-15' },
        query: { lang: 'en', lat: '27.7172', lon: '85.324' },
      }),
    );
    expect(place).toMatchObject({ latitude: 27.7172, longitude: 85.324, timeZone: 'Asia/Kathmandu' });
    expect(atKathmandu).toEqual(plain);
  });

  it('named Kathmandu, the almanac’s own place, is the almanac’s day: its printed sunrise and sunset', async () => {
    // 13 Mangsir 2083 (29 November 2026): the 2083 almanac prints sunrise 06:36 and sunset 17:06.
    const printed = readSharedJsonl<{ ad: string; sunrise: string; sunset: string }>(
      'almanac/2083.jsonl',
    ).find((d) => d.ad === '2026-11-29')!;
    const ask = (query: { lang: 'en'; place?: string }) =>
      api.byEnglishDate({ pathParams: { date: '2026-11-29' }, query });
    const plain = data(await ask({ lang: 'en' }));
    const named = data(await ask({ lang: 'en', place: 'kathmandu' }));
    expect(named).toEqual(plain);
    expect([named.sunrise, named.sunset]).toEqual([printed.sunrise, printed.sunset]);
    expect(named.estimated).toBe(false);
    const month = (place?: string) =>
      server.fetch(`/api/panchanga/2083/08?lang=en${place ? `&place=${place}` : ''}`).then((r) => r.text());
    expect(await month('kathmandu')).toBe(await month());
  });

  it('today at a place abroad is that place’s date, cached until its midnight', async () => {
    // 06:00 UTC is 02:00 on 25 March in New York, and 11:45 the same day in Nepal.
    const res = await server.fetch('/api/panchanga?place=new-york&lang=en');
    const body = await json(res);
    expect(res.status).toBe(200);
    expect(body.data.englishDate).toBe('2026-03-25');
    expect(body.data.place.id).toBe('new-york');
    expect(res.headers.get('Cache-Control')).toContain(`max-age=${22 * 3600}`);
  });
});

describe('a day by its BS date', () => {
  it('is the record by-English-date gives for its AD date, at Kathmandu and at a place, across the months', async () => {
    for (const [year, month, day] of [
      ['2083', '01', '01'],
      ['2082', '12', '30'],
      ['2084', '6', '14'],
      ['1901', '02', '5'],
      ['2200', '12', '30'],
    ] as const) {
      const record = data(await api.byBsDate({ pathParams: { year, month, day }, query: { lang: 'en' } }));
      expect([record.year, record.month, record.gate], `${year}-${month}-${day}`).toEqual([
        Number(year),
        Number(month),
        Number(day),
      ]);
      const byAd = data(
        await api.byEnglishDate({ pathParams: { date: record.englishDate }, query: { lang: 'en' } }),
      );
      expect(record, `${year}-${month}-${day}`).toEqual(byAd);
    }
    const atPokhara = data(
      await api.byBsDate({
        pathParams: { year: '2083', month: '01', day: '01' },
        query: { place: 'pokhara' },
      }),
    );
    const byAd = data(
      await api.byEnglishDate({ pathParams: { date: '2026-04-14' }, query: { place: 'pokhara' } }),
    );
    expect(atPokhara).toEqual(byAd);
  });

  it('answers a day its month does not have 400 and a year outside BS 1900–2200 404, naming the field', async () => {
    for (const [path, status, field] of [
      ['/api/panchanga/2083/01/32', 400, 'day'],
      ['/api/panchanga/2083/02/0', 400, 'day'],
      ['/api/panchanga/2083/13/01', 400, 'month'],
      ['/api/panchanga/2201/01/01', 404, 'year'],
      ['/api/panchanga/1899/12/30', 404, 'year'],
    ] as const) {
      const res = await server.fetch(path);
      expect(res.status, path).toBe(status);
      expect(res.headers.get('Content-Type'), path).toContain('application/problem+json');
      expect((await json(res)).field, path).toBe(field);
    }
  });
});

describe('bad input', () => {
  const cases: [string, string][] = [
    ['/api/panchanga/range?from=2026-01-10&to=2026-01-09', 'to'],
    ['/api/panchanga/range?from=2025-01-01&to=2026-01-02', 'to'],
    ['/api/panchanga/range?to=2026-01-02', 'from'],
    ['/api/panchanga/range?from=2026-02-30&to=2026-03-02', 'from'],
    ['/api/panchanga/range?from=2026-01-01&to=2026-01-02&place=atlantis', 'place'],
    ['/api/festivals/upcoming?days=0', 'days'],
    ['/api/festivals/upcoming?days=367', 'days'],
    ['/api/festivals/upcoming?days=many', 'days'],
    ['/api/panchanga?place=atlantis', 'place'],
    ['/api/panchanga?lat=91&lon=0', 'lat'],
    ['/api/panchanga?lat=27.7', 'lon'],
    ['/api/panchanga/by-english-date/2026-04-14?lat=27.7&lon=200', 'lon'],
    ['/api/panchanga/by-english-date/2026-04-14?lat=27.7&lon=85.3&tz=Mars%2FOlympus', 'tz'],
    ['/api/panchanga/by-english-date/2026-04-14?place=london&lat=1', 'lat'],
    ['/api/panchanga/2083/01?place=atlantis', 'place'],
    ['/api/panchanga/2083/01?lat=27.7', 'lon'],
  ];
  it('is a 400 problem naming the field, never a 5xx', async () => {
    for (const [path, field] of cases) {
      const res = await server.fetch(path);
      expect(res.status, path).toBe(400);
      expect(res.headers.get('Content-Type'), path).toContain('application/problem+json');
      expect((await json(res)).field, path).toBe(field);
    }
  });

  it('a span outside BS 1900–2200 is a 404 out-of-range problem naming the field, as a single date is', async () => {
    const cases: [string, string][] = [
      ['/api/panchanga/range?from=1843-04-01&to=1843-04-20', 'from'],
      ['/api/panchanga/range?from=2144-04-10&to=2144-04-20', 'to'],
      ['/api/panchanga/by-english-date/1843-04-01', 'date'],
    ];
    for (const [path, field] of cases) {
      const res = await server.fetch(path);
      expect(res.status, path).toBe(404);
      const body = await json(res);
      expect(body.type, path).toBe('/problems/out-of-range');
      expect(body.field, path).toBe(field);
      expect(body.detail, path).toContain('1843-04-12 to 2144-04-15');
    }
  });
});
