/**
 * GET /api/muhurats and /api/muhurats/upcoming through the router in-process, over year files the library builds
 * (as scripts/build.ts writes them):
 * computed days where no list is published, published days with the almanac's name, the days to come across the
 * BS new year as the two years' lists give them, and a problem naming the field and the allowed values for bad
 * input — never a 5xx.
 */
import { describe, expect, it } from 'vitest';
import {
  muhuratListSchema,
  upcomingMuhuratsSchema,
  type MuhuratList,
  type MuhuratYear,
} from '../contract/muhurat.ts';
import { yearMuhurats } from '../almanac/muhurat-year.ts';
import { MUHURAT_RULES } from '../almanac/muhurat-rules.ts';
import { toDevanagariDigits } from '../calendar/digits.ts';
import { NAKSHATRAS } from '../calendar/names.ts';
import { muhuratFiles } from '../almanac/muhurat.ts';
import { STATIC_FILES } from '../contract/endpoints.ts';
import { loadMuhuratFiles } from '../almanac/curated.ts';
import { createApp } from './app.ts';
import type { Env } from './env.ts';

const published = loadMuhuratFiles();
/** The files the build writes for 2083 and 2084, by path (src/almanac/muhurat.ts muhuratFiles). */
const built = new Map<string, MuhuratYear>(
  [2083, 2084].flatMap((year) =>
    muhuratFiles(yearMuhurats(year, published.get(year) ?? null)).map(
      ([category, file]): [string, MuhuratYear] => [STATIC_FILES.muhurats(year, category ?? undefined), file],
    ),
  ),
);
/** env.ASSETS serving the built files (dist/api/muhurats/{YYYY}[.{category}]); 404 for a file not built. */
const ASSETS = {
  fetch: async (input: RequestInfo | URL) => {
    const file = built.get(new URL(String(input)).pathname);
    return file ? new Response(JSON.stringify(file)) : new Response('not found', { status: 404 });
  },
} as unknown as Fetcher;
const TOKEN = 'in-process-token';
// 06:00 UTC on 1 March 2027: 11:45 on 17 Falgun 2083 in Nepal, 44 days before 1 Baisakh 2084.
const env: Env = { DEFAULT_MOBILE_TOKEN: TOKEN, ASSETS, DEV_MODE: 'true', FIXED_NOW: '2027-03-01T06:00:00Z' };
const app = createApp();

interface Answer {
  status: number;
  type: string | null;
  body: { data?: unknown; detail?: string } & Record<string, unknown>;
}

async function get(query: string): Promise<Answer & { cacheControl: string | null }> {
  const res = await app.request(
    `https://panchanga.test/api/muhurats${query}`,
    { headers: { Authorization: `Bearer ${TOKEN}` } },
    env,
  );
  return {
    status: res.status,
    type: res.headers.get('Content-Type'),
    cacheControl: res.headers.get('Cache-Control'),
    body: (await res.json()) as Answer['body'],
  };
}

/** The nakshatras a shop is opened in (data/muhurats/rules.json), by the names `because` gives. */
const SHOP_NAKSHATRAS = [
  ...MUHURAT_RULES.get('shop_opening')!.conditions.find((c) => c.type === 'nakshatra')!.allowed,
].map((i) => NAKSHATRAS[i - 1]!.en);

