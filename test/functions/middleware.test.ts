/**
 * The middleware and two functions called in-process with a stand-in for the Pages runtime (env.ASSETS serving
 * the built dist/, `next` standing for the function or file behind): the same decisions as through wrangler,
 * fast enough to cover every branch.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { onRequest } from '../../functions/_middleware.ts';
import { onRequestGet as convert } from '../../functions/api/date-converter.ts';
import { onRequestGet as adminSession } from '../../functions/api/admin/session.ts';
import { onRequestPost as adminLogin } from '../../functions/api/admin/login.ts';
import { hashPassword, memoryStore, startSession } from '../../src/http/session.ts';
import type { Env } from '../../src/http/env.ts';
import { json } from '../integration/server.ts';

const DIST = resolve(import.meta.dirname, '../../dist');
const TOKEN = 'in-process-token';

/** env.ASSETS over the built dist/: 200 with the file, 404 without. */
const ASSETS = {
  fetch: async (input: RequestInfo | URL) => {
    const path = join(DIST, decodeURIComponent(new URL(String(input)).pathname));
    return existsSync(path) && !path.endsWith('/')
      ? new Response(readFileSync(path))
      : new Response('not found', { status: 404 });
  },
} as unknown as Fetcher;

const env: Env = { DEFAULT_MOBILE_TOKEN: TOKEN, ASSETS };

async function call(
  path: string,
  init: RequestInit = {},
  next: () => Promise<Response> = async () => new Response('<html>', { status: 404 }),
  callEnv: Env = env,
): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('Authorization') && headers.get('x-no-token') === null)
    headers.set('Authorization', `Bearer ${TOKEN}`);
  headers.delete('x-no-token');
  const request = new Request(`https://panchanga.test${path}`, { ...init, headers });
  const context = {
    request,
    env: callEnv,
    next,
    params: {},
    data: {},
    functionPath: '/',
    waitUntil() {},
    passThroughOnException() {},
  };
  return (onRequest as unknown as (c: typeof context) => Promise<Response>)(context);
}

