/**
 * The admin flow through real HTTP (wrangler pages dev, with its local Workers KV) and the embedded local GitHub
 * service over a clone of this repository: sign-in and sessions that end, every mutation as one commit made from
 * the version the admin read, the served API rebuilt from the commit, undo from history, concurrent admins (20
 * writers to different days all land; a stale write is a 409 that writes nothing), GitHub failing in every way
 * the attack tried (each a clear problem, nothing written, nothing wiped), and every refusal (no session, forged
 * or expired cookie, foreign origin, wrong payload, bad file), each leaving the repository exactly as it was.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_ADMIN, startDevAdmin, type DevAdmin } from '../../scripts/dev-admin.ts';
import { PAKSHAS } from '../../src/calendar/names.ts';
import { curatedMonthSchema } from '../../src/contract/data-files.ts';
import type { FestivalOccurrence } from '../../src/contract/festival.ts';
import { monthAnswerSchema, monthFromAnswer } from '../../src/contract/day-record.ts';
import { signSession } from '../../src/http/session.ts';
import { almanacYear, parserRow } from '../support/shared-data.ts';
import { json, startServer, type TestServer } from './server.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const SECRET = 'integration-session-secret-0123456789';
let work: string;
let repoDir: string;
let admin: DevAdmin;
let server: TestServer;
let origin: string;
let cookie: string;

const git = (...args: string[]) => execFileSync('git', args, { cwd: repoDir, encoding: 'utf8' }).trim();
const head = () => git('rev-parse', 'HEAD');
const storedAt = (path: string) => curatedMonthSchema().parse(JSON.parse(git('show', `HEAD:${path}`)));

/**
 * POST as the signed-in admin from the site's origin; a change names the branch head as its base
 * (`If-Match`) unless `base` says otherwise (null: none).
 */
function post(
  path: string,
  body: unknown,
  init: { cookie?: string | null; origin?: string | null; type?: string; base?: string | null } = {},
) {
  const headers = new Headers({ 'Content-Type': init.type ?? 'application/json' });
  const base = init.base === undefined ? head() : init.base;
  if (base) headers.set('If-Match', `"${base}"`);
  const sendOrigin = init.origin === undefined ? origin : init.origin;
  if (sendOrigin) headers.set('Origin', sendOrigin);
  const sendCookie = init.cookie === undefined ? cookie : init.cookie;
  if (sendCookie) headers.set('Cookie', sendCookie);
  return server.fetch(path, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    token: null,
  });
}

