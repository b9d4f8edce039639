/**
 * Real answers of the running edge stack against the OpenAPI document it serves: for every endpoint a success
 * and a problem, each validated with ajv (draft 2020-12) against the schema the document gives for its status.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { readFileSync } from 'node:fs';
import { PUBLISHED_SCHEMAS } from '../../src/contract/data-registry.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/http/session.ts';
import { json, startServer, type TestServer } from './server.ts';

let server: TestServer;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let document: any;
beforeAll(async () => {
  server = await startServer({
    ADMIN_USERS: `admin:${await hashPassword('openapi-test-password', 1000)}`,
    SESSION_SECRET: 'openapi-test-secret',
  });
  const res = await server.fetch('/api/openapi.json', { token: null });
  expect(res.status).toBe(200);
  document = await res.json();
});
afterAll(() => server?.stop());

const ajv = new Ajv2020({ strict: false, allErrors: true });
function validatorFor(path: string, method: string, status: number) {
  const response = document.paths[path][method].responses[String(status)];
  expect(response, `${method} ${path} documents ${status}`).toBeDefined();
  const content = response.content['application/json'] ?? response.content['application/problem+json'];
  return ajv.compile({ ...content.schema, components: document.components });
}

/** [documented path, request, expected status] */
const CASES: [string, string, number][] = [
  ['/api/panchanga', '/api/panchanga?lang=en', 200],
  ['/api/panchanga', '/api/panchanga?lang=fr', 400],
  ['/api/panchanga/{year}/{month}', '/api/panchanga/2083/01', 200],
  ['/api/panchanga/{year}/{month}', '/api/panchanga/2150/12?lang=en', 200],
  ['/api/panchanga/{year}/{month}', '/api/panchanga/2083/13', 400],
  ['/api/panchanga/{year}/{month}', '/api/panchanga/1899/01', 404],
  ['/api/panchanga/by-english-date/{date}', '/api/panchanga/by-english-date/2026-04-14?lang=en', 200],
  ['/api/panchanga/by-english-date/{date}', '/api/panchanga/by-english-date/2026-02-30', 400],
  ['/api/panchanga/by-english-date/{date}', '/api/panchanga/by-english-date/2026-04-14?place=london', 200],
  ['/api/panchanga/by-english-date/{date}', '/api/panchanga/by-english-date/2026-04-14?lat=95&lon=0', 400],
  ['/api/panchanga', '/api/panchanga?lat=40.7128&lon=-74.006&tz=America/New_York', 200],
  ['/api/panchanga/range', '/api/panchanga/range?from=2026-04-10&to=2026-04-20&lang=en', 200],
  ['/api/panchanga/range', '/api/panchanga/range?from=2026-04-10&to=2026-04-20&place=pokhara', 200],
  ['/api/panchanga/range', '/api/panchanga/range?from=2026-04-10&to=2027-04-20', 400],
  ['/api/festivals/upcoming', '/api/festivals/upcoming?days=60', 200],
  ['/api/festivals/upcoming', '/api/festivals/upcoming?days=400', 400],
  ['/api/festivals/ids', '/api/festivals/ids?lang=en', 200],
  ['/api/festivals/{id}', '/api/festivals/vijaya_dashami?from=2083&to=2086&lang=en', 200],
  ['/api/festivals/{id}', '/api/festivals/no_such_festival', 404],
  ['/api/festivals/{id}', '/api/festivals/vijaya_dashami?from=2000&to=2100', 400],
  ['/api/places', '/api/places', 200],
  ['/api/panchanga/available-months', '/api/panchanga/available-months', 200],
  ['/api/date-converter', '/api/date-converter?date=2083-01-01&from=bs', 200],
  ['/api/date-converter', '/api/date-converter?date=२०८१-०२-३२', 200],
  ['/api/date-converter', '/api/date-converter?date=2082-13-01&from=bs', 400],
  ['/api/date-converter', '/api/date-converter?date=2300-01-01&from=bs', 404],
  ['/api/festivals', '/api/festivals?year=2083&lang=en', 200],
  ['/api/festivals', '/api/festivals?year=20x3', 400],
  ['/api/festivals', '/api/festivals?year=2084&holidays=only&lang=en', 200],
  ['/api/festivals', '/api/festivals?year=2084&category=festival,national-day', 200],
  ['/api/festivals', '/api/festivals?year=2084&category=holiday', 400],
  ['/api/festivals/upcoming', '/api/festivals/upcoming?days=90&holidays=only', 200],
  ['/api/muhurats', '/api/muhurats?year=2083', 200],
  ['/api/muhurats', '/api/muhurats?year=2090', 200],
  ['/api/muhurats', '/api/muhurats?category=nope', 400],
  ['/api/muhurats/upcoming', '/api/muhurats/upcoming?days=90&category=bibaha&lang=en', 200],
  ['/api/muhurats/upcoming', '/api/muhurats/upcoming?from=2026-02-30', 400],
  ['/api/v1/calendar.ics', '/api/v1/calendar.ics?holidays=bogus', 400],
  ['/api/admin/session', '/api/admin/session', 403],
  ['/api/admin/month', '/api/admin/month?year=2083&month=1', 403],
];

describe('the served OpenAPI document', () => {
  it('is public, valid OpenAPI 3.1, and documents every endpoint the tests call', async () => {
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    for (const [path] of CASES) expect(document.paths[path], path).toBeDefined();
  });

  it.each(CASES)('%s: %s answers %i as documented', async (path, request, status) => {
    const res = await server.fetch(request);
    expect(res.status).toBe(status);
    const body = await json(res);
    const validate = validatorFor(path, 'get', status);
    expect(validate(body), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
  });

  it('401 answers are documented problems', async () => {
    const res = await server.fetch('/api/festivals?year=2083', { token: null });
    expect(res.status).toBe(401);
    expect(validatorFor('/api/festivals', 'get', 401)(await json(res))).toBe(true);
  });

  it('admin sign-in: success and refusals as documented', async () => {
    const post = (body: unknown) =>
      server.fetch('/api/admin/login', {
        method: 'POST',
        token: null,
        headers: { 'Content-Type': 'application/json', Origin: server.baseUrl },
        body: JSON.stringify(body),
      });
    const okRes = await post({ user: 'admin', password: 'openapi-test-password' });
    expect(okRes.status).toBe(200);
    expect(validatorFor('/api/admin/login', 'post', 200)(await json(okRes))).toBe(true);
    const bad = await post({ user: 'admin' });
    expect(bad.status).toBe(422);
    expect(validatorFor('/api/admin/login', 'post', 422)(await json(bad))).toBe(true);
  });

  it.each(PUBLISHED_SCHEMAS.map((k) => k.name))(
    '/schemas/%s.json is published, and compiles',
    async (name) => {
      const res = await server.fetch(`/schemas/${name}.json`, { token: null });
      expect(res.status).toBe(200);
      const validate = new Ajv2020({ strict: false }).compile(await res.json());
      if (name === 'curated-month')
        expect(validate(JSON.parse(readFileSync('data/panchanga/2083/01.json', 'utf8')))).toBe(true);
    },
  );
});