describe.skipIf(!existsSync(join(DIST, 'api/panchanga/2083/01')))('the middleware in-process', () => {
  it('serves a month file with its type, ETag and long cache; 304 on a match', async () => {
    const res = await call('/api/panchanga/2083/1');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(res.headers.get('Cache-Control')).toMatch(/max-age=86400/);
    const body = JSON.parse(await res.text());
    expect(body.data.days[0].englishDate).toBe('2026-04-14');
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

  it('decides from the path as the file layer reads it: no spelling passes without a token', async () => {
    // `next` stands for the static file layer, which would serve the month to any spelling.
    const file = async () =>
      new Response('{"secret":"month"}', { headers: { 'Content-Type': 'application/json' } });
    for (const path of [
      '//api/panchanga/2083/01',
      '/%61pi/panchanga/2083/01',
      '/api%2Fpanchanga/2083/01',
      '/API/panchanga/2083/01',
      '/api./panchanga/2083/01',
      '/api/panchanga/2083/01.',
      '/%2fapi/festivals/2083',
    ]) {
      const res = await call(path, { headers: { 'x-no-token': '1' } }, file);
      expect(res.status, path).toBe(401);
      expect(await res.text()).not.toContain('secret');
    }
    const redirected = await call('//api/panchanga/2083/01?lang=en', {}, file);
    expect(redirected.status).toBe(308);
    expect(redirected.headers.get('Location')).toBe('/api/panchanga/2083/01?lang=en');
  });

  it('PUBLIC_READS at run time opens the files and the functions alike; mutations stay closed', async () => {
    const open = { ...env, PUBLIC_READS: 'true' };
    const month = await call('/api/panchanga/2083/01', { headers: { 'x-no-token': '1' } }, undefined, open);
    expect(month.status).toBe(200);
    expect(month.headers.get('Cache-Control')).toMatch(/^public/);
    const fn = await call(
      '/api/date-converter?date=2083-01-01',
      { headers: { 'x-no-token': '1' } },
      async () => new Response('{"success":true}', { headers: { 'Content-Type': 'application/json' } }),
      open,
    );
    expect(fn.status).toBe(200);
  });

  it('pages get a Content-Security-Policy with frame-ancestors, nosniff and a Referrer-Policy', async () => {
    const res = await call(
      '/admin',
      {},
      async () => new Response('<html></html>', { headers: { 'Content-Type': 'text/html' } }),
    );
    expect(res.headers.get('Content-Security-Policy')).toMatch(/frame-ancestors 'none'/);
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Referrer-Policy')).toBeTruthy();
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
    ['/api/panchanga/1969/01', 404, undefined],
    ['/api/nothing', 404, undefined],
  ])('%s answers a %i problem naming %s', async (path, status, field) => {
    const res = await call(path);
    expect(res.status).toBe(status);
    expect(res.headers.get('Content-Type')).toMatch(/^application\/problem\+json/);
    expect((await json(res)).field).toBe(field);
  });

  it('turns a thrown error behind it into a 500 problem without details', async () => {
    const res = await call('/api/date-converter?date=2083-01-01', {}, async () => {
      throw new Error('secret stack');
    });
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain('secret');
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
  const get = (query: string) =>
    (convert as unknown as (c: { request: Request; env: Env }) => Promise<Response>)({
      request: new Request(`https://panchanga.test/api/date-converter?${query}`),
      env,
    });

  it('converts 1 Baisakh 2083 to 14 April 2026', async () => {
    const body = await json(await get('date=2083-01-01&from=bs'));
    expect(body.data.ad.date).toBe('2026-04-14');
  });

  it.each([
    '',
    'date=2082-13-01&from=bs',
    'date=2082-01-33&from=bs',
    'date=2025-02-30&from=ad',
    'date=x&from=bs',
    'date=2082-01-01&from=xx',
    `date=${'9'.repeat(500)}`,
  ])('%s answers a 4xx problem', async (query) => {
    const res = await get(query);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect((await json(res)).success).toBe(false);
  });
});

describe('admin sessions in-process', () => {
  const SECRET = 'in-process-secret';
  const now = Date.now();
  const run = (fn: unknown, request: Request, callEnv: Env) =>
    (fn as (c: { request: Request; env: Env }) => Promise<Response>)({ request, env: callEnv });

  it('a session of a user removed from ADMIN_USERS is refused', async () => {
    const store = memoryStore();
    const hash = await hashPassword('pw', 1000);
    const session = await startSession(store, 'alice', Math.floor(now / 1000), SECRET);
    const request = () =>
      new Request('https://panchanga.test/api/admin/session', {
        headers: { Cookie: `panchanga_session=${session.value}` },
      });
    const kv = store as unknown as KVNamespace;
    const before = await run(adminSession, request(), {
      ...env,
      ADMIN_KV: kv,
      SESSION_SECRET: SECRET,
      ADMIN_USERS: `alice:${hash}`,
    });
    expect(before.status).toBe(200);
    const after = await run(adminSession, request(), {
      ...env,
      ADMIN_KV: kv,
      SESSION_SECRET: SECRET,
      ADMIN_USERS: `bob:${hash}`,
    });
    expect(after.status).toBe(403);
    expect((await json(after)).detail).toMatch(/no longer an admin/);
  });

  it('a body larger than its limit is 413 before it is read; a short one is 400', async () => {
    const kv = memoryStore() as unknown as KVNamespace;
    const adminEnv = { ...env, ADMIN_KV: kv, SESSION_SECRET: SECRET, ADMIN_USERS: 'alice:x' };
    const declared = new Request('https://panchanga.test/api/admin/login', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: 'https://panchanga.test',
        'Content-Length': String(10 << 20),
      },
      body: '{}',
    });
    expect((await run(adminLogin, declared, adminEnv)).status).toBe(413);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new Uint8Array(64 * 1024).fill(32));
      },
    });
    const streamed = new Request('https://panchanga.test/api/admin/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://panchanga.test' },
      body: endless,
      duplex: 'half',
    } as RequestInit);
    expect((await run(adminLogin, streamed, adminEnv)).status).toBe(413);
    const short = new Request('https://panchanga.test/api/admin/login', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: 'https://panchanga.test',
        'Content-Length': '500',
      },
      body: '{"user":"alice","password":"x"}',
    });
    const res = await run(adminLogin, short, adminEnv);
    expect(res.status).toBe(400);
    expect((await json(res)).field).toBe('Content-Length');
  });
});
