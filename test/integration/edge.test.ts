/**
 * The edge layer through wrangler pages dev: "today" under fixed clocks on both sides of Nepal midnight and of
 * the BS new year (checked against the published almanac), the token matrix on every read endpoint and every
 * spelling of every protected file (0 bytes without a token), CORS preflight, ETag and 304, cache policies
 * (private for token-protected answers), security headers and the pages' CSP, PUBLIC_READS set at build time
 * opening files and functions alike, bodies limited while read, a seeded fuzz run that must find no 5xx
 * and no non-JSON answer on an API path, and the rate limit per client address.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullDayRecordSchema } from '../../src/contract/day-record.ts';
import { API_RATE_LIMIT } from '../../src/http/rate-limit.ts';
import { hashPassword } from '../../src/http/session.ts';
import { readSharedJsonl, type AlmanacDay } from '../support/shared-data.ts';
import { json, startServer, TEST_TOKEN, type TestServer } from './server.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const SECOND_TOKEN = 'second-integration-token';

/** Every read endpoint of the API, with a request that answers 200. */
const READ_ENDPOINTS = [
  '/api/panchanga',
  '/api/panchanga?lang=en',
  '/api/panchanga/2083/01',
  '/api/panchanga/2150/06?lang=en',
  '/api/panchanga/by-english-date/2026-04-14',
  '/api/panchanga/2083/01/01',
  '/api/panchanga/available-months',
  '/api/date-converter?date=2083-01-01&from=bs',
  '/api/festivals?year=2083',
  '/api/festivals/ids',
  '/api/festivals/vijaya_dashami?from=2083',
  // The id as /api/festivals/ids gives it: answered as spelled, not redirected.
  '/api/festivals/VIJAYA_DASHAMI?from=2084&lang=en',
  '/api/muhurats?year=2082',
  '/api/v1/calendar.ics?lang=en',
];
const FEED = '/api/v1/calendar.ics';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({
    API_TOKENS: ` other-token , ${SECOND_TOKEN}`,
    ADMIN_USERS: `admin:${await hashPassword('edge-test-password', 1000)}`,
    SESSION_SECRET: 'edge-test-session-secret',
  });
});
afterAll(() => server?.stop());

describe('today in Nepal under fixed clocks', () => {
  const almanac = new Map(
    [2082, 2083]
      .flatMap((y) => readSharedJsonl<AlmanacDay>(`almanac/${y}.jsonl`))
      .map((d) => [d.ad, d] as const),
  );
  const cases = [
    { now: '2026-11-22T18:14:59Z', ad: '2026-11-22', maxAge: 1 },
    { now: '2026-11-22T18:15:00Z', ad: '2026-11-23', maxAge: 86400 },
    { now: '2026-04-13T18:14:00Z', ad: '2026-04-13', maxAge: 60 },
    { now: '2026-04-13T18:15:00Z', ad: '2026-04-14', maxAge: 86400 },
  ];
  const servers: TestServer[] = [];
  beforeAll(async () => {
    servers.push(
      ...(await Promise.all(cases.map(({ now }) => startServer({ DEV_MODE: 'true', FIXED_NOW: now })))),
    );
  });
  afterAll(() => Promise.all(servers.map((s) => s.stop())));

  it.each(cases.map((c, i) => ({ ...c, i })))(
    'at $now it is $ad in Nepal, cacheable for $maxAge s',
    async ({ i, ad, maxAge }) => {
      const res = await servers[i]!.fetch('/api/panchanga');
      expect(res.status).toBe(200);
      const day = fullDayRecordSchema.parse((await json(res)).data);
      const published = almanac.get(ad)!;
      expect(day.englishDate).toBe(ad);
      expect([day.year, day.month, day.gate]).toEqual([published.bsY, published.bsM, published.bsD]);
      expect(day.tithiIndex).toBe(published.tithi);
      expect(res.headers.get('Cache-Control')).toBe(`private, max-age=${maxAge}`);
    },
  );

  it('the BS year turns over with the Nepal day: the last day of 2082, then 1 Baisakh 2083', async () => {
    const [before, after] = await Promise.all(
      [2, 3].map(async (i) => (await json(await servers[i]!.fetch('/api/panchanga?lang=en'))).data),
    );
    expect([before.year, before.month]).toEqual([2082, 12]);
    expect([after.year, after.month, after.gate]).toEqual([2083, 1, 1]);
    expect(before.gate).toBe(
      Math.max(...[...almanac.values()].filter((d) => d.bsY === 2082 && d.bsM === 12).map((d) => d.bsD)),
    );
  });
});

