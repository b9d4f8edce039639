/**
 * The webcal feed through wrangler pages dev: each variant parsed with ical.js and compared, event by event, with
 * /api/festivals from the same server; `?token=` accepted here (calendar apps cannot send headers); ETag and
 * 304; unknown variant values refused; and UIDs and bytes compared across two builds of the feed.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_VARIANTS } from '../../src/feed/variants.ts';
import { json, startServer, TEST_TOKEN, type TestServer } from './server.ts';

const ROOT = resolve(import.meta.dirname, '../..');

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

function events(ics: string) {
  return new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return { uid: event.uid, summary: event.summary, start: event.startDate.toString() };
  });
}

const query = (variant: (typeof FEED_VARIANTS)[number]) =>
  new URLSearchParams({
    ...(variant.lang === 'en' ? { lang: 'en' } : {}),
    ...(variant.holidays === 'only' ? { holidays: 'only' } : {}),
    ...(variant.include === 'muhurat' ? { include: 'muhurat' } : {}),
  }).toString();

describe('GET /api/v1/calendar.ics', () => {
  it.each(FEED_VARIANTS)(
    '$file: every festival event is on the date /api/festivals gives',
    async (variant) => {
      const res = await server.fetch(`/api/v1/calendar.ics?${query(variant)}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toBe('text/calendar; charset=utf-8');
      const feed = events(await res.text());
      const festivalEvents = feed.filter((e) => !e.uid.startsWith('MUHURAT-'));
      const years = [...new Set(festivalEvents.map((e) => Number(e.uid.match(/-(\d{4})-\d{2}-\d{2}@/)![1])))];
      expect(years.length).toBe(3);
      const expected = [];
      for (const year of years.sort()) {
        const api = await json(await server.fetch(`/api/festivals?year=${year}&lang=${variant.lang}`));
        for (const f of api.data.festivals) {
          if (variant.holidays === 'only' && f.holiday.kind === 'none') continue;
          // An estimate (only a rule gives it) says so at the end of its summary.
          const summary = f.estimated
            ? `${f.name} ${variant.lang === 'en' ? '(estimated)' : '(अनुमानित)'}`
            : f.name;
          expected.push({ uid: `${f.id}-${f.bsDate}@panchanga`, summary, start: f.englishDate });
        }
      }
      expect(festivalEvents).toEqual(expected);
      expect(feed.some((e) => e.uid.startsWith('MUHURAT-'))).toBe(variant.include === 'muhurat');
    },
  );

  it('accepts the token as ?token= (and as headers), refuses none or a wrong one', async () => {
    const path = '/api/v1/calendar.ics?lang=en';
    expect((await server.fetch(`${path}&token=${TEST_TOKEN}`, { token: null })).status).toBe(200);
    expect((await server.fetch(path, { token: null, headers: { 'x-api-key': TEST_TOKEN } })).status).toBe(
      200,
    );
    expect((await server.fetch(path)).status).toBe(200);
    const none = await server.fetch(path, { token: null });
    expect(none.status).toBe(401);
    expect(none.headers.get('WWW-Authenticate')).toMatch(/^Bearer/);
    expect((await server.fetch(`${path}&token=wrong`, { token: null })).status).toBe(401);
  });

  it('answers 304 for a matching ETag, with the feed’s cache policy', async () => {
    const first = await server.fetch('/api/v1/calendar.ics');
    await first.arrayBuffer();
    expect(first.headers.get('Cache-Control')).toBe('private, max-age=43200');
    const etag = first.headers.get('ETag')!;
    const again = await server.fetch('/api/v1/calendar.ics', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it.each([
    ['holidays=bogus', 'holidays'],
    ['include=everything', 'include'],
    ['lang=fr', 'lang'],
  ])('refuses %s with a 400 problem naming %s', async (params, field) => {
    const res = await server.fetch(`/api/v1/calendar.ics?${params}`);
    expect(res.status).toBe(400);
    expect((await json(res)).field).toBe(field);
  });
});

describe('two builds of the feed', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  const build = (env: Record<string, string> = {}) => {
    const dir = mkdtempSync(join(tmpdir(), 'feed-build-'));
    dirs.push(dir);
    execFileSync(process.execPath, ['scripts/build.ts', '--only=feed'], {
      cwd: ROOT,
      env: { ...process.env, DIST_DIR: dir, ...env },
    });
    const feeds = join(dir, 'api/v1/feeds');
    return new Map(readdirSync(feeds).map((f) => [f, readFileSync(join(feeds, f), 'utf8')]));
  };

  it('give the same bytes, and a wider range keeps every UID and date', () => {
    const one = build();
    const two = build();
    const wider = build({ FEED_YEARS_BEFORE: '2', FEED_YEARS_AFTER: '2' });
    expect([...one.keys()].sort()).toEqual(FEED_VARIANTS.map((v) => v.file).sort());
    for (const [file, text] of one) {
      expect(two.get(file), file).toBe(text);
      const widerEvents = new Map(events(wider.get(file)!).map((e) => [e.uid, e.start]));
      for (const e of events(text)) expect(widerEvents.get(e.uid), e.uid).toBe(e.start);
      expect(widerEvents.size).toBeGreaterThan(events(text).length);
    }
  });
});
