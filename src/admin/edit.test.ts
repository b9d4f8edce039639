/**
 * The admin edit against the local GitHub service over a real git repository holding a published month
 * (data/panchanga/2083/07.json, as curated from the almanacs): concurrent writes to different days all land,
 * a stale write to a changed day is a 409 that writes nothing, a retry of a landed change is reported as
 * landed, an answer lost after the ref moved is found landed, a file GitHub cannot read is never taken for
 * absent, every GitHub failure is classified, and a delete then re-import brings back the provenance.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startLocalGitHub, type LocalGitHub } from '../../scripts/local-github.ts';
import { gitRepository, type GitRepository } from '../../test/support/git-repository.ts';
import { curatedMonthSchema, type CuratedMonth } from '../contract/data-files.ts';
import { curatedPath } from '../almanac/month-check.ts';
import { applyDayUpdate } from './changes.ts';
import { editMonth, EditRefused, readMonth, type MonthEdit } from './edit.ts';
import { adminSource, normalizeImport } from './import.ts';
import { DataRepository, GitHubError } from './repository.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const [YEAR, MONTH] = [2083, 7];
const PATH = curatedPath(YEAR, MONTH);
const PUBLISHED = curatedMonthSchema().parse(JSON.parse(readFileSync(join(ROOT, PATH), 'utf8')));
const SOURCE = adminSource('tester');

let dir: string;
let service: LocalGitHub;
let repo: DataRepository;
/** The same repository with a short timeout, for the answer that never comes. */
let impatient: DataRepository;
let git: GitRepository['git'];
const stored = () => curatedMonthSchema().parse(JSON.parse(git('show', `HEAD:${PATH}`)));

