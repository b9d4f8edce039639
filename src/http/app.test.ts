/**
 * The router called in-process with a stand-in for the Pages runtime (env.ASSETS serving the built dist/): the
 * same decisions as through wrangler, fast enough to cover every branch.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIST, DIST_ASSETS } from '../../test/support/dist-assets.ts';
import { json } from '../../test/integration/server.ts';
import { createApp } from './app.ts';
import { apiExamples, SAMPLE_REQUESTS } from './examples.ts';
import type { Env } from './env.ts';
import { ROUTES } from './routes.ts';

const TOKEN = 'in-process-token';

const ASSETS = DIST_ASSETS;

const env: Env = { DEFAULT_MOBILE_TOKEN: TOKEN, ASSETS, DEV_MODE: 'true', FIXED_NOW: '2026-11-23T06:00:00Z' };
const app = createApp();

async function call(path: string, init: RequestInit = {}, withEnv: Env = env): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('Authorization') && headers.get('x-no-token') === null)
    headers.set('Authorization', `Bearer ${TOKEN}`);
  headers.delete('x-no-token');
  return app.request(`https://panchanga.test${path}`, { ...init, headers }, withEnv);
}

describe.skipIf(!existsSync(join(DIST, 'api/panchanga/2083/01')))('the router in-process', () => {
  it('serves a month file with its type, ETag and long cache; 304 on a match', async () => {
    const res = await call('/api/panchanga/2083/1');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(res.headers.get('Cache-Control')).toMatch(/max-age=86400/);
    const body = JSON.parse(await res.text());
    expect(body.data[0].englishDate).toBe('2026-04-14');
    expect(body.meta).toMatchObject({ year: 2083, month: 1, curated: true });
    const again = await call('/api/panchanga/2083/01', {
      headers: { 'If-None-Match': res.headers.get('ETag')! },
    });
    expect(again.status).toBe(304);
  });

  it('refuses a missing token with 401 and WWW-Authenticate, but not the OpenAPI document', async () => {
    const res = await call('/api/panchanga/2083/01', { headers: { 'x-no-token': '1' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('WWW-Authenticate')).toMatch(/^Bearer/);
    expect((await call('/api/openapi.json', { headers: { 'x-no-token': '1' } })).status).toBe(200);
  });

  it('takes ?token= on the feed only', async () => {
    const feed = await call(`/api/v1/calendar.ics?token=${TOKEN}`, { headers: { 'x-no-token': '1' } });
    expect(feed.status).toBe(200);
    expect(feed.headers.get('Content-Type')).toBe('text/calendar; charset=utf-8');
    const month = await call(`/api/panchanga/2083/01?token=${TOKEN}`, { headers: { 'x-no-token': '1' } });
    expect(month.status).toBe(401);
  });

  it('serves a feed file fetched by its own path like the feed: token in the query, calendar type, feed cache', async () => {
    const viaQuery = await call('/api/v1/calendar.ics?lang=en&holidays=only');
    const direct = await call(`/api/v1/feeds/calendar.holidays.en.ics?token=${TOKEN}`, {
      headers: { 'x-no-token': '1' },
    });
    expect(direct.status).toBe(200);
    expect(direct.headers.get('Content-Type')).toBe('text/calendar; charset=utf-8');
    expect(direct.headers.get('Cache-Control')).toBe(viaQuery.headers.get('Cache-Control'));
    expect(await direct.text()).toBe(await viaQuery.text());
    expect(
      (await call('/api/v1/feeds/calendar.holidays.en.ics', { headers: { 'x-no-token': '1' } })).status,
    ).toBe(401);
  });

  it.each([
    ['/api/panchanga/20x3/01', 400, 'year'],
    ['/api/panchanga/2083/13', 400, 'month'],
    ['/api/panchanga/2083/01?lang=fr', 400, 'lang'],
    ['/api/v1/calendar.ics?include=all', 400, 'include'],
    ['/api/%00/x', 400, 'path'],
    ['/api/panchanga/1899/01', 404, 'year'],
    ['/api/panchanga/2201/12', 404, 'year'],
    ['/api/nothing', 404, undefined],
  ])('%s answers a %i problem naming %s', async (path, status, field) => {
    const res = await call(path);
    expect(res.status).toBe(status);
    expect(res.headers.get('Content-Type')).toMatch(/^application\/problem\+json/);
    expect((await json(res)).field).toBe(field);
  });

  it('answers a value not among a field’s values as the OpenAPI document’s example of a bad request says', async () => {
    const { badRequest } = apiExamples();
    for (const path of [
      '/api/panchanga/2083/01?lang=fr',
      '/api/festivals?year=2083&lang=fr',
      '/api/panchanga?lang=fr',
    ])
      expect(await json(await call(path)), path).toEqual(badRequest);
    expect((await json(await call('/api/v1/calendar.ics?include=all'))).detail).toBe(
      'include: must be "none" or "muhurat", got "all"',
    );
    expect((await json(await call('/api/date-converter?date=2083-01-01&from=xx'))).detail).toBe(
      'from: must be "ad" or "bs", got "xx"',
    );
  });

  it('answers every query parameter of every read, given a wrong value, in its own words, never zod’s', async () => {
    const wrong = ['x', '-1', '99999999', '', 'a,b', '1.5', '%E0%A4', 'ne%00'];
    const zodWords = /Invalid|expected|Too (big|small)|received/;
    const found: string[] = [];
    for (const [id, sample] of Object.entries(SAMPLE_REQUESTS)) {
      const query = ROUTES[id as keyof typeof ROUTES].request.query as { shape: object } | undefined;
      const keys = Object.keys(query?.shape ?? {});
      for (const key of keys)
        for (const value of wrong) {
          const url = new URL(sample, 'https://x.test');
          url.searchParams.delete(key);
          const path = `${url.pathname}?${url.searchParams}${url.search ? '&' : ''}${key}=${value}`;
          const res = await call(path);
          if (res.status >= 500) found.push(`${path}: ${res.status}`);
          if (res.status < 400 || !res.headers.get('Content-Type')?.includes('problem')) continue;
          const { detail } = (await json(res)) as { detail: string };
          if (zodWords.test(detail)) found.push(`${path}: ${detail}`);
        }
    }
    expect(found).toEqual([]);
    expect((await json(await call('/api/date-converter?date='))).detail).toBe(
      'date: must be a date, YYYY-MM-DD (e.g. 2083-01-01 or २०८३-०१-०१)',
    );
  });

  it('answers preflights: any origin for reads, only its own for admin paths', async () => {
    const read = await call('/api/festivals', {
      method: 'OPTIONS',
      headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(read.status).toBe(204);
    expect(read.headers.get('Access-Control-Allow-Origin')).toBe('*');
    const admin = await call('/api/panchanga', {
      method: 'OPTIONS',
      headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(admin.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });
});

describe('the date converter in-process', () => {
  const get = (query: string) => call(`/api/date-converter?${query}`);

  it.each([
    // "Today" is 23 November 2026 (FIXED_NOW): BS 2083-08-07 is today, AD 2083-08-07 is 57 years away.
    ['2083-08-07', env, 'bs', '2026-11-23'],
    // AD 2026-11-23 is today; BS 2026-11-23 would be AD 1970.
    ['2026-11-23', env, 'ad', '2026-11-23'],
    // With "today" in AD 2083, the same text is read as AD.
    ['2083-08-07', { ...env, FIXED_NOW: '2083-06-01T00:00:00Z' }, 'ad', '2083-08-07'],
  ] as const)(
    'reads the bare date %s, valid in both calendars, as the one nearer today',
    async (date, withEnv, from, ad) => {
      const body = await json(await call(`/api/date-converter?date=${date}&lang=en`, {}, withEnv));
      expect(body.data).toMatchObject({ from, assumed: true, ad: { date: ad } });
      expect(body.data.assumption).toMatch(/valid in both calendars; read as (AD|BS) because/);
      expect(body.data.alternative.from).toBe(from === 'bs' ? 'ad' : 'bs');
    },
  );

  it('converts 1 Baisakh 2083 to 14 April 2026', async () => {
    const body = await json(await get('date=2083-01-01&from=bs'));
    expect(body.data.ad.date).toBe('2026-04-14');
  });

  it.each([
    ['', 'date'],
    ['date=2082-13-01&from=bs', 'date'],
    ['date=2082-01-33&from=bs', 'date'],
    ['date=2025-02-30&from=ad', 'date'],
    ['date=x&from=bs', 'date'],
    ['date=2082-01-01&from=xx', 'from'],
    [`date=${'9'.repeat(500)}`, 'date'],
  ])('%s answers a 4xx problem naming %s', async (query, field) => {
    const res = await get(query);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.headers.get('Content-Type')).toMatch(/^application\/problem\+json/);
    const body = await json(res);
    expect(body.success).toBe(false);
    expect(body.field).toBe(field);
  });

  it('names a missing field as required', async () => {
    const body = await json(await get(''));
    expect(body.detail).toBe('date: required');
  });

  it.each([
    ['/api/date-converter?date=2083-01-01&date=2083-01-02', 'date'],
    ['/api/panchanga/2083/01?lang=en&lang=ne', 'lang'],
    ['/api/panchanga?place=pokhara&place=london', 'place'],
    ['/api/muhurats?year=2083&category=bibaha&category=pasni', 'category'],
  ])('%s: a parameter given twice is a 400 saying so, naming %s', async (path, field) => {
    const res = await call(path);
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.field).toBe(field);
    expect(body.detail).toBe(
      `${field}: given more than once: give it once (where it takes a list, as comma-separated values)`,
    );
  });
});

describe('a span of days in-process', () => {
  it.each(['ne', 'en'])(
    'at Kathmandu (%s) is the month files’ days from the first to the last, across the BS year, as one JSON',
    async (lang) => {
      const res = await call(`/api/panchanga/range?from=2026-03-01&to=2027-02-28&lang=${lang}`);
      expect(res.status).toBe(200);
      const text = await res.text();
      const months = await Promise.all(
        [[2082, 11], [2082, 12], ...Array.from({ length: 11 }, (_, i) => [2083, i + 1])].map(
          async ([year, month]) =>
            (await json(await call(`/api/panchanga/${year}/${String(month).padStart(2, '0')}?lang=${lang}`)))
              .data,
        ),
      );
      const days = months
        .flat()
        .filter((d) => d.englishDate >= '2026-03-01' && d.englishDate <= '2027-02-28');
      expect(days).toHaveLength(365);
      // The month files' own bytes, one day a line: the same JSON but for the line breaks between the days.
      expect(text.split('\n')).toHaveLength(365);
      expect(text.replaceAll('\n', '')).toBe(
        JSON.stringify({ success: true, data: { from: '2026-03-01', to: '2027-02-28', days } }),
      );
    },
  );
});

/** A concrete path of a declared route. */
function samplePath(template: string): string {
  const values: Record<string, string> = {
    year: '2083',
    month: '01',
    day: '01',
    date: '2026-04-14',
    file: 'calendar.en.ics',
    id: 'vijaya_dashami',
  };
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => values[name]!);
  if (path === '/api/date-converter') return `${path}?date=2083-01-01`;
  if (path === '/api/panchanga/range') return `${path}?from=2026-04-14&to=2026-04-16`;
  return path;
}

