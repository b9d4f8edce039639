/**
 * Answers an isolate keeps (KeptAnswers): written once a key, the last few kept, none past its minute, no failure
 * kept; and through the router, today's record and a year's muhurats answered alike from a kept answer, with
 * their ETag, 304 and the policy of the moment; an answer made of a static file's rows (okBodyWithRows), the JSON
 * okBody writes but for a line break between two rows.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DIST_ASSETS } from '../../test/support/dist-assets.ts';
import { createApp } from './app.ts';
import { jsonWithRows, rowsBytes } from '../contract/rows.ts';
import { answerOk, etagOf, KeptAnswers, okAnswer, writtenAnswer } from './cache.ts';
import type { Env } from './env.ts';
import { okBody, okBodyWithRows } from './problem.ts';

/** A data function that counts its calls and answers `{ n }`, the call's number. */
function counted() {
  let calls = 0;
  const data = async () => ({ n: ++calls });
  return { data, calls: () => calls };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('KeptAnswers', () => {
  it('writes an answer once a key and gives the same body and ETag back', async () => {
    const kept = new KeptAnswers(4, 60_000);
    const { data, calls } = counted();
    const first = await kept.answer('a', data);
    const again = await kept.answer('a', data);
    expect(calls()).toBe(1);
    expect(again).toBe(first);
    expect(first.body).toBe(okBody({ n: 1 }));
    expect(first.etag).toBe(await etagOf(first.body));
    expect((await kept.answer('b', data)).body).toBe(okBody({ n: 2 }));
  });

  it('keeps the last `size` keys asked for', async () => {
    const kept = new KeptAnswers(2, 60_000);
    const { data, calls } = counted();
    await kept.answer('a', data);
    await kept.answer('b', data);
    await kept.answer('a', data); // a is now the newest
    await kept.answer('c', data); // b goes
    expect(calls()).toBe(3);
    await kept.answer('a', data);
    expect(calls()).toBe(3);
    await kept.answer('b', data);
    expect(calls()).toBe(4);
  });

  it('writes the answer again once its time is up', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2026, 10, 27, 12));
    const kept = new KeptAnswers(4, 60_000);
    const { data, calls } = counted();
    await kept.answer('a', data);
    vi.setSystemTime(Date.UTC(2026, 10, 27, 12, 0, 59));
    await kept.answer('a', data);
    expect(calls()).toBe(1);
    vi.setSystemTime(Date.UTC(2026, 10, 27, 12, 1));
    expect((await kept.answer('a', data)).body).toBe(okBody({ n: 2 }));
  });

  it('keeps no failure: the next request tries again', async () => {
    const kept = new KeptAnswers(4, 60_000);
    let fail = true;
    const data = async () => {
      if (fail) throw new Error('not built');
      return { ok: true };
    };
    await expect(kept.answer('a', data)).rejects.toThrow('not built');
    fail = false;
    expect((await kept.answer('a', data)).body).toBe(okBody({ ok: true }));
  });
});

describe('answerOk', () => {
  const request = (headers: Record<string, string> = {}, method = 'GET') =>
    new Request('https://panchanga.test/api/x', { method, headers });

  it('answers a kept answer with its ETag and the policy given, 304 when it matches, no body for HEAD', async () => {
    const answer = await okAnswer({ a: 1 });
    const res = answerOk(request(), answer, 'public, max-age=60');
    expect(res.status).toBe(200);
    expect(res.headers.get('ETag')).toBe(answer.etag);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=60');
    expect(await res.text()).toBe(answer.body);
    const notModified = answerOk(request({ 'If-None-Match': answer.etag }), answer, 'no-cache');
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('Content-Type')).toBeNull();
    expect(await answerOk(request({}, 'HEAD'), answer, 'no-cache').text()).toBe('');
  });
});

