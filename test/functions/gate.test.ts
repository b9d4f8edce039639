/**
 * The root middleware (functions/_middleware.ts) and the router's admin routes called in-process with a stand-in
 * for the Pages runtime: no spelling of an API path reaches a file without a token, PUBLIC_READS at run time
 * opens files and functions alike, pages carry their CSP, a session of a removed admin is refused, and bodies are
 * limited while they are read.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIST, DIST_ASSETS } from '../support/dist-assets.ts';
import { onRequest } from '../../functions/_middleware.ts';
import { createApp } from '../../src/http/app.ts';
import type { Env } from '../../src/http/env.ts';
import { hashPassword, memoryStore, startSession } from '../../src/http/session.ts';
import { json } from '../integration/server.ts';

const TOKEN = 'in-process-token';
const ORIGIN = 'https://panchanga.test';

const ASSETS = DIST_ASSETS;

const env: Env = { DEFAULT_MOBILE_TOKEN: TOKEN, ASSETS };
const app = createApp();

/** The root middleware, with `next` standing for what lies behind it (the file layer, or the router). */
function middleware(path: string, init: RequestInit, next: () => Promise<Response>, withEnv: Env = env) {
  const request = new Request(`${ORIGIN}${path}`, init);
  const context = { request, env: withEnv, next, params: {}, data: {}, functionPath: '/', waitUntil() {} };
  return (onRequest as unknown as (c: typeof context) => Promise<Response>)(context);
}

/** The file layer as Pages has it: it serves the month to any spelling it can read. */
const fileLayer = async () =>
  new Response('{"secret":"month"}', { headers: { 'Content-Type': 'application/octet-stream' } });

describe.skipIf(!existsSync(join(DIST, 'api/panchanga/2083/01')))('the gate in-process', () => {
  it.each([
    '//api/panchanga/2083/01',
    '/%61pi/panchanga/2083/01',
    '/api%2Fpanchanga/2083/01',
    '/%2fapi/panchanga/2083/01',
    '/API/panchanga/2083/01',
    '/api./panchanga/2083/01',
    '/api/panchanga/2083/01.',
    '//api/festivals/2083',
    '//api/v1/feeds/calendar.ics',
  ])('%s without a token: 401, not a byte of the file', async (path) => {
    const res = await middleware(path, {}, fileLayer);
    expect(res.status).toBe(401);
    expect(await res.text()).not.toContain('secret');
  });

  it('with a token, another spelling is a 308 to the canonical path (query kept)', async () => {
    const res = await middleware(
      '//API/panchanga/2083/01?lang=en',
      { headers: { Authorization: `Bearer ${TOKEN}` } },
      fileLayer,
    );
    expect(res.status).toBe(308);
    expect(res.headers.get('Location')).toBe('/api/panchanga/2083/01?lang=en');
  });

  it('the canonical API path goes on to the router, which checks the token', async () => {
    const res = await middleware('/api/panchanga/2083/01', {}, async () =>
      app.request(`${ORIGIN}/api/panchanga/2083/01`, {}, env),
    );
    expect(res.status).toBe(401);
  });

  it('PUBLIC_READS at run time opens files and functions alike; answers stay public', async () => {
    const open = { ...env, PUBLIC_READS: 'true' };
    const month = await app.request(`${ORIGIN}/api/panchanga/2083/01`, {}, open);
    expect(month.status).toBe(200);
    expect(month.headers.get('Cache-Control')).toMatch(/^public/);
    const converted = await app.request(`${ORIGIN}/api/date-converter?date=2083-01-01&from=bs`, {}, open);
    expect(converted.status).toBe(200);
  });

  it('token-protected answers are private and vary with the token headers', async () => {
    const res = await app.request(
      `${ORIGIN}/api/panchanga/2083/01`,
      { headers: { Authorization: `Bearer ${TOKEN}` } },
      env,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toMatch(/^private/);
    expect(res.headers.get('Vary')).toMatch(/Authorization, x-api-key/);
  });

  it('pages get a CSP with frame-ancestors, nosniff and a Referrer-Policy', async () => {
    const res = await middleware('/admin', {}, async () => new Response('<html></html>'));
    expect(res.headers.get('Content-Security-Policy')).toMatch(/script-src 'self'.*frame-ancestors 'none'/);
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Referrer-Policy')).toBeTruthy();
  });
});

describe('admin sessions and bodies in-process', () => {
  const SECRET = 'in-process-secret';

  it('a session of a user removed from ADMIN_USERS is refused', async () => {
    const store = memoryStore();
    const hash = await hashPassword('pw', 1000);
    const session = await startSession(store, 'alice', Math.floor(Date.now() / 1000), SECRET);
    const kv = store as unknown as KVNamespace;
    const ask = (users: string) =>
      app.request(
        `${ORIGIN}/api/admin/session`,
        { headers: { Cookie: `panchanga_session=${session.value}` } },
        { ...env, ADMIN_KV: kv, SESSION_SECRET: SECRET, ADMIN_USERS: users },
      );
    expect((await ask(`alice:${hash}`)).status).toBe(200);
    const refused = await ask(`bob:${hash}`);
    expect(refused.status).toBe(403);
    expect((await json(refused)).detail).toMatch(/no longer an admin/);
  });

  it('a body over the limit is 413 (declared or streamed); fewer bytes than declared is 400', async () => {
    const adminEnv = {
      ...env,
      ADMIN_KV: memoryStore() as unknown as KVNamespace,
      SESSION_SECRET: SECRET,
      ADMIN_USERS: 'alice:x',
    };
    const login = (init: RequestInit) =>
      app.request(
        `${ORIGIN}/api/admin/login`,
        {
          method: 'POST',
          ...init,
          headers: { 'Content-Type': 'application/json', Origin: ORIGIN, ...init.headers },
        },
        adminEnv,
      );
    expect((await login({ body: '{}', headers: { 'Content-Length': String(10 << 20) } })).status).toBe(413);
    const endless = new ReadableStream<Uint8Array>({
      pull: (controller) => controller.enqueue(new Uint8Array(64 * 1024).fill(32)),
    });
    expect((await login({ body: endless, duplex: 'half' } as RequestInit)).status).toBe(413);
    const short = await login({
      body: '{"user":"alice","password":"x"}',
      headers: { 'Content-Length': '500' },
    });
    expect(short.status).toBe(400);
    expect((await json(short)).field).toBe('Content-Length');
  });
});
