/**
 * The isolate's primer (src/http/prime.ts): its day held in memory is the build's, its requests run their path
 * whole (in Node, which makes their answers), and a real request after them reads its own deployment.
 */
import { readFileSync } from 'node:fs';
import { handle } from 'hono/cloudflare-pages';
import { describe, expect, it } from 'vitest';
import { PRIME_DAY_FILE, primeDayText } from '../../scripts/generate-prime-day.ts';
import { STATIC_FILES } from '../contract/endpoints.ts';
import { jsonWithRows } from '../contract/rows.ts';
import { createApp } from './app.ts';
import type { Env } from './env.ts';
import { PRIME_DAY, PRIMED_PATHS, primeRequestPath } from './prime.ts';

describe('priming the request path', () => {
  it('holds the stored day the build writes (else run `npm run generate:prime-day`)', async () => {
    expect(readFileSync(PRIME_DAY_FILE, 'utf8')).toBe(await primeDayText());
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
    const ASSETS = {
      fetch: async (input: RequestInfo | URL) =>
        new URL(String(input)).pathname === STATIC_FILES.storedDays(PRIME_DAY.year, PRIME_DAY.month)
          ? new Response(body, { headers: { ETag: '"prime"' } })
          : new Response('not found', { status: 404 }),
    } as unknown as Fetcher;
    const env: Env = { ASSETS, DEFAULT_MOBILE_TOKEN: 'real-token' };
    const headers = { Authorization: 'Bearer real-token' };
    const answer = await app.request(PRIMED_PATHS[0], { headers }, env);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { data: { festivals: string } }).data.festivals).toBe(
      'changed by a curator',
    );
    // The primer's token opens nothing here.
    const refused = await app.request(PRIMED_PATHS[0], { headers: { Authorization: 'Bearer prime' } }, env);
    expect(refused.status).toBe(401);
  });
});
