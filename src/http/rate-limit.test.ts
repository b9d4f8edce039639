/**
 * The rate limit's key (a client address, an IPv6 one by its /64, none for the machine itself), its figures as
 * wrangler.toml declares the binding, and the router's 429 when the binding says no.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import type { Env } from './env.ts';
import { API_RATE_LIMIT, clientKey, withinRateLimit } from './rate-limit.ts';

const from = (address?: string) =>
  new Request('https://x.test/api/panchanga', address ? { headers: { 'CF-Connecting-IP': address } } : {});

/** A binding that allows `allowed` requests in all and records the keys it was asked. */
function fakeLimiter(allowed: number): RateLimit & { keys: string[] } {
  const keys: string[] = [];
  return {
    keys,
    limit: async ({ key }) => {
      keys.push(key);
      return { success: keys.length <= allowed };
    },
  };
}

describe('clientKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:aa:bb:1:2:3:4', '2001:db8:aa:bb::/64'],
    ['2001:DB8:00aa:0bb::1', '2001:db8:aa:bb::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:db8:aa:bb::', '2001:db8:aa:bb::/64'],
  ])('%s is counted as %s', (address, key) => expect(clientKey(from(address))).toBe(key));

  it('counts the addresses of one /64 together and another /64 apart', () => {
    expect(clientKey(from('2001:db8:1:2:aaaa::1'))).toBe(clientKey(from('2001:db8:1:2:bbbb::9')));
    expect(clientKey(from('2001:db8:1:3::1'))).not.toBe(clientKey(from('2001:db8:1:2::1')));
  });

  it.each([undefined, '', '127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])(
    '%s is the machine itself or no address: not counted',
    (address) => expect(clientKey(from(address))).toBeNull(),
  );
});

describe('withinRateLimit', () => {
  it('counts each request of an outside address under its key, and refuses past the limit', async () => {
    const limiter = fakeLimiter(2);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await withinRateLimit(from('203.0.113.7'), limiter));
    expect(answers).toEqual([true, true, false]);
    expect(limiter.keys).toEqual(['203.0.113.7', '203.0.113.7', '203.0.113.7']);
  });

  it('lets through what it cannot count: no binding, no outside address, a binding that fails', async () => {
    expect(await withinRateLimit(from('203.0.113.7'), undefined)).toBe(true);
    const limiter = fakeLimiter(0);
    expect(await withinRateLimit(from('127.0.0.1'), limiter)).toBe(true);
    expect(limiter.keys).toEqual([]);
    const failing: RateLimit = { limit: () => Promise.reject(new Error('binding down')) };
    expect(await withinRateLimit(from('203.0.113.7'), failing)).toBe(true);
  });
});

describe('the binding as wrangler.toml declares it', () => {
  it('has the figures the 429 states', () => {
    const toml = readFileSync(new URL('../../wrangler.toml', import.meta.url), 'utf8');
    const block =
      /\[\[ratelimits\]\]\s*\nname = "API_RATE_LIMIT"\s*\nnamespace_id = "\d+"\s*\nsimple = \{ limit = (\d+), period = (\d+) \}/.exec(
        toml,
      );
    expect(block, 'wrangler.toml declares API_RATE_LIMIT').not.toBeNull();
    expect([Number(block![1]), Number(block![2])]).toEqual([
      API_RATE_LIMIT.requests,
      API_RATE_LIMIT.periodSeconds,
    ]);
    // Cloudflare's binding counts over 10 or 60 seconds.
    expect([10, 60]).toContain(API_RATE_LIMIT.periodSeconds);
  });
});

describe('the router', () => {
  const env = (limiter: RateLimit) =>
    ({ ASSETS: { fetch: async () => new Response('{}') }, API_RATE_LIMIT: limiter }) as unknown as Env;

  it('answers a 429 problem with Retry-After, before the token, once the binding refuses', async () => {
    const limiter = fakeLimiter(1);
    const app = createApp();
    const ask = () =>
      app.request(
        '/api/date-converter?date=2083-01-01&from=bs',
        { headers: { 'CF-Connecting-IP': '198.51.100.4', Origin: 'https://app.example' } },
        env(limiter),
      );
    expect((await ask()).status).toBe(401);
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Content-Type')).toContain('application/problem+json');
    expect(refused.headers.get('Retry-After')).toBe(String(API_RATE_LIMIT.periodSeconds));
    expect(refused.headers.get('Access-Control-Allow-Origin')).toBeTruthy();
    const body = (await refused.json()) as { type: string; detail: string };
    expect(body.type).toBe('/problems/too-many-requests');
    expect(body.detail).toContain(String(API_RATE_LIMIT.requests));
  });
});