describe('kept answers through the router', () => {
  const TOKEN = 'kept-answers-token';
  const app = createApp();
  const at = (now: string): Env => ({
    DEFAULT_MOBILE_TOKEN: TOKEN,
    ASSETS: DIST_ASSETS,
    DEV_MODE: 'true',
    FIXED_NOW: now,
  });
  /** A success answer's data. */
  const dataOf = async (res: Response) => ((await res.json()) as { data: Record<string, unknown> }).data;
  const get = (path: string, env: Env, headers: Record<string, string> = {}) =>
    app.request(
      `https://panchanga.test${path}`,
      { headers: { Authorization: `Bearer ${TOKEN}`, ...headers } },
      env,
    );

  it("answers today's record again alike, as the day's own record, and the next day's once the day turns", async () => {
    const morning = at('2026-11-23T01:00:00Z');
    const first = await get('/api/panchanga?lang=en', morning);
    const again = await get('/api/panchanga?lang=en', at('2026-11-23T06:00:00Z'));
    expect(again.headers.get('ETag')).toBe(first.headers.get('ETag'));
    // The policy is the moment's: five hours nearer midnight.
    const maxAge = (res: Response) => Number(/max-age=(\d+)/.exec(res.headers.get('Cache-Control')!)![1]);
    expect(maxAge(first) - maxAge(again)).toBe(5 * 3600);
    const body = await again.text();
    expect(body).toBe(await first.text());
    expect(body).toBe(await (await get('/api/panchanga/by-english-date/2026-11-23?lang=en', morning)).text());
    const conditional = await get('/api/panchanga?lang=en', morning, {
      'If-None-Match': first.headers.get('ETag')!,
    });
    expect(conditional.status).toBe(304);
    // In Nepali, and on the next Nepal day (UTC 18:15 is midnight there), another record.
    expect(JSON.parse(body).data).toMatchObject({ englishDate: '2026-11-23', bsDate: '2083-08-07' });
    const nepali = await dataOf(await get('/api/panchanga', morning));
    expect(nepali).toMatchObject({ englishDate: '2026-11-23', bsDate: '2083-08-07', baar: 'सोमबार' });
    const next = await (await get('/api/panchanga?lang=en', at('2026-11-23T18:20:00Z'))).json();
    expect(next).toEqual(
      await (await get('/api/panchanga/by-english-date/2026-11-24?lang=en', morning)).json(),
    );
  });

  it("answers today's record at a place of the gazetteer again alike, as that place's record of the day", async () => {
    const morning = at('2026-11-23T01:00:00Z');
    const first = await get('/api/panchanga?place=pokhara&lang=en', morning);
    const again = await get('/api/panchanga?place=pokhara&lang=en', at('2026-11-23T02:00:00Z'));
    expect(again.headers.get('ETag')).toBe(first.headers.get('ETag'));
    const body = await again.text();
    expect(body).toBe(await first.text());
    expect(body).toBe(
      await (await get('/api/panchanga/by-english-date/2026-11-23?place=pokhara&lang=en', morning)).text(),
    );
    // Kathmandu's record of the day is another.
    expect(body).not.toBe(await (await get('/api/panchanga?lang=en', morning)).text());
    // Coordinates are answered each time, as that place's own record.
    const there = await dataOf(await get('/api/panchanga?lat=28.21&lon=83.99&lang=en', morning));
    expect(there).toMatchObject({ englishDate: '2026-11-23' });
  });

  it("answers today's date by date from today's kept record, reading no file again; another date reads its own", async () => {
    let reads = 0;
    const counting = {
      fetch: async (input: RequestInfo | URL) => (reads++, DIST_ASSETS.fetch(input as never)),
    } as unknown as Fetcher;
    const env = { ...at('2026-11-24T03:00:00Z'), ASSETS: counting };
    const today = await get('/api/panchanga?place=biratnagar', env);
    const before = reads;
    const byDate = await get('/api/panchanga/by-english-date/2026-11-24?place=biratnagar', env);
    expect(reads).toBe(before);
    expect(await byDate.text()).toBe(await today.text());
    // Its own caching: a date's record keeps an hour, today's until midnight.
    expect(byDate.headers.get('Cache-Control')).not.toBe(today.headers.get('Cache-Control'));
    await get('/api/panchanga/by-english-date/2026-11-25?place=biratnagar', env);
    expect(reads).toBeGreaterThan(before);
  });

  it('answers each year and category its own muhurats, kept apart', async () => {
    const env = at('2026-11-23T06:00:00Z');
    const list = async (query: string) => dataOf(await get(`/api/muhurats?${query}`, env));
    const weddings = await list('year=2084&category=bibaha');
    const both = await list('year=2084&category=bibaha,bratabandha');
    const english = await list('year=2084&category=bibaha&lang=en');
    expect(await list('year=2084&category=bibaha')).toEqual(weddings);
    expect(both).not.toEqual(weddings);
    expect(english).not.toEqual(weddings);
    expect(await list('year=2083&category=bibaha')).not.toEqual(weddings);
  });
});

describe('an answer made of a static file’s rows', () => {
  const utf8 = new TextEncoder();
  const april = { data: [{ tithi: 'द्वादशी', n: 1 }, { tithi: 'त्रयोदशी', n: 2 }, { n: 3 }] };
  const may = { data: [{ n: 4 }, { tithi: 'पूर्णिमा', n: 5 }] };
  const [aprilFile, mayFile] = [april, may].map((file) => utf8.encode(jsonWithRows(file, 'data')));

  it('is the JSON okBody writes of the data and the rows, one row a line, from the files’ own bytes', async () => {
    const parts = [rowsBytes(aprilFile!, 'data', 1, 2)!, rowsBytes(mayFile!, 'data', 0, 1)!];
    const body = okBodyWithRows({ from: '2026-04-15', to: '2026-05-15' }, 'days', parts);
    const text = new TextDecoder().decode(body);
    const days = [...april.data.slice(1), ...may.data];
    expect(text.split('\n')).toHaveLength(days.length);
    expect(text.replaceAll('\n', '')).toBe(okBody({ from: '2026-04-15', to: '2026-05-15', days }));
    expect((await writtenAnswer(body)).etag).toBe(await etagOf(text));
    // No data beside the rows, and no rows.
    expect(new TextDecoder().decode(okBodyWithRows({}, 'days', parts.slice(0, 1)))).toBe(
      okBody({ days: april.data.slice(1) }).replace('},{', '},\n{'),
    );
    expect(new TextDecoder().decode(okBodyWithRows({ id: 'X' }, 'festivals', []))).toBe(
      okBody({ id: 'X', festivals: [] }),
    );
  });
});
