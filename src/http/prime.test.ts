/**
 * The isolate's primer (src/http/prime.ts): its day and sky held in memory are the build's, its requests run their
 * path whole (in Node, which makes their answers), and a real request after them reads its own deployment.
 */
import { readFileSync } from 'node:fs';
import { handle } from 'hono/cloudflare-pages';
import { describe, expect, it, vi } from 'vitest';
import {
  PRIME_DAY_FILE,
  PRIME_MUHURAT_FILE,
  PRIME_SKY_FILE,
  primeDayText,
  primeMuhuratText,
  primeSkyText,
} from '../../scripts/generate-prime-day.ts';
import { bsMonthStartFixed } from '../calendar/bs.ts';
import { STATIC_FILES } from '../contract/endpoints.ts';
import type { MuhuratYear } from '../contract/muhurat.ts';
import { jsonWithRows } from '../contract/rows.ts';
import { createApp } from './app.ts';
import type { Env } from './env.ts';
import { PRIME_DAY, PRIMED_PATHS, primeRequestPath } from './prime.ts';

describe('priming the request path', () => {
  it('holds the stored day the build writes (else run `npm run generate:prime-day`)', async () => {
    expect(readFileSync(PRIME_DAY_FILE, 'utf8')).toBe(await primeDayText());
  });

  it('holds the sky of the day the build writes (else run `npm run generate:prime-day`)', async () => {
    expect(readFileSync(PRIME_SKY_FILE, 'utf8')).toBe(await primeSkyText());
  });

  it('holds the year’s muhurat file the build writes, cut to a few days (else run `npm run generate:prime-day`)', async () => {
    expect(readFileSync(PRIME_MUHURAT_FILE, 'utf8')).toBe(await primeMuhuratText());
  });

  it('seeds only blocks the deployment’s sky of the year holds, so a place’s day stays what it was', async () => {
    const primeSky = Float64Array.from(JSON.parse(readFileSync(PRIME_SKY_FILE, 'utf8')) as number[]);
    const fresh = async () => {
      vi.resetModules();
      const [{ panchangaOfDay }, { seedSky, skyOfYear }] = await Promise.all([
        import('../engine/panchanga.ts'),
        import('../engine/sky.ts'),
      ]);
      return { panchangaOfDay, seedSky, skyOfYear };
    };
    // Every block of the primer's pack, by series and block number, is the same numbers in the year's pack.
    const blocks = (pack: Float64Array) => {
      const found = new Map<string, number[]>();
      for (let at = 1, series = 0; at < pack.length; series++) {
        const [first, count, size] = [pack[at + 1]!, pack[at + 2]!, pack[at + 3]!];
        for (let i = 0; i < count; i++)
          found.set(`${series} ${first + i}`, [...pack.subarray(at + 4 + i * size, at + 4 + (i + 1) * size)]);
        at += 4 + count * size;
      }
      return found;
    };
    const year = blocks((await fresh()).skyOfYear(PRIME_DAY.year));
    const primed = blocks(primeSky);
    expect(primed.size).toBeGreaterThan(10);
    for (const [key, numbers] of primed) expect(numbers, key).toStrictEqual(year.get(key));
    // A day at Pokhara on the primed day: seeded with the primer's sky alone, as an engine fitting its own blocks.
    const day = bsMonthStartFixed(PRIME_DAY.year, PRIME_DAY.month);
    const place = { lat: 28.2096, lon: 83.9856, elevationM: 827 };
    const own = (await fresh()).panchangaOfDay(day, { place });
    const seeded = await fresh();
    expect(seeded.seedSky(primeSky)).toBe(true);
    expect(seeded.panchangaOfDay(day, { place })).toStrictEqual(own);
  });

  it('answers every primed request whole from the day held in memory', async () => {
    // A day record the memory did not hold would be a 404, a refused token a 401.
    expect(await primeRequestPath(handle(createApp()))).toEqual(PRIMED_PATHS.map(() => 200));
  });

  it('leaves nothing a real request reads: the same day from another deployment is that deployment’s', async () => {
    const app = createApp();
    await primeRequestPath(handle(createApp()));
    // A deployment whose stored day of PRIME_DAY carries another festival text.
    const file = JSON.parse(readFileSync(PRIME_DAY_FILE, 'utf8')) as {
      days: [unknown, { festivals: string }][];
    };
    file.days[0]![1].festivals = 'changed by a curator';
    const body = jsonWithRows(file, 'days');
    // And whose muhurat file of the year lists one day the primer's does not.
    const muhurats = JSON.parse(readFileSync(PRIME_MUHURAT_FILE, 'utf8')) as MuhuratYear;
    muhurats.categories.bibaha!.days = [
      { month: 12, day: 1, englishDate: '2025-03-14', windows: [], estimated: false },
    ];
    const ASSETS = {
      fetch: async (input: RequestInfo | URL) => {
        const path = new URL(String(input)).pathname;
        if (path === STATIC_FILES.storedDays(PRIME_DAY.year, PRIME_DAY.month))
          return new Response(body, { headers: { ETag: '"prime"' } });
        if (path === STATIC_FILES.muhurats(PRIME_DAY.year))
          return new Response(JSON.stringify(muhurats), { headers: { ETag: '"prime"' } });
        if (path === STATIC_FILES.month(PRIME_DAY.year, PRIME_DAY.month, 'ne'))
          return new Response(JSON.stringify({ success: true, data: [file.days[0]![1]], meta: {} }));
        return new Response('not found', { status: 404 });
      },
    } as unknown as Fetcher;
    const env: Env = { ASSETS, DEFAULT_MOBILE_TOKEN: 'real-token' };
    const headers = { Authorization: 'Bearer real-token' };
    const answer = await app.request(PRIMED_PATHS[0], { headers }, env);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { data: { festivals: string } }).data.festivals).toBe(
      'changed by a curator',
    );
    const month = await app.request(
      PRIMED_PATHS.find((p) => p.includes('?place=') && !p.includes('date'))!,
      { headers },
      env,
    );
    expect(month.status).toBe(200);
    expect(((await month.json()) as { data: { festivals: string }[] }).data[0]!.festivals).toBe(
      'changed by a curator',
    );
    const list = await app.request(
      PRIMED_PATHS.find((p) => p.startsWith('/api/muhurats?'))!,
      { headers },
      env,
    );
    const days = ((await list.json()) as { data: { muhurats: { bsDate: string; category: string }[] } }).data;
    expect(days.muhurats.filter((m) => m.category === 'bibaha').map((m) => m.bsDate)).toEqual(['2081-12-01']);
    // The primer's token opens nothing here.
    const refused = await app.request(PRIMED_PATHS[0], { headers: { Authorization: 'Bearer prime' } }, env);
    expect(refused.status).toBe(401);
  });
});