describe.skipIf(!existsSync(join(DIST, 'api/panchanga/2083/01')))('every route', () => {
  const routes = Object.values(ROUTES);
  const reads = routes.filter((r) => r.method === 'get' && !r.path.startsWith('/api/admin'));

  it.each(reads.map((r) => [samplePath(r.path)]))(
    'HEAD %s answers as GET does, without a body',
    async (path) => {
      const get = await call(path);
      const head = await call(path, { method: 'HEAD' });
      expect(get.status).toBe(200);
      expect(head.status).toBe(200);
      expect(await head.text()).toBe('');
      expect(head.headers.get('Content-Type')).toBe(get.headers.get('Content-Type'));
      expect(head.headers.get('ETag')).toBe(get.headers.get('ETag'));
    },
  );

  it.each(routes.map((r) => [samplePath(r.path), r.method]))(
    'a method %s does not answer is a 405 problem with Allow (declared: %s)',
    async (path, method) => {
      const other = method === 'get' ? 'DELETE' : 'PUT';
      const res = await call(path, { method: other, headers: { Origin: 'https://panchanga.test' } });
      expect(res.status).toBe(405);
      expect(res.headers.get('Content-Type')).toMatch(/^application\/problem\+json/);
      const allow = res.headers.get('Allow')!.split(', ');
      expect(allow).toContain(method.toUpperCase());
      if (method === 'get') expect(allow).toContain('HEAD');
      expect((await json(res)).type).toBe('/problems/method-not-allowed');
    },
  );

  it.each(['/api/nothing', '/api/panchanga/2083/01/02/03', '/api/v2/calendar.ics', '/api/', '/api/admin'])(
    'the unknown path %s is a 404 problem, never a page',
    async (path) => {
      const res = await call(path);
      expect(res.status).toBe(404);
      expect(res.headers.get('Content-Type')).toMatch(/^application\/problem\+json/);
      expect((await json(res)).type).toBe('/problems/not-found');
    },
  );

  it.each([
    ['/api/panchanga/2083', /\/api\/panchanga\/2083\/01 to \/api\/panchanga\/2083\/12/],
    ['/api/panchanga/today', /today’s record is \/api\/panchanga\./],
    ['/api/today/', /today’s record is \/api\/panchanga\./],
    ['/api/muhurats/2084', /\/api\/muhurats\?year=2084\./],
    ['/api/holidays', /\/api\/festivals\?holidays=only/],
    ['/api/converter', /\/api\/date-converter\?date=/],
    ['/api/nothing', /^No API endpoint at \/api\/nothing\. \/api\/openapi\.json describes every endpoint\.$/],
  ])('the 404 of %s says where to look', async (path, detail) => {
    const res = await call(path);
    expect(res.status).toBe(404);
    expect((await json(res)).detail).toMatch(detail);
  });
});