describe('GET /api/muhurats', () => {
  it('answers computed days for a year without a list: estimated, with windows and reasons in the language', async () => {
    const { status, body } = await get('?year=2084&lang=en');
    expect(status).toBe(200);
    const list = muhuratListSchema.parse(body.data);
    expect(list.published).toBe(false);
    expect(list.note).toMatch(/computed/);
    // How each computed category's rules agree with the published lists (data/muhurats/rules.json, measured by
    // src/almanac/muhurat-published.test.ts): the counts, their shares, and a sentence of the note.
    for (const category of ['bibaha', 'bratabandha', 'pasni']) {
      const a = list.agreement![category]!;
      const { years, printed, computed, agreeing } = MUHURAT_RULES.get(category)!.measured;
      expect({ years, printed, computed, agreeing }).toEqual({
        years: a.years,
        printed: a.printed,
        computed: a.computed,
        agreeing: a.agreeing,
      });
      expect(a.precision).toBeCloseTo(agreeing / computed, 3);
      expect(a.recall).toBeCloseTo(agreeing / printed, 3);
      expect(list.note).toContain(
        `${category}: of the days these rules give in BS ${category === 'pasni' ? '2083' : '2075–2081, 2083'}, ` +
          `the published lists print ${Math.round(100 * a.precision)} %`,
      );
    }
    for (const category of ['bibaha', 'bratabandha', 'pasni']) {
      const days = list.muhurats.filter((m) => m.category === category);
      expect(days.length, category).toBeGreaterThan(0);
      expect(days.every((d) => d.estimated && d.windows.length > 0 && d.because!.length > 0)).toBe(true);
    }
    expect(list.muhurats[0]!.because!.join(' ')).toMatch(/Sun in|Monday|Wednesday|Thursday|Friday/);
    const ne = muhuratListSchema.parse((await get('?year=2084&category=bibaha')).body.data);
    expect(ne.muhurats[0]!.because![0]).toMatch(/^सूर्य .+ राशिमा$/);
    expect(ne.muhurats[0]!.categoryName).toBe('विवाह');
    // In Nepali, what the list says of itself is Nepali too: no Latin word but the rules' file.
    const latin = (text: string) => text.replace('data/muhurats/rules.json', '').match(/[A-Za-z]+/g);
    const mundan = muhuratListSchema.parse((await get('?year=2084&category=bibaha,mundan')).body.data);
    const { printed, computed, agreeing } = MUHURAT_RULES.get('bibaha')!.measured;
    const percent = (n: number, of: number) => toDevanagariDigits(Math.round((100 * n) / of));
    expect(mundan.note).toBe(
      'वि.सं. २०८४ मा मुण्डन को प्रकाशित सूची छैन, र यसका नियम प्रकाशित सूचीसँग प्रमाणित नभएकाले सेवाले यसका दिन ' +
        'गणना गर्दैन। विवाह: गणना गरिएको (अनुमानित), वि.सं. २०८४ को प्रकाशित सूची छैन। विवाह: वि.सं. २०७५–२०८१, ' +
        `२०८३ मा यी नियमले दिएका दिनमध्ये ${percent(agreeing, computed)} % प्रकाशित सूचीमा छन्, र सूचीका ` +
        `${percent(agreeing, printed)} % दिन नियमले दिन्छन्।`,
    );
    expect(new Set(ne.muhurats.map((m) => m.source))).toEqual(
      new Set(['मुहूर्तका नियमबाट गणना गरिएको (data/muhurats/rules.json)']),
    );
    for (const text of [mundan.note!, ne.muhurats[0]!.source]) expect(latin(text), text).toBeNull();
    expect(list.muhurats[0]!.source).toBe('Computed by the muhurat rules (data/muhurats/rules.json)');
  });

  it('answers a published list as printed, with the almanac’s name and no estimate', async () => {
    const list = muhuratListSchema.parse((await get('?year=2083&category=bibaha,pasni')).body.data);
    expect(list.published).toBe(true);
    expect(list.agreement).toBeUndefined();
    expect(list.muhurats.length).toBe(
      published.get(2083)!.categories.bibaha!.length + published.get(2083)!.categories.pasni!.length,
    );
    for (const m of list.muhurats) {
      expect(m.estimated).toBe(false);
      expect(m.source).toBe('Nepali calendar 2083 (web edition by rajoyish)');
    }
  });

  it('answers one month’s days: the 2083 almanac’s Magh wedding days, and the computed ones of Magh 2084', async () => {
    const magh = muhuratListSchema.parse((await get('?year=2083&month=10&category=bibaha')).body.data);
    expect(magh).toMatchObject({ year: 2083, categories: ['bibaha'], published: true });
    expect(magh.muhurats.map((m) => m.day)).toEqual(
      published
        .get(2083)!
        .categories.bibaha!.filter((d) => d.month === 10)
        .map((d) => d.day),
    );
    expect(magh.muhurats.length).toBeGreaterThan(3);
    const whole = muhuratListSchema.parse((await get('?year=2084&lang=en')).body.data);
    for (const month of ['1', '01', '12']) {
      const one = muhuratListSchema.parse((await get(`?year=2084&month=${month}&lang=en`)).body.data);
      expect(one.muhurats).toEqual(whole.muhurats.filter((m) => m.month === Number(month)));
      expect(one.note).toBe(whole.note);
    }
    const asar = muhuratListSchema.parse((await get('?year=2084&month=4&category=bibaha')).body.data);
    expect(asar.muhurats.every((m) => m.month === 4)).toBe(true);
  });

  it('lists a category asked for twice once', async () => {
    const twice = muhuratListSchema.parse((await get('?year=2083&category=bibaha,pasni,bibaha')).body.data);
    expect(twice.categories).toEqual(['bibaha', 'pasni']);
    const once = muhuratListSchema.parse((await get('?year=2083&category=bibaha,pasni')).body.data);
    expect(twice.muhurats).toEqual(once.muhurats);
  });

  it('answers the other categories only when asked: Rudri, homa and shop opening computed, the rest as published', async () => {
    const main = muhuratListSchema.parse((await get('?year=2084&lang=en')).body.data);
    expect(new Set(main.muhurats.map((m) => m.category))).toEqual(
      new Set(['bibaha', 'bratabandha', 'pasni']),
    );
    const vaas = muhuratListSchema.parse((await get('?year=2084&category=rudri,homa&lang=en')).body.data);
    for (const [category, where] of [
      ['rudri', /^Shiva /],
      ['homa', /^Agni on earth$/],
    ] as const) {
      const days = vaas.muhurats.filter((m) => m.category === category);
      expect(days.length, category).toBeGreaterThan(100);
      expect(days.every((d) => d.estimated && d.because!.some((b) => where.test(b)))).toBe(true);
    }
    const shop = muhuratListSchema.parse((await get('?year=2083&category=shop_opening')).body.data);
    expect(shop.muhurats.length).toBe(published.get(2083)!.categories.shop_opening!.length);
    expect(shop.muhurats.every((m) => !m.estimated)).toBe(true);
    // Shop opening is computed for a year without a list: a forenoon window, a nakshatra the rules allow, no Tuesday.
    const computedShop = muhuratListSchema.parse(
      (await get('?year=2084&category=shop_opening&lang=en')).body.data,
    ).muhurats;
    expect(computedShop.length).toBeGreaterThan(20);
    for (const day of computedShop) {
      expect(day.estimated).toBe(true);
      expect(day.windows.length).toBeGreaterThan(0);
      // Sunrise to midday at Kathmandu: midday falls between 11:50 and 12:25 in the year.
      for (const w of day.windows) expect(w.start < w.end && w.end <= '12:25', day.englishDate).toBe(true);
      expect(new Date(`${day.englishDate}T00:00:00Z`).getUTCDay(), day.englishDate).not.toBe(2);
      expect(day.because!.some((b) => SHOP_NAKSHATRAS.includes(b))).toBe(true);
    }
    const none = muhuratListSchema.parse((await get('?year=2084&category=mundan&lang=en')).body.data);
    expect(none.muhurats).toEqual([]);
    expect(none.note).toMatch(
      /No mundan days for BS 2084: no published list, and the service does not compute/,
    );
  });

  it.each([
    ['?year=2084&category=wedding', 400, 'category', /bibaha, bratabandha, pasni/],
    ['?year=20x4', 400, 'year', /four-digit/],
    ['?year=2201', 404, 'year', /1900–2200/],
    ['?year=1899', 404, 'year', /1900–2200/],
    ['?year=1950', 404, 'year', /built range/],
    ['?year=2084&lang=xx', 400, 'lang', /lang/],
    ['?year=2084&month=13', 400, 'month', /1–12/],
    ['?year=2084&month=0', 400, 'month', /1–12/],
    ['?year=2084&month=Magh', 400, 'month', /1–12/],
    ['/upcoming?days=0', 400, 'days', /1–366/],
    ['/upcoming?days=367', 400, 'days', /1–366/],
    ['/upcoming?category=wedding', 400, 'category', /bibaha, bratabandha, pasni/],
    ['/upcoming?from=2027-02-30', 400, 'from', /./],
    ['/upcoming?from=27-03-01', 400, 'from', /YYYY-MM-DD/],
    ['/upcoming?from=2150-01-01', 404, 'from', /1900–2200|range/],
    ['/upcoming?lang=xx', 400, 'lang', /lang/],
  ])('answers %s with %i naming %s', async (query, status, field, detail) => {
    const res = await get(query);
    expect(res.status).toBe(status);
    expect(res.type).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ success: false, status, field });
    expect(res.body.detail).toMatch(detail);
  });
});