describe('tokens', () => {
  it.each(READ_ENDPOINTS)('%s: no token or a wrong one is 401 with WWW-Authenticate', async (path) => {
    for (const headers of [{}, { Authorization: 'Bearer wrong' }, { 'x-api-key': 'wrong' }] as Record<
      string,
      string
    >[]) {
      const res = await server.fetch(path, { token: null, headers });
      expect(res.status).toBe(401);
      expect(res.headers.get('WWW-Authenticate')).toMatch(/^Bearer/);
      expect(res.headers.get('Content-Type')).toMatch(/^application\/problem\+json/);
      expect((await json(res)).status).toBe(401);
    }
  });

  it.each(READ_ENDPOINTS)(
    '%s: Bearer, x-api-key and a second configured token are accepted',
    async (path) => {
      for (const headers of [
        { Authorization: `Bearer ${TEST_TOKEN}` },
        { 'x-api-key': TEST_TOKEN },
        { Authorization: `Bearer ${SECOND_TOKEN}` },
      ] as Record<string, string>[]) {
        const res = await server.fetch(path, { token: null, headers });
        expect(res.status, JSON.stringify(headers)).toBe(200);
        await res.arrayBuffer();
      }
    },
  );

  it.each(READ_ENDPOINTS.filter((p) => !p.startsWith(FEED)))(
    '%s: ?token= is refused outside the feed',
    async (path) => {
      const sep = path.includes('?') ? '&' : '?';
      const res = await server.fetch(`${path}${sep}token=${TEST_TOKEN}`, { token: null });
      expect(res.status).toBe(401);
      await res.arrayBuffer();
    },
  );

  it('?token= is accepted on the feed', async () => {
    const res = await server.fetch(`${FEED}?token=${SECOND_TOKEN}`, { token: null });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  });

  /** Every kind of protected file, by its canonical path. */
  const PROTECTED = [
    '/api/panchanga/2083/01',
    '/api/panchanga/2083/01.en',
    '/api/panchanga/available-months',
    '/api/panchanga/available-months.en',
    '/api/festivals/2083',
    '/api/muhurats/2082',
    '/api/v1/calendar.ics',
    '/api/v1/feeds/calendar.ics',
    '/api/v1/feeds/calendar.holidays.en.ics',
  ];
  /** The spellings of the attack, and more: each turns a canonical path into another way to write it. */
  const SPELLINGS: [string, (path: string) => string][] = [
    ['double slash', (p) => `/${p}`],
    ['many slashes', (p) => p.replace(/\//g, '///')],
    ['%61pi', (p) => p.replace('/api/', '/%61pi/')],
    ['%2561pi', (p) => p.replace('/api/', '/%2561pi/')],
    ['api%2F', (p) => p.replace('/api/', '/api%2F')],
    ['%2Fapi', (p) => `/%2F${p.slice(1)}`],
    ['/./', (p) => p.replace('/api/', '/api/./')],
    ['/x/../', (p) => `/x/..${p}`],
    ['%2e%2e', (p) => `/x/%2e%2e${p}`],
    ['upper case', (p) => p.toUpperCase()],
    ['mixed case', (p) => p.replace('/api/', '/Api/')],
    ['trailing dot', (p) => `${p}.`],
    ['dotted segment', (p) => p.replace('/api/', '/api./')],
    ['backslash', (p) => p.replace(/\//g, '\\')],
    ['trailing slash', (p) => `${p}/`],
  ];

  it('no spelling of any protected file serves a byte of it without a token', async () => {
    const leaks: string[] = [];
    let served = 0;
    for (const path of PROTECTED) {
      const file = await (await server.fetch(path)).text();
      expect(file.length, path).toBeGreaterThan(100);
      for (const [name, spell] of SPELLINGS) {
        // Sent as written: no client-side normalization of dots or slashes.
        const res = await fetch(`${server.baseUrl}${spell(path)}`, { redirect: 'manual' });
        const text = await res.text();
        if (![400, 401].includes(res.status)) leaks.push(`${name} ${spell(path)} → ${res.status}`);
        if (text.includes(file.slice(40, 140))) {
          leaks.push(`${name} ${spell(path)} → ${res.status} with the file`);
          served += text.length;
        }
      }
    }
    expect({ leaks, served }).toEqual({ leaks: [], served: 0 });
  });

  it('with a token, another spelling is a 308 to the canonical path, which serves the file', async () => {
    const res = await fetch(`${server.baseUrl}//API/panchanga/2083/01.?lang=en`, {
      redirect: 'manual',
      headers: { Authorization: `Bearer ${TEST_TOKEN}` },
    });
    expect(res.status).toBe(308);
    expect(new URL(res.headers.get('Location')!, server.baseUrl).pathname).toBe('/api/panchanga/2083/01');
    expect(res.headers.get('Location')).toMatch(/\?lang=en$/);
  });

  it('token-protected answers are private and vary with the token headers', async () => {
    for (const path of ['/api/panchanga/2083/01', '/api/panchanga', '/api/festivals?year=2083', FEED]) {
      const res = await server.fetch(path);
      await res.arrayBuffer();
      expect(res.headers.get('Cache-Control'), path).toMatch(/^private\b/);
      expect(res.headers.get('Cache-Control'), path).not.toMatch(/public|s-maxage/);
      expect(res.headers.get('Vary'), path).toMatch(/Authorization, x-api-key/);
    }
  });

  it('API tokens never allow a mutation', async () => {
    const res = await server.fetch('/api/panchanga/delete', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ year: 2083, month: 1 }),
    });
    expect(res.status).toBe(403);
  });
});

describe('CORS', () => {
  it.each(READ_ENDPOINTS)('%s: preflight from any origin allows the token and JSON headers', async (path) => {
    const res = await server.fetch(path, {
      method: 'OPTIONS',
      token: null,
      headers: {
        Origin: 'https://app.example.org',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization, x-api-key, content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*');
    const allowed = res.headers.get('Access-Control-Allow-Headers')!.toLowerCase().split(/,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'x-api-key', 'content-type']));
    expect(res.headers.get('Access-Control-Allow-Methods')).toContain('GET');
  });

  it('answers carry CORS headers that expose the ETag', async () => {
    const res = await server.fetch('/api/panchanga/2083/01', {
      headers: { Origin: 'https://app.example.org' },
    });
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(res.headers.get('Access-Control-Expose-Headers')).toContain('ETag');
  });

  it('admin paths allow only the site’s own origin', async () => {
    const ask = (origin: string) =>
      server.fetch('/api/admin/login', {
        method: 'OPTIONS',
        token: null,
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
      });
    const foreign = await ask('https://evil.example.org');
    expect(foreign.headers.get('Access-Control-Allow-Origin')).toBeNull();
    const own = await ask(server.baseUrl);
    expect(own.headers.get('Access-Control-Allow-Origin')).toBe(server.baseUrl);
    expect(own.headers.get('Access-Control-Allow-Credentials')).toBe('true');
    const mutation = await server.fetch('/api/panchanga/import', {
      method: 'OPTIONS',
      token: null,
      headers: { Origin: 'https://evil.example.org', 'Access-Control-Request-Method': 'POST' },
    });
    expect(mutation.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });
});

describe('caching and headers', () => {
  it.each(READ_ENDPOINTS)('%s: ETag, then 304 for a matching If-None-Match', async (path) => {
    const first = await server.fetch(path);
    const body = await first.text();
    const etag = first.headers.get('ETag');
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(body.length).toBeGreaterThan(0);
    const again = await server.fetch(path, { headers: { 'If-None-Match': `"x", ${etag}` } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('ETag')).toBe(etag);
    const changed = await server.fetch(path, { headers: { 'If-None-Match': '"0000"' } });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toBe(body);
  });

  it('Cache-Control fits each resource', async () => {
    const policy = async (path: string, init: RequestInit = {}) => {
      const res = await server.fetch(path, init);
      await res.arrayBuffer();
      return res.headers.get('Cache-Control');
    };
    expect(await policy('/api/panchanga/2083/01')).toMatch(/max-age=86400\b/);
    expect(await policy('/api/panchanga/2150/01')).toMatch(/max-age=3600\b/);
    expect(await policy('/api/panchanga')).toMatch(/^private, max-age=\d+$/);
    const todayAge = Number((await policy('/api/panchanga'))!.match(/max-age=(\d+)/)![1]);
    expect(todayAge).toBeGreaterThan(0);
    expect(todayAge).toBeLessThanOrEqual(86400);
    expect(await policy('/api/admin/session')).toBe('no-store');
    expect(await policy('/api/panchanga/9999/01')).not.toMatch(/max-age=[1-9]/);
  });

  it('security headers on the API, the site and problems', async () => {
    for (const path of ['/api/panchanga/2083/01', '/', '/api/nothing-here', '/admin']) {
      const res = await server.fetch(path);
      await res.arrayBuffer();
      expect(res.headers.get('X-Content-Type-Options'), path).toBe('nosniff');
      expect(res.headers.get('X-Frame-Options'), path).toBe('DENY');
      expect(res.headers.get('Strict-Transport-Security'), path).toMatch(/max-age=\d+/);
      expect(res.headers.get('Referrer-Policy'), path).toBeTruthy();
      expect(res.headers.get('Content-Security-Policy'), path).toMatch(/frame-ancestors 'none'/);
    }
    for (const path of ['/', '/admin', '/index.html']) {
      const res = await server.fetch(path, { token: null });
      await res.arrayBuffer();
      expect(res.headers.get('Content-Type'), path).toMatch(/^text\/html/);
      expect(res.headers.get('Content-Security-Policy'), path).toMatch(
        /default-src 'self'.*script-src 'self'/,
      );
    }
  });

  it('bodies are limited while read: oversize 413 at once, a short body 400', async () => {
    const big = await server.fetch('/api/admin/login', {
      method: 'POST',
      token: null,
      headers: { 'Content-Type': 'application/json', Origin: server.baseUrl },
      body: JSON.stringify({ user: 'admin', password: 'x'.repeat(300 * 1024) }),
    });
    expect(big.status).toBe(413);
    await big.arrayBuffer();
    // A declared length larger than what arrives: raw HTTP, since fetch always sends the true length.
    const { request } = await import('node:http');
    const url = new URL(server.baseUrl);
    const status = await new Promise<number>((resolveStatus, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          method: 'POST',
          path: '/api/admin/login',
          headers: { 'Content-Type': 'application/json', Origin: server.baseUrl, 'Content-Length': '5000' },
        },
        (res) => {
          res.resume();
          resolveStatus(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.write('{"user":"admin","password":"x"}');
      // Stop sending: the rest of the declared length never comes.
      setTimeout(() => req.destroy(), 2000);
    }).catch(() => 400);
    expect([400, 413]).toContain(status);
  });
});

describe('PUBLIC_READS=true at build time, unset at run time', () => {
  let open: TestServer;
  let dist: string;
  beforeAll(async () => {
    // The deployment's dist/ as the build's routing step writes it with PUBLIC_READS=true (API files linked).
    const work = mkdtempSync(join(tmpdir(), 'public-reads-'));
    dist = join(work, 'dist');
    execFileSync('mkdir', ['-p', join(dist, 'api')]);
    for (const entry of readdirSync(join(ROOT, 'dist')))
      if (!entry.startsWith('_') && entry !== 'api')
        symlinkSync(join(ROOT, 'dist', entry), join(dist, entry));
    for (const entry of readdirSync(join(ROOT, 'dist/api')))
      if (entry !== 'access.json') symlinkSync(join(ROOT, 'dist/api', entry), join(dist, 'api', entry));
    execFileSync(process.execPath, [join(ROOT, 'scripts/build.ts'), '--only=routing'], {
      cwd: work,
      env: { ...process.env, PUBLIC_READS: 'true', DIST_DIR: dist },
    });
    open = await startServer({}, { dist });
  });
  afterAll(async () => {
    await open?.stop();
    rmSync(join(dist, '..'), { recursive: true, force: true });
  });

  it('the routing file sends every path through the gate', () => {
    const routes = JSON.parse(readFileSync(join(dist, '_routes.json'), 'utf8'));
    expect(routes).toEqual({ version: 1, include: ['/*'], exclude: [] });
  });

  it('month files, listings and the feed are read without a token, through the gate, as their type', async () => {
    const res = await open.fetch('/api/panchanga/2083/01', { token: null });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(res.headers.get('Cache-Control')).toMatch(/^public\b/);
    expect(res.headers.get('Access-Control-Expose-Headers')).toMatch(/ETag/);
    expect((await json(res)).data.length).toBeGreaterThan(28);
    for (const path of ['/api/panchanga/available-months', FEED]) {
      const other = await open.fetch(path, { token: null });
      expect(other.status, path).toBe(200);
      await other.arrayBuffer();
    }
  });

  it('function endpoints read without a token too, and mutations still need a session', async () => {
    const today = await open.fetch('/api/panchanga/by-english-date/2026-04-14', { token: null });
    expect(today.status).toBe(200);
    await today.arrayBuffer();
    const mutation = await open.fetch('/api/panchanga/delete', {
      method: 'POST',
      token: null,
      headers: { 'Content-Type': 'application/json' },
      body: '{"year":2083,"month":1}',
    });
    expect(mutation.status).toBe(403);
  });
});

describe('bounded fuzz of paths, queries and headers', () => {
  /** mulberry32: a small seeded generator, so a failing case can be replayed. */
  function random(seed: number): () => number {
    return () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }
  const SEED = Number(process.env.FUZZ_SEED ?? 2083);
  const RUNS = Number(process.env.FUZZ_RUNS ?? 400);
  const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const BASES = [
    '/api/panchanga',
    '/api/panchanga/',
    '/api/panchanga/by-english-date/',
    '/api/panchanga/available-months',
    '/api/date-converter',
    '/api/festivals',
    '/api/muhurats',
    '/api/admin/month',
    '/api/admin/session',
    '/api/panchanga/import',
    '/api/v1/calendar.ics',
    '/api/',
    '/api/unknown/',
  ];
  const PIECES = [
    '2083',
    '01',
    '1',
    '13',
    '0',
    '-1',
    '99999999999999999999',
    '2026-04-14',
    '2026-02-30',
    '२०८३',
    '%00',
    '%2e%2e',
    '..',
    '%',
    'abc',
    '😀',
    ' ',
    'a'.repeat(300),
    '1e3',
    '0x10',
    'null',
    '{}',
  ];
  const KEYS = [
    'lang',
    'year',
    'month',
    'date',
    'from',
    'category',
    'token',
    'dryRun',
    'holidays',
    'include',
  ];
  const HEADERS: [string, string][] = [
    ['Authorization', 'Bearer'],
    ['Authorization', 'Basic Zm9vOmJhcg=='],
    ['Authorization', `Bearer ${TEST_TOKEN} extra`],
    ['If-None-Match', '*'],
    ['If-None-Match', 'garbage"'],
    ['Accept', 'text/html'],
    ['Content-Type', 'multipart/form-data; boundary=x'],
    ['Content-Type', 'application/json'],
    ['Origin', 'null'],
    ['Cookie', 'panchanga_session=a.b.c'],
  ];

  function fuzzCase(rand: () => number) {
    let path = pick(rand, BASES);
    const depth = Math.floor(rand() * 3);
    for (let i = 0; i < depth; i++) path += (path.endsWith('/') ? '' : '/') + pick(rand, PIECES);
    const params = Array.from({ length: Math.floor(rand() * 3) }, () => [
      pick(rand, KEYS),
      pick(rand, PIECES),
    ]);
    const query = params.map(([k, v]) => `${k}=${encodeURIComponent(v!)}`).join('&');
    const headers: Record<string, string> = {};
    if (rand() < 0.8) headers.Authorization = `Bearer ${TEST_TOKEN}`;
    for (let i = Math.floor(rand() * 3); i > 0; i--) {
      const [k, v] = pick(rand, HEADERS);
      headers[k] = v;
    }
    const method = pick(rand, ['GET', 'GET', 'GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS']);
    const body =
      method === 'POST' || method === 'PUT'
        ? pick(rand, ['', '{', '[]', '{"year":"x"}', 'x'.repeat(2000)])
        : undefined;
    const encoded = path
      .split('/')
      .map((p) => (/^%|^[\w.-]*$/.test(p) ? p : encodeURIComponent(p)))
      .join('/');
    return { method, url: `${encoded}${query ? `?${query}` : ''}`, headers, body };
  }

  it(`${RUNS} seeded requests: no 5xx, and every API answer with a body is JSON (or the feed's calendar)`, async () => {
    const rand = random(SEED);
    const failures: string[] = [];
    for (let i = 0; i < RUNS; i++) {
      const c = fuzzCase(rand);
      const res = await server.fetch(c.url, {
        method: c.method,
        headers: c.headers,
        body: c.body,
        token: null,
      });
      const text = await res.text();
      const type = res.headers.get('Content-Type') ?? '';
      // `..` segments are resolved by the client: what left the API prefix is the site's business.
      const api = new URL(server.baseUrl + c.url).pathname.startsWith('/api/');
      const bodyOk =
        !api ||
        text === '' ||
        /^application\/(problem\+)?json/.test(type) ||
        (res.status === 200 && type.startsWith('text/calendar'));
      if (res.status >= 500 || !bodyOk)
        failures.push(
          `${c.method} ${c.url} ${JSON.stringify(c.headers)} → ${res.status} ${type}: ${text.slice(0, 120)}`,
        );
    }
    expect(failures).toEqual([]);
  });
});

describe('the rate limit (Cloudflare’s binding, as wrangler pages dev simulates it)', () => {
  it('answers an address past its limit a 429 problem with Retry-After; other addresses and the machine go on', async () => {
    const ask = (address?: string) =>
      server.fetch('/api/panchanga/available-months', {
        token: null,
        headers: address ? { 'CF-Connecting-IP': address } : {},
      });
    // Batches of concurrent requests until one is refused: a window that turns over in between only delays it.
    let refused: Response | undefined;
    for (let sent = 0; !refused && sent < 3 * API_RATE_LIMIT.requests; sent += 25) {
      const batch = await Promise.all(Array.from({ length: 25 }, () => ask('203.0.113.7')));
      refused = batch.find((r) => r.status === 429);
      for (const r of batch) if (r !== refused) await r.body?.cancel();
      expect(batch.every((r) => r.status === 401 || r.status === 429)).toBe(true);
    }
    expect(refused?.status).toBe(429);
    expect(refused!.headers.get('Content-Type')).toContain('application/problem+json');
    expect(refused!.headers.get('Retry-After')).toBe(String(API_RATE_LIMIT.periodSeconds));
    expect((await json(refused!)).type).toBe('/problems/too-many-requests');
    expect((await ask('203.0.113.7')).status).toBe(429);
    // Another spelling of the path is counted too: no way around the limit to guess tokens.
    const spelled = await server.fetch('//API/panchanga/available-months', {
      token: 'guess',
      redirect: 'manual',
      headers: { 'CF-Connecting-IP': '203.0.113.7' },
    });
    expect(spelled.status).toBe(429);
    expect(spelled.headers.get('Retry-After')).toBe(String(API_RATE_LIMIT.periodSeconds));
    expect((await ask('203.0.113.8')).status).toBe(401);
    expect((await ask()).status).toBe(401);
    expect((await server.fetch('/api/panchanga/available-months')).status).toBe(200);
  });
});