beforeAll(async () => {
  ({ dir, git } = gitRepository(
    'panchanga-edit-',
    { [PATH]: readFileSync(join(ROOT, PATH), 'utf8') },
    'published month',
  ));
  service = await startLocalGitHub({ repoDir: dir, token: 'secret' });
  repo = new DataRepository({
    repo: 'local/data',
    branch: 'main',
    token: 'secret',
    apiUrl: service.url,
    // Generous: twenty writers share two busy cores here; the timeout itself is tested with `impatient`.
    timeoutMs: 120_000,
  });
  impatient = new DataRepository({
    repo: 'local/data',
    branch: 'main',
    token: 'secret',
    apiUrl: service.url,
    timeoutMs: 1000,
  });
});
afterEach(() => service.clearFaults());
afterAll(async () => {
  await service?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** An edit of one day's events, made from `base`. */
function eventEdit(base: string, gate: number, event: string): MonthEdit {
  return {
    year: YEAR,
    month: MONTH,
    user: 'tester',
    action: 'Set',
    base,
    scope: [gate],
    apply: (month) =>
      applyDayUpdate(month!, { year: YEAR, month: MONTH, gate, set: { events: [event] } }, SOURCE),
  };
}

describe('no lost update', () => {
  it('20 concurrent writes to different days from one base: all 20 land, each as one commit', async () => {
    const base = git('rev-parse', 'HEAD');
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => editMonth(repo, eventEdit(base, i + 1, `concurrent ${i + 1}`))),
    );
    expect(outcomes.map((o) => o.kind)).toEqual(Array(20).fill('committed'));
    expect(Number(git('rev-list', '--count', `${base}..HEAD`))).toBe(20);
    const month = stored();
    for (let gate = 1; gate <= 20; gate++) {
      const day = month.days[gate - 1]!;
      expect(day.events).toEqual([`concurrent ${gate}`]);
      // Only the events are the admin's: the tithi keeps its published provenance.
      const published = PUBLISHED.days[gate - 1]!;
      expect([day.tithi, day.tithiSource, day.confidence, day.printedTithi]).toEqual([
        published.tithi,
        published.tithiSource,
        published.confidence,
        published.printedTithi,
      ]);
      expect(day.eventsSource).toBe(SOURCE.id);
    }
  }, 600_000);

  it('writers in separate isolates (not taking turns) race for the branch; the losers rebase, and all land', async () => {
    const base = git('rev-parse', 'HEAD');
    const outcomes = await Promise.all(
      [21, 22, 23, 24].map((gate) =>
        editMonth(repo, eventEdit(base, gate, `isolate ${gate}`), { inTurn: false }),
      ),
    );
    expect(outcomes.map((o) => o.kind)).toEqual(Array(4).fill('committed'));
    expect(outcomes.filter((o) => o.kind === 'committed' && o.rebased).length).toBeGreaterThanOrEqual(3);
    expect(Number(git('rev-list', '--count', `${base}..HEAD`))).toBe(4);
    expect(
      stored()
        .days.slice(20, 24)
        .map((d) => d.events),
    ).toEqual([21, 22, 23, 24].map((g) => [`isolate ${g}`]));
  }, 600_000);

  it('a write to a day changed since its base is a conflict naming the change, and writes nothing', async () => {
    const base = git('rev-parse', 'HEAD');
    expect((await editMonth(repo, eventEdit(base, 25, 'first admin'))).kind).toBe('committed');
    const after = git('rev-parse', 'HEAD');
    const outcome = await editMonth(repo, eventEdit(base, 25, 'second admin'));
    expect(outcome).toMatchObject({ kind: 'conflict', base, head: after });
    expect(outcome.kind === 'conflict' && outcome.changes).toEqual([
      expect.objectContaining({ gate: 25, field: 'events', to: ['first admin'] }),
      expect.objectContaining({ gate: 25, field: 'eventsSource' }),
    ]);
    expect(git('rev-parse', 'HEAD')).toBe(after);
    expect(stored().days[24]!.events).toEqual(['first admin']);
  }, 120_000);

  it('a whole-month write from an old base is a conflict when any day changed', async () => {
    const base = git('rev-list', '--max-parents=0', 'HEAD');
    const before = git('rev-parse', 'HEAD');
    const outcome = await editMonth(repo, {
      year: YEAR,
      month: MONTH,
      user: 'tester',
      action: 'Delete',
      base,
      scope: 'month',
      apply: () => null,
    });
    expect(outcome.kind).toBe('conflict');
    expect(git('rev-parse', 'HEAD')).toBe(before);
  }, 120_000);

  it('a retried change that already landed is reported as landed, with its commit', async () => {
    const base = git('rev-parse', 'HEAD');
    const first = await editMonth(repo, eventEdit(base, 26, 'retried'));
    expect(first.kind).toBe('committed');
    const again = await editMonth(repo, eventEdit(base, 26, 'retried'));
    expect(again).toMatchObject({ kind: 'landed', commit: first.kind === 'committed' && first.commit });
    expect(Number(git('rev-list', '--count', `${base}..HEAD`))).toBe(1);
  }, 120_000);

  it('a change whose ref update landed but whose answer was lost is found landed in the same request', async () => {
    const base = git('rev-parse', 'HEAD');
    service.fail({ method: 'PATCH', path: /^\/git\/refs\//, mode: 'lose-answer', times: 1 });
    const outcome = await editMonth(repo, eventEdit(base, 27, 'answer lost'));
    expect(outcome.kind).toBe('landed');
    expect(Number(git('rev-list', '--count', `${base}..HEAD`))).toBe(1);
    expect(stored().days[26]!.events).toEqual(['answer lost']);
  }, 120_000);
});

describe('never wipe on doubt', () => {
  const head = () => git('rev-parse', 'HEAD');

  it('a 404 for a file its folder lists is an unexpected answer, not an absent file', async () => {
    service.fail({
      method: 'GET',
      path: /^\/contents\/data\/panchanga\/2083\/07\.json$/,
      mode: 'status',
      status: 404,
    });
    await expect(readMonth(repo, PATH, head())).rejects.toMatchObject({ failure: 'unexpected' });
  });

  it('a body of the wrong shape is an unexpected answer', async () => {
    service.fail({
      method: 'GET',
      path: /^\/contents\//,
      mode: 'garbage',
      body: '<html>rate limited</html>',
    });
    await expect(readMonth(repo, PATH, head())).rejects.toMatchObject({ failure: 'unexpected' });
  });

  it('an answer that never comes is a timeout', async () => {
    service.fail({ method: 'GET', path: /^\/contents\//, mode: 'hang' });
    await expect(readMonth(impatient, PATH, head())).rejects.toMatchObject({ failure: 'timeout' });
  }, 60_000);

  it('a file that is really absent reads as absent', async () => {
    expect(await readMonth(repo, curatedPath(2083, 5), head())).toBeNull();
    expect(await readMonth(repo, curatedPath(2099, 5), head())).toBeNull();
  });

  it('a delete whose read of the month fails writes nothing', async () => {
    const before = head();
    service.fail({
      method: 'GET',
      path: /^\/contents\/data\/panchanga\/2083\/07\.json$/,
      mode: 'status',
      status: 404,
    });
    const deleting = editMonth(repo, {
      year: YEAR,
      month: MONTH,
      user: 'tester',
      action: 'Delete',
      base: before,
      scope: 'month',
      apply: (month) => {
        if (!month) throw new EditRefused('not-found', 'nothing to delete');
        return null;
      },
    });
    await expect(deleting).rejects.toBeInstanceOf(GitHubError);
    expect(head()).toBe(before);
    expect(stored().days.length).toBe(PUBLISHED.days.length);
  });
});

describe('GitHub failures are classified', () => {
  it.each([
    [{ status: 401, body: { message: 'Bad credentials' } }, 'unauthorized', undefined],
    [
      {
        status: 403,
        body: { message: 'API rate limit exceeded' },
        headers: { 'x-ratelimit-remaining': '0', 'retry-after': '42' },
      },
      'rate-limited',
      42,
    ],
    [{ status: 429, body: { message: 'slow down' }, headers: { 'retry-after': '7' } }, 'rate-limited', 7],
    [{ status: 500, body: { message: 'boom' } }, 'down', 30],
    [{ status: 503, body: { message: 'unavailable' } }, 'down', 30],
  ])('%j → %s', async (fault, failure, retryAfter) => {
    service.fail({ mode: 'status', ...fault });
    const error = await repo.head().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitHubError);
    expect(error).toMatchObject({ failure, retryAfterSec: retryAfter });
  });

  it('a protected branch refuses the ref update: protected, and the branch is as it was', async () => {
    const before = git('rev-parse', 'HEAD');
    service.fail({
      method: 'PATCH',
      mode: 'status',
      status: 422,
      body: { message: 'Protected branch update failed for refs/heads/main.' },
    });
    const outcome = editMonth(repo, eventEdit(before, 28, 'protected'));
    await expect(outcome).rejects.toMatchObject({ failure: 'protected' });
    expect(git('rev-parse', 'HEAD')).toBe(before);
  }, 60_000);

  it('an unknown base commit is named as such', async () => {
    await expect(editMonth(repo, eventEdit('0'.repeat(40), 28, 'x'))).rejects.toMatchObject({
      failure: 'unknown-commit',
    });
  });

  it('GitHub down mid-change (the commit write fails) leaves the branch as it was', async () => {
    const before = git('rev-parse', 'HEAD');
    service.fail({ method: 'POST', path: /^\/git\/commits$/, mode: 'status', status: 500 });
    await expect(editMonth(repo, eventEdit(before, 28, 'down'))).rejects.toMatchObject({ failure: 'down' });
    expect(git('rev-parse', 'HEAD')).toBe(before);
  }, 60_000);
});

describe('provenance over delete and re-import', () => {
  it('re-importing a deleted month as printed restores confidence, eventsSource and printedTithi', async () => {
    const before = stored();
    const deleted = await editMonth(repo, {
      year: YEAR,
      month: MONTH,
      user: 'tester',
      action: 'Delete',
      base: git('rev-parse', 'HEAD'),
      scope: 'month',
      apply: () => null,
    });
    expect(deleted.kind).toBe('committed');
    expect(() => git('cat-file', '-e', `HEAD:${PATH}`)).toThrow();
    const input = {
      year: YEAR,
      month: MONTH,
      days: before.days.map((d) => ({
        gate: d.gate,
        tithi: d.tithi,
        ...(d.tithiEnds ? { tithiEnds: d.tithiEnds } : {}),
        festivals: d.events,
        holiday: d.holiday,
      })),
    };
    const outcome = await editMonth(repo, {
      year: YEAR,
      month: MONTH,
      user: 'tester',
      action: 'Import',
      base: git('rev-parse', 'HEAD'),
      scope: 'month',
      apply: async (month, context) => {
        const result = normalizeImport(input, SOURCE, month, month ?? (await context.lastVersion()));
        if ('errors' in result) throw new Error(JSON.stringify(result.errors));
        return result.month;
      },
    });
    expect(outcome.kind).toBe('committed');
    const after = stored();
    const provenance = (m: CuratedMonth) =>
      m.days.map((d) => [d.tithi, d.confidence, d.tithiSource, d.eventsSource, d.printedTithi]);
    expect(provenance(after)).toEqual(provenance(before));
    expect(before.days.some((d) => d.printedTithi !== undefined)).toBe(true);
  }, 120_000);
});
