/**
 * Static files read by a function: a year's file parsed once per isolate, unasked for a minute, then while the asset
 * server's ETag stays the same, and the answers built from kept files the same as from freshly read ones (no reader
 * changes a kept file).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { DIST, DIST_ASSETS } from '../../test/support/dist-assets.ts';
import { createApp } from './app.ts';
import { assetJson } from './assets.ts';
import { KEPT_MS } from './cache.ts';
import type { Env } from './env.ts';

const BASE = new URL('https://panchanga.test/');

/** An asset server of one file whose body and ETag the test sets; it counts the bodies it sends. */
function oneFile(path: string) {
  const state = {
    body: '{"success":true,"data":{"days":[{"gate":1}]}}',
    etag: '"a"' as string | null,
    sent: 0,
  };
  const assets = {
    fetch: async (input: RequestInfo | URL) => {
      if (new URL(String(input)).pathname !== path) return new Response('not found', { status: 404 });
      state.sent++;
      return new Response(state.body, { headers: state.etag ? { ETag: state.etag } : {} });
    },
  } as unknown as Fetcher;
  return { assets, state };
}

describe('assetJson', () => {
  it('keeps a file with an ETag when asked: unasked for a minute, then the same value until the ETag changes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { assets, state } = oneFile('/api/x');
      const first = (await assetJson(assets, BASE, '/api/x', true)) as { data: { days: { gate: number }[] } };
      vi.advanceTimersByTime(KEPT_MS - 1);
      expect(await assetJson(assets, BASE, '/api/x', true)).toBe(first);
      expect(state.sent).toBe(1); // within a minute of reading it, not asked again
      vi.advanceTimersByTime(1);
      expect(await assetJson(assets, BASE, '/api/x', true)).toBe(first);
      expect(state.sent).toBe(2); // then asked: the ETag decides
      state.body = '{"success":true,"data":{"days":[{"gate":7}]}}';
      state.etag = '"b"';
      expect(await assetJson(assets, BASE, '/api/x', true)).toBe(first); // asked a moment ago
      vi.advanceTimersByTime(KEPT_MS);
      const changed = (await assetJson(assets, BASE, '/api/x', true)) as typeof first;
      expect(changed).not.toBe(first);
      expect(changed.data.days[0]!.gate).toBe(7);
      expect(state.sent).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('parses a file without an ETag, or not to be kept, every time; null for a missing one', async () => {
    const { assets, state } = oneFile('/api/y');
    const notKept = await assetJson(assets, BASE, '/api/y');
    expect(await assetJson(assets, BASE, '/api/y')).not.toBe(notKept);
    state.etag = null;
    const first = await assetJson(assets, BASE, '/api/y', true);
    expect(await assetJson(assets, BASE, '/api/y', true)).not.toBe(first);
    expect(await assetJson(assets, BASE, '/api/missing', true)).toBeNull();
  });
});

/** dist/ served as Cloudflare's asset server serves it: with a content hash as a strong ETag. */
const WITH_ETAGS = {
  fetch: async (input: RequestInfo | URL) => {
    const response = await DIST_ASSETS.fetch(input as never);
    if (response.status !== 200) return response;
    const body = new Uint8Array(await response.arrayBuffer());
    const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`;
    return new Response(body, { headers: { ETag: etag } });
  },
} as unknown as Fetcher;

describe.skipIf(!existsSync(join(DIST, 'api/panchanga/2083/01')))('answers from kept files', () => {
  const TOKEN = 'kept-files-token';
  const env = (assets: Fetcher): Env => ({
    DEFAULT_MOBILE_TOKEN: TOKEN,
    ASSETS: assets,
    FIXED_NOW: '2026-11-23T06:00:00Z',
  });
  const plain = createApp();
  const kept = createApp();
  const body = async (app: ReturnType<typeof createApp>, path: string, assets: Fetcher) => {
    const response = await app.request(
      `https://panchanga.test${path}`,
      { headers: { Authorization: `Bearer ${TOKEN}` } },
      env(assets),
    );
    return { status: response.status, text: await response.text() };
  };

  it.each([
    '/api/panchanga?lang=en',
    '/api/panchanga/by-english-date/2026-04-14',
    '/api/panchanga/by-english-date/2026-04-15?lang=en',
    '/api/panchanga/range?from=2026-04-10&to=2026-05-20',
    '/api/muhurats?year=2083&category=bibaha',
    '/api/festivals/upcoming?days=60',
    '/api/muhurats/upcoming?days=90&from=2026-03-25',
    '/api/festivals/purnima_vrat?from=2083&to=2090',
    '/api/festivals?year=2083&holidays=only&category=festival',
  ])('%s: the same answer the first and the second time as from freshly read files', async (path) => {
    const fresh = await body(plain, path, DIST_ASSETS);
    expect(fresh.status).toBe(200);
    expect(await body(kept, path, WITH_ETAGS)).toEqual(fresh);
    expect(await body(kept, path, WITH_ETAGS)).toEqual(fresh);
  });
});