describe('GET /api/muhurats/upcoming', () => {
  const yearList = async (query: string): Promise<MuhuratList> =>
    muhuratListSchema.parse((await get(query)).body.data);

  it('runs from today in Nepal across the BS new year: the two years’ lists cut to the span, in date order', async () => {
    const answer = await get('/upcoming?days=60&lang=en');
    expect(answer.status).toBe(200);
    // Today's answer changes at Nepal midnight (18:15 UTC): 12 h 15 min after 06:00 UTC.
    expect(answer.cacheControl).toMatch(/max-age=44100\b/);
    const upcoming = upcomingMuhuratsSchema.parse(answer.body.data);
    expect(upcoming).toMatchObject({
      from: '2027-03-01',
      to: '2027-04-29',
      days: 60,
      categories: ['bibaha', 'bratabandha', 'pasni'],
      published: false,
    });
    expect(upcoming.note).toMatch(/computed \(estimated\), no published list for BS 2084/);
    const [y2083, y2084] = [await yearList('?year=2083&lang=en'), await yearList('?year=2084&lang=en')];
    const inSpan = [...y2083.muhurats, ...y2084.muhurats].filter(
      (m) => m.englishDate >= '2027-03-01' && m.englishDate <= '2027-04-29',
    );
    expect(inSpan.some((m) => m.year === 2083) && inSpan.some((m) => m.year === 2084)).toBe(true);
    expect(upcoming.muhurats.map(({ inDays: _, ...m }) => m)).toEqual(inSpan);
    for (const m of upcoming.muhurats)
      expect(m.inDays).toBe((Date.parse(m.englishDate) - Date.parse('2027-03-01')) / 86_400_000);
  });

  it('from a given day is the answer of that day, cached as any computed answer', async () => {
    const today = await get('/upcoming?days=20&category=pasni');
    const given = await get('/upcoming?days=20&category=pasni&from=2027-03-01');
    expect(given.body).toEqual(today.body);
    expect(given.cacheControl).not.toBe(today.cacheControl);
    const later = upcomingMuhuratsSchema.parse(
      (await get('/upcoming?category=bibaha&from=2027-04-14')).body.data,
    );
    expect(later).toMatchObject({ from: '2027-04-14', to: '2027-05-13', days: 30, categories: ['bibaha'] });
    expect(later.muhurats.every((m) => m.year === 2084 && m.estimated)).toBe(true);
  });
});