async function login(user: string = DEV_ADMIN.user, password: string = DEV_ADMIN.password) {
  return post('/api/admin/login', { user, password }, { cookie: null });
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'panchanga-admin-'));
  repoDir = join(work, 'repo');
  execFileSync('git', ['clone', '-q', ROOT, repoDir]);
  git('config', 'user.name', 'Setup');
  git('config', 'user.email', 'setup@example.org');
  cpSync(join(ROOT, 'dist'), join(work, 'dist'), { recursive: true });
  admin = await startDevAdmin({
    repoDir,
    distDir: join(work, 'dist'),
    config: { SESSION_SECRET: SECRET },
    onRebuild: (ok, output) => expect(ok, output).toBe(true),
  });
  server = await startServer(
    { ...admin.bindings, SESSION_SECRET: SECRET, GITHUB_TIMEOUT_MS: '8000' },
    { dist: join(work, 'dist') },
  );
  origin = server.baseUrl;
  const res = await login();
  expect(res.status).toBe(200);
  cookie = res.headers.get('Set-Cookie')!.split(';')[0]!;
}, 180_000);
afterAll(async () => {
  await server?.stop();
  await admin?.settled();
  await admin?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('sessions', () => {
  it('sign in sets a signed HttpOnly, Secure, SameSite=Strict cookie with an expiry', async () => {
    const res = await login();
    const set = res.headers.get('Set-Cookie')!;
    expect(set).toMatch(/^panchanga_session=[^;]+\.\d+\.[^;]+;/);
    for (const attribute of ['HttpOnly', 'Secure', 'SameSite=Strict', 'Path=/', 'Max-Age=28800'])
      expect(set).toContain(attribute);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const who = await server.fetch('/api/admin/session', { headers: { Cookie: cookie }, token: null });
    expect((await json(who)).data.user).toBe(DEV_ADMIN.user);
  });

  it('refuses a wrong password, and limits failed sign-ins', async () => {
    const wrong = await login(DEV_ADMIN.user, 'not-the-password');
    expect(wrong.status).toBe(403);
    expect(wrong.headers.get('Set-Cookie')).toBeNull();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await login('someone-else', `guess-${i}`)).status);
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429]);
    expect((await login('someone-else', 'guess')).headers.get('Retry-After')).toMatch(/^\d+$/);
  });

  it('refuses sign-in from a foreign origin', async () => {
    const res = await post('/api/admin/login', DEV_ADMIN, { cookie: null, origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });

  it('limits failed sign-ins per user, whatever address they come from', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await server.fetch('/api/admin/login', {
        method: 'POST',
        token: null,
        headers: {
          'Content-Type': 'application/json',
          Origin: origin,
          'CF-Connecting-IP': `203.0.113.${i + 1}`,
          'X-Forwarded-For': `198.51.100.${i + 1}`,
        },
        body: JSON.stringify({ user: 'rotating', password: `guess-${i}` }),
      });
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429]);
  });

  it('two sign-ins get two sessions; logout revokes its own server-side, the other lives on', async () => {
    const cookieOf = async () => (await login()).headers.get('Set-Cookie')!.split(';')[0]!;
    const [a, b] = [await cookieOf(), await cookieOf()];
    expect(a).not.toBe(b);
    const res = await post('/api/admin/logout', {}, { cookie: a, base: null });
    expect(res.status).toBe(200);
    expect(res.headers.get('Set-Cookie')).toMatch(/^panchanga_session=; .*Max-Age=0/);
    const who = (c: string) => server.fetch('/api/admin/session', { headers: { Cookie: c }, token: null });
    const revoked = await who(a);
    expect(revoked.status).toBe(403);
    expect((await json(revoked)).detail).toMatch(/signed out/);
    expect((await post('/api/panchanga/delete', { year: 2083, month: 5 }, { cookie: a })).status).toBe(403);
    expect((await who(b)).status).toBe(200);
    // Signing out with a revoked cookie, or none, has no session to end: it still answers 200 and clears the cookie.
    for (const stale of [a, null]) {
      const again = await post('/api/admin/logout', {}, { cookie: stale, base: null });
      expect(again.status).toBe(200);
      expect(again.headers.get('Set-Cookie')).toMatch(/^panchanga_session=; .*Max-Age=0/);
    }
  });

  it('admin GETs refuse a foreign Origin or a cross-site fetch, like the POSTs', async () => {
    for (const headers of [{ Origin: 'https://evil.example' }, { 'Sec-Fetch-Site': 'cross-site' }] as Record<
      string,
      string
    >[]) {
      for (const path of [
        '/api/admin/session',
        '/api/admin/month?year=2083&month=5',
        '/api/admin/history?year=2083&month=5',
      ]) {
        const res = await server.fetch(path, { headers: { ...headers, Cookie: cookie }, token: null });
        expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
        expect(res.headers.get('Access-Control-Allow-Origin')).toBeNull();
        await res.arrayBuffer();
      }
    }
  });
});

