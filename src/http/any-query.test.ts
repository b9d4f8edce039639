/**
 * Every read of the contract asked with combinations of its own parameters, each its documented example or a wrong
 * value, drawn from a seeded sequence (a failure repeats): the answer is a status the OpenAPI document lists for the
 * operation, never a 5xx, with the headers the document gives that status (a 200's ETag and Cache-Control), and its
 * body is what the document says of that status (a 200's answer, a problem naming what was wrong). The router is called in-process over the built dist/, as src/http/app.test.ts calls it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { DIST, DIST_ASSETS } from '../../test/support/dist-assets.ts';
import { createApp } from './app.ts';
import type { Env } from './env.ts';
import { exampleRequest } from './mount.ts';
import { openApiDocument } from './openapi.ts';
import { ROUTES } from './routes.ts';

const TOKEN = 'any-query-token';
const env: Env = {
  DEFAULT_MOBILE_TOKEN: TOKEN,
  ASSETS: DIST_ASSETS,
  DEV_MODE: 'true',
  FIXED_NOW: '2026-11-23T06:00:00Z',
};
/** Values no parameter takes, or takes only in some routes: empty, words, signs, other digits, too long. */
const WRONG = ['', 'x', '-1', '0', '13', '99999', '2083-13-01', '२०८३', 'bibaha,x', 'a'.repeat(200)];
/** An empty path segment would be another route's path (`/api/festivals/`). */
const WRONG_IN_PATH = WRONG.filter((wrong) => wrong !== '');
const REQUESTS = 1500;

interface Operation {
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
}

/** A Park–Miller sequence: the same draws on every run. */
function draws(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (state * 48_271) % 2_147_483_647;
    return state % n;
  };
}

describe.skipIf(!existsSync(join(DIST, 'api/panchanga/2083/01')))('any query of a read', () => {
  it('answers a documented status with the documented body, never a 5xx', { timeout: 600_000 }, async () => {
    const app = createApp();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const document = openApiDocument() as any;
    const ajv = new Ajv2020({ strict: false });
    const validators = new Map<string, ValidateFunction>();
    const validatorOf = (key: string, schema: object) => {
      let validate = validators.get(key);
      if (!validate)
        validators.set(key, (validate = ajv.compile({ ...schema, components: document.components })));
      return validate;
    };
    const reads = Object.values(ROUTES).filter((route) => route.method === 'get');
    const draw = draws(20_831);
    const pick = <T>(list: readonly T[]) => list[draw(list.length)]!;
    const statuses = new Map<number, number>();
    for (let i = 0; i < REQUESTS; i++) {
      const route = pick(reads);
      const value = (example: string | undefined, wrong = WRONG) =>
        example !== undefined && draw(3) > 0 ? example : pick(wrong);
      const pathExamples = route.request?.params ? exampleRequest(route.request.params) : {};
      const path = route.path.replaceAll(/{(\w+)}/g, (_, name: string) =>
        encodeURIComponent(value(pathExamples[name], WRONG_IN_PATH)),
      );
      const queryExamples = route.request?.query ? exampleRequest(route.request.query) : {};
      const names = Object.keys((route.request?.query as { shape?: object } | undefined)?.shape ?? {});
      const query = new URLSearchParams();
      for (let n = names.length ? draw(4) : 0; n > 0; n--) {
        const name = pick(names);
        query.append(name, value(queryExamples[name]));
      }
      const url = `${path}${query.size ? `?${query}` : ''}`;
      const res = await app.request(
        `https://panchanga.test${url}`,
        { headers: { Authorization: `Bearer ${TOKEN}` } },
        env,
      );
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const operation = document.paths[route.path].get as Operation;
      const documented = operation.responses[String(res.status)];
      expect(documented, `${url}: ${res.status} is not documented`).toBeDefined();
      const type = res.headers.get('Content-Type') ?? '';
      if (res.status >= 400) expect(type, url).toMatch(/^application\/problem\+json/);
      // The headers the document gives an answer: its ETag and how long it may be kept.
      for (const header of Object.keys((documented as { headers?: object }).headers ?? {}))
        expect(res.headers.get(header), `${url}: ${header}`).toBeTruthy();
      const [mediaType, content] = Object.entries(documented!.content ?? {})[0] ?? [];
      if (!mediaType?.includes('json')) {
        await res.arrayBuffer();
        continue;
      }
      const body = (await res.json()) as { detail?: string };
      const validate = validatorOf(`${route.path} ${res.status}`, content!.schema);
      expect(validate(body), `${url}: ${JSON.stringify(validate.errors?.slice(0, 2))}`).toBe(true);
      if (res.status >= 400) expect(body.detail, url).toBeTruthy();
    }
    // The draws reach answers and problems alike.
    expect(statuses.get(200)).toBeGreaterThan(REQUESTS / 5);
    expect(statuses.get(400)).toBeGreaterThan(REQUESTS / 5);
  });

  it('refuses a parameter its route does not take, naming it, and lets a cache-buster (`_=`) pass', async () => {
    const app = createApp();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const document = openApiDocument() as any;
    const ask = (url: string) =>
      app.request(`https://panchanga.test${url}`, { headers: { Authorization: `Bearer ${TOKEN}` } }, env);
    // The admin's reads refuse a request without a session first.
    const reads = Object.values(ROUTES).filter(
      (route) => route.method === 'get' && route.request?.query && !route.path.startsWith('/api/admin'),
    );
    expect(reads.length).toBeGreaterThan(10);
    for (const route of reads) {
      const path = route.path.replaceAll(/{(\w+)}/g, (_, name: string) =>
        encodeURIComponent(exampleRequest(route.request!.params)[name]!),
      );
      const example = new URLSearchParams(exampleRequest(route.request!.query));
      const asked = await ask(`${path}?${example}`);
      await asked.arrayBuffer();
      for (const name of ['yaer', 'date', 'constructor']) {
        const url = `${path}?${example}&${name}=1`;
        const res = await ask(url);
        expect(res.status, url).toBe(400);
        const body = (await res.json()) as { field: string; detail: string };
        expect(body.field, url).toBe(name);
        expect(body.detail, url).toContain(Object.keys(exampleRequest(route.request!.query))[0] ?? '');
        expect(document.paths[route.path].get.responses['400'], url).toBeDefined();
      }
      const busted = await ask(`${path}?${example}&_=1700000000`);
      await busted.arrayBuffer();
      expect(busted.status, path).toBe(asked.status);
    }
  });
});