describe('refusals leave the repository as it was', () => {
  const mutations: [string, unknown][] = [
    ['/api/panchanga', { year: 2083, month: 5, gate: 10, set: { holiday: true } }],
    ['/api/panchanga/import', { year: 2083, month: 5, days: [{ gate: 1, tithi: 1 }] }],
    ['/api/panchanga/delete', { year: 2083, month: 5 }],
  ];

  it.each(mutations)(
    '%s: no session, forged, expired, foreign origin, no origin, wrong types',
    async (path, body) => {
      const before = head();
      const [value] = cookie.split('=').slice(1);
      const [user, expiry, id, signature] = value!.split('.');
      const forged = `panchanga_session=${user}.${Number(expiry) + 86400}.${id}.${signature}`;
      const expired = `panchanga_session=${await signSession(DEV_ADMIN.user, Math.floor(Date.now() / 1000) - 60, SECRET)}`;
      const otherKey = `panchanga_session=${await signSession(DEV_ADMIN.user, Math.floor(Date.now() / 1000) + 600, 'another-secret')}`;
      const cases: [Parameters<typeof post>[2], number, RegExp][] = [
        [{ cookie: null }, 403, /Sign in first/],
        [{ cookie: forged }, 403, /not valid/],
        [{ cookie: otherKey }, 403, /not valid/],
        [{ cookie: expired }, 403, /expired/],
        [{ origin: 'https://evil.example' }, 403, /evil\.example/],
        [{ origin: null }, 403, /Origin header is required/],
        [{ type: 'text/plain' }, 415, /application\/json/],
      ];
      for (const [init, status, detail] of cases) {
        const res = await post(path, body, init);
        expect(res.status, JSON.stringify(init)).toBe(status);
        expect(res.headers.get('Content-Type')).toMatch(/^application\/problem\+json/);
        expect((await json(res)).detail).toMatch(detail);
      }
      // Refused before the body is read: a foreign or signed-out request is never told what its body lacked
      // (it was answered 422, naming the missing fields, and 415 for another media type).
      for (const init of [{ cookie: null }, { origin: 'https://evil.example' }, { origin: null }]) {
        for (const [bad, type] of [
          ['{"year": 20', undefined],
          [{}, undefined],
          ['x', 'text/plain'],
        ] as const) {
          const res = await post(path, bad, { ...init, type });
          expect(res.status, `${JSON.stringify(init)} ${JSON.stringify(bad)}`).toBe(403);
        }
      }
      const malformed = await post(path, '{"year": 20');
      expect(malformed.status).toBe(400);
      const wrong = await post(path, { year: 'two thousand', month: 5, unexpected: true });
      expect(wrong.status).toBe(422);
      // Each wrong field in the API's words, not zod's ("Invalid input: expected number, received string").
      const { errors } = (await json(wrong)) as { errors: { field: string; message: string }[] };
      expect(errors.length).toBeGreaterThan(0);
      for (const { message } of errors)
        expect(message).not.toMatch(/Invalid|expected|Too (big|small)|received/);
      expect(head()).toBe(before);
    },
  );

  it('a day update naming no field, or a day the month does not have, is refused', async () => {
    const before = head();
    const empty = await post('/api/panchanga', { year: 2083, month: 5, gate: 10, set: {} });
    expect(empty.status).toBe(422);
    expect((await json(empty)).field).toBe('set');
    const gate = await post('/api/panchanga', { year: 2083, month: 5, gate: 32, set: { holiday: true } });
    expect(gate.status).toBe(422);
    expect(await json(gate)).toMatchObject({ field: 'gate', detail: 'BS 2083-5 has 31 days, not 32' });
    // In a year the table projects, the answer says where a month's length is corrected.
    const projected = await post('/api/panchanga', {
      year: 2084,
      month: 1,
      gate: 32,
      set: { holiday: true },
    });
    expect(projected.status).toBe(422);
    expect((await json(projected)).detail).toMatch(
      /^BS 2084-1 has 31 days, not 32 \(a projected length: .*CONTRIBUTING/,
    );
    const tithi = await post('/api/panchanga', { year: 2083, month: 5, gate: 3, set: { tithi: 31 } });
    expect(tithi.status).toBe(422);
    const tithiProblem = await json(tithi);
    expect(tithiProblem.field).toBe('set.tithi');
    expect(tithiProblem.detail).not.toMatch(/Invalid|expected|Too (big|small)|received/);
    // A field the body does not have is named, in the body or in `set`.
    const misplaced = await post('/api/panchanga', { year: 2083, month: 5, gate: 3, tithi: 5 });
    expect(misplaced.status).toBe(422);
    expect((await json(misplaced)).errors).toContainEqual({ field: 'tithi', message: 'not a field here' });
    const unknown = await post('/api/panchanga', { year: 2083, month: 5, gate: 3, set: { tithee: 5 } });
    expect(unknown.status).toBe(422);
    expect(await json(unknown)).toMatchObject({
      field: 'set.tithee',
      detail: 'set.tithee: not a field here',
    });
    expect(head()).toBe(before);
  });

  it('a tithi that contradicts the month’s own printed end times is refused, naming the day; nothing is committed', async () => {
    const before = head();
    // BS 2083-07-15 prints saptami ending 19:05 (the importer's reading of the almanac's own end times); the
    // almanac's label, ashtami, cannot follow 2083-07-14's shashthi ending 21:24 the evening before.
    const res = await post('/api/panchanga', { year: 2083, month: 7, gate: 15, set: { tithi: 23 } });
    expect(res.status).toBe(422);
    const body = await json(res);
    expect(body.field).toBe('tithi');
    expect(body.errors).toContainEqual(expect.objectContaining({ gate: 15, field: 'tithi' }));
    expect(body.detail).toMatch(/day 15.*tithi.*is 23.*make it 22/);
    expect(head()).toBe(before);
  });

  it('a bad import file answers 422 with an error per row and field, and nothing is committed', async () => {
    const before = head();
    const res = await post('/api/panchanga/import', {
      year: '२०८३',
      month: '५',
      days: [
        { gate: '१', tithi: 'x' },
        { gate: 2, tithi: 5, baar: 'आइतबार', sunrise: '25:99' },
        { gate: 40, tithi: 3 },
        { gate: 3, tithiName: 'नवमी' },
      ],
    });
    expect(res.status).toBe(422);
    const errors = (await json(res)).errors as { row: number; field: string }[];
    expect(errors.map((e) => `${e.row}:${e.field}`)).toEqual(
      expect.arrayContaining(['1:tithi', '2:baar', '2:sunrise', '3:gate', '4:tithiName']),
    );
    expect(head()).toBe(before);
  });
});

describe('mutations', () => {
  it('POST /api/panchanga sets one day as one commit naming the admin, and the API serves it', async () => {
    const before = head();
    const res = await post('/api/panchanga', {
      year: 2083,
      month: 5,
      gate: 10,
      set: { events: ['परीक्षण पर्व'], holiday: true, note: 'integration test' },
    });
    expect(res.status).toBe(200);
    const result = (await json(res)).data;
    expect(result.commit).toBe(head());
    // A name no almanac printed before: the answer names it, as the glossary does not have it yet.
    expect(result.unknownNames).toEqual(['परीक्षण पर्व']);
    expect(git('rev-list', '--count', `${before}..HEAD`)).toBe('1');
    expect(git('log', '-1', '--format=%an|%s')).toMatch(/^admin\|Set BS 2083-05: day 10 /);
    expect(git('diff', '--name-only', before, 'HEAD')).toBe('data/panchanga/2083/05.json');
    const day = storedAt('data/panchanga/2083/05.json').days[9]!;
    const was = curatedMonthSchema().parse(JSON.parse(git('show', `${before}:data/panchanga/2083/05.json`)))
      .days[9]!;
    expect(day).toMatchObject({ gate: 10, events: ['परीक्षण पर्व'], holiday: true, eventsSource: 'admin' });
    // The events are the admin's; the tithi keeps its published provenance.
    expect([day.tithi, day.tithiSource, day.confidence]).toEqual([
      was.tithi,
      was.tithiSource,
      was.confidence,
    ]);
    await admin.settled();
    const served = monthFromAnswer(
      monthAnswerSchema.parse(await json(await server.fetch('/api/panchanga/2083/05'))),
    );
    expect(served.days[9]!.events.map((e) => e.name)).toContain('परीक्षण पर्व');
    expect(served.days[9]!.holiday).toBe(true);
  }, 600_000); // waits for the rebuild: seconds alone, minutes on a busy machine

  it('delete, dry-run import, then import a printed month as the parser gives it; the API serves the almanac', async () => {
    const path = 'data/panchanga/2082/03.json';
    const original = git('show', `HEAD:${path}`);
    /** A published occurrence of Asar 2082 as /api/festivals/{id} answers it, and as the year's listing has it. */
    const asar = async () => {
      const listed = (await json(await server.fetch('/api/festivals?year=2082'))).data.festivals.filter(
        (f: FestivalOccurrence) => f.bsDate.startsWith('2082-03-') && f.id === 'EKADASHI_HARISHAYANI',
      );
      const byId = (await json(await server.fetch('/api/festivals/ekadashi_harishayani?from=2082&to=2082')))
        .data;
      expect(byId.festivals).toEqual(listed);
      return byId.festivals as FestivalOccurrence[];
    };
    expect(await asar()).toMatchObject([{ decidedBy: 'published', estimated: false }]);
    const deleted = await post('/api/panchanga/delete', { year: 2082, month: 3 });
    expect(deleted.status).toBe(200);
    expect(() => git('cat-file', '-e', `HEAD:${path}`)).toThrow();
    expect((await post('/api/panchanga/delete', { year: 2082, month: 3 })).status).toBe(404);
    // The rebuild writes that year's files again and the listing of every year: the month is computed now.
    await admin.settled();
    const listing = (await json(await server.fetch('/api/panchanga/available-months'))).data;
    const year2082 = listing.years.find((y: { year: number }) => y.year === 2082);
    expect(year2082.curatedMonths).not.toContain(3);
    expect(year2082.curatedMonths).toContain(4);
    expect(listing.years).toHaveLength(301);
    const computed = monthFromAnswer(
      monthAnswerSchema.parse(await json(await server.fetch('/api/panchanga/2082/3'))),
    );
    expect(computed.curated).toBe(false);
    // The id's own file is written again from the year's listing: its day is the rule's now.
    expect(await asar()).toMatchObject([{ decidedBy: 'rule', estimated: true }]);

    // The almanac's month, written as a text-recognition parser would: Devanagari digits, names, weekdays.
    const almanac = almanacYear(2082).filter((d) => d.bsM === 3);
    const file = {
      year: '२०८२',
      month: '३',
      source: { id: 'almanac_photo_2082', name: 'Printed almanac 2082, page scan' },
      days: almanac.map((d) => ({
        ...parserRow(d),
        englishDate: d.ad,
        paksha: PAKSHAS[d.tithi > 15 ? 1 : 0]!.ne.split(' ')[0],
        holiday: undefined,
      })),
    };
    const before = head();
    const dry = await post('/api/panchanga/import?dryRun=true', file);
    expect(dry.status).toBe(200);
    const preview = (await json(dry)).data;
    expect(preview).toMatchObject({ commit: null, dryRun: true, path });
    // Every name the almanac printed is in the glossary: none is named as unknown.
    expect(preview.changes.some((c: { field: string }) => c.field === 'events')).toBe(true);
    expect(preview.unknownNames).toBeUndefined();
    expect(preview.changes.filter((c: { field: string }) => c.field === 'tithi')).toHaveLength(
      almanac.length,
    );
    expect(head()).toBe(before);

    const form = new FormData();
    form.set('file', new Blob([JSON.stringify(file)], { type: 'application/json' }), '2082-03.json');
    form.set('base', before);
    const imported = await server.fetch('/api/panchanga/import', {
      method: 'POST',
      headers: { Origin: origin, Cookie: cookie },
      body: form,
      token: null,
    });
    expect(imported.status).toBe(200);
    expect(git('rev-list', '--count', `${before}..HEAD`)).toBe('1');
    expect(git('log', '-1', '--format=%s')).toMatch(/^Import BS 2082-03/);
    const stored = storedAt(path);
    expect(stored.sources[0]!.id).toBe('almanac_photo_2082');
    expect(stored.days.map((d) => d.tithi)).toEqual(almanac.map((d) => d.tithi));

    await admin.settled();
    const served = monthFromAnswer(
      monthAnswerSchema.parse(await json(await server.fetch('/api/panchanga/2082/3'))),
    );
    expect(served.curated).toBe(true);
    served.days.forEach((day, i) => {
      expect(day.tithiIndex).toBe(almanac[i]!.tithi);
      expect(day.englishDate).toBe(almanac[i]!.ad);
    });

    // Undo from history: the import and the delete are listed; restoring the version before the delete
    // brings the month back byte for byte, as one more commit.
    const history = (
      await json(
        await server.fetch('/api/admin/history?year=2082&month=3', {
          headers: { Cookie: cookie },
          token: null,
        }),
      )
    ).data.history as { commit: string; parent: string; message: string }[];
    expect(history.slice(0, 2).map((h) => h.message.split(':')[0])).toEqual([
      'Import BS 2082-03',
      'Delete BS 2082-03',
    ]);
    const restored = await post('/api/admin/restore', { year: 2082, month: 3, from: history[1]!.parent });
    expect(restored.status).toBe(200);
    expect(git('show', `HEAD:${path}`)).toBe(original);
  }, 600_000); // waits for the rebuild: seconds alone, minutes on a busy machine

  it('a stale write is a 409 naming what changed and writes nothing; a write to another day lands', async () => {
    const read = await server.fetch('/api/admin/month?year=2083&month=8', {
      headers: { Cookie: cookie },
      token: null,
    });
    const seen = (await json(read)).data.commit as string;
    expect(read.headers.get('ETag')).toBe(`"${seen}"`);
    const first = await post(
      '/api/panchanga',
      { year: 2083, month: 8, gate: 12, set: { note: 'admin A' } },
      { base: seen },
    );
    expect(first.status).toBe(200);
    const after = head();
    const stale = await post(
      '/api/panchanga',
      { year: 2083, month: 8, gate: 12, set: { note: 'admin B' }, base: seen },
      { base: null },
    );
    expect(stale.status).toBe(409);
    const problemBody = await json(stale);
    expect(problemBody.errors).toContainEqual(
      expect.objectContaining({ gate: 12, field: 'note', to: 'admin A' }),
    );
    expect(head()).toBe(after);
    expect(storedAt('data/panchanga/2083/08.json').days[11]!.note).toBe('admin A');
    const other = await post(
      '/api/panchanga',
      { year: 2083, month: 8, gate: 13, set: { note: 'admin B' } },
      { base: seen },
    );
    expect(other.status).toBe(200);
    expect((await json(other)).data.rebased).toBe(true);
    const missing = await post(
      '/api/panchanga',
      { year: 2083, month: 8, gate: 14, set: { note: 'x' } },
      { base: null },
    );
    expect(missing.status).toBe(428);
    expect((await json(missing)).field).toBe('base');
  });

  it('20 admins writing different days at once from the same version: all 20 land, nothing lost', async () => {
    const before = head();
    const gates = Array.from({ length: 20 }, (_, i) => i + 1);
    const responses = await Promise.all(
      gates.map((gate) =>
        post(
          '/api/panchanga',
          { year: 2083, month: 6, gate, set: { note: `writer ${gate}` } },
          { base: before },
        ).then(async (r) => [r.status, await r.text()] as const),
      ),
    );
    expect(
      responses.map(([status]) => status),
      JSON.stringify(responses.find(([s]) => s !== 200)),
    ).toEqual(gates.map(() => 200));
    expect(Number(git('rev-list', '--count', `${before}..HEAD`))).toBe(20);
    const days = storedAt('data/panchanga/2083/06.json').days;
    for (const gate of gates) expect(days[gate - 1]!.note).toBe(`writer ${gate}`);
  }, 600_000);
});

describe('GitHub failing: a clear problem, nothing written, nothing wiped', () => {
  const month = 'data/panchanga/2083/09.json';
  afterAll(() => admin.github!.clearFaults());

  it.each([
    [
      'a 404 for the listed month file',
      { method: 'GET', path: /^\/contents\/data\/panchanga\/2083\/09\.json$/, mode: 'status', status: 404 },
      502,
      /404 for a file the tree lists/,
    ],
    [
      'a body of the wrong shape',
      { method: 'GET', path: /^\/contents\//, mode: 'garbage' },
      502,
      /not a file/,
    ],
    ['GitHub down', { mode: 'status', status: 500 }, 502, /GitHub failed \(500\)/],
    [
      'a revoked token',
      { mode: 'status', status: 401, body: { message: 'Bad credentials' } },
      502,
      /revoked or expired/,
    ],
    [
      'the rate limit',
      {
        mode: 'status',
        status: 403,
        body: { message: 'API rate limit exceeded' },
        headers: { 'x-ratelimit-remaining': '0', 'retry-after': '120' },
      },
      503,
      /rate limit/,
    ],
    [
      'a protected branch',
      {
        method: 'PATCH',
        mode: 'status',
        status: 422,
        body: { message: 'Protected branch update failed for refs/heads/main.' },
      },
      403,
      /protected/,
    ],
    [
      'an answer that never comes',
      { method: 'GET', path: /^\/contents\//, mode: 'hang' },
      503,
      /did not answer in time/,
    ],
  ] as const)(
    '%s: delete answers %s',
    async (_, fault, status, detail) => {
      const before = head();
      const text = git('show', `HEAD:${month}`);
      admin.github!.fail(fault as Parameters<NonNullable<DevAdmin['github']>['fail']>[0]);
      const res = await post('/api/panchanga/delete', { year: 2083, month: 9 }, { base: before });
      admin.github!.clearFaults();
      expect(res.status).toBe(status);
      expect(res.headers.get('Content-Type')).toMatch(/^application\/problem\+json/);
      const body = await json(res);
      expect(body.detail).toMatch(detail);
      expect(body.detail).not.toContain(admin.bindings.GITHUB_TOKEN!);
      if (status === 503) expect(res.headers.get('Retry-After')).toMatch(/^\d+$/);
      expect(head()).toBe(before);
      expect(git('show', `HEAD:${month}`)).toBe(text);
    },
    120_000,
  );

  it('a change that landed but whose answer was lost is reported as landed', async () => {
    const before = head();
    admin.github!.fail({ method: 'PATCH', path: /^\/git\/refs\//, mode: 'lose-answer', times: 1 });
    const res = await post(
      '/api/panchanga',
      { year: 2083, month: 9, gate: 3, set: { note: 'lost answer' } },
      { base: before },
    );
    expect(res.status).toBe(200);
    const body = (await json(res)).data;
    expect(body.landed).toBe(true);
    expect(body.commit).toBe(head());
    expect(Number(git('rev-list', '--count', `${before}..HEAD`))).toBe(1);
    // The admin's own retry of the same request, from the same base, is reported landed too.
    const retry = await post(
      '/api/panchanga',
      { year: 2083, month: 9, gate: 3, set: { note: 'lost answer' } },
      { base: before },
    );
    expect((await json(retry)).data).toMatchObject({ landed: true, commit: body.commit });
    expect(Number(git('rev-list', '--count', `${before}..HEAD`))).toBe(1);
  }, 120_000);
});
