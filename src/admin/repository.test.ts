/**
 * DataRepository (octokit, Git Data API) against the embedded local GitHub service over a real git repository:
 * one commit per change whatever the file count, deletions, the checked-out working tree following, and
 * concurrent writers: each either lands or is refused, and the final history holds exactly the landed ones.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalGitHub, type LocalGitHub } from '../../scripts/local-github.ts';
import { gitRepository, type GitRepository } from '../../test/support/git-repository.ts';
import { ConcurrentChangeError, DataRepository } from './repository.ts';

const AUTHOR = { name: 'Test Admin', email: 'admin@example.org' };
let dir: string;
let service: LocalGitHub;
let repo: DataRepository;
const updates: string[][] = [];
let git: GitRepository['git'];

beforeAll(async () => {
  ({ dir, git } = gitRepository(
    'panchanga-repo-',
    { 'data/a.json': '{"a":1}\n', 'README.md': 'x\n' },
    'initial',
  ));
  service = await startLocalGitHub({
    repoDir: dir,
    token: 'secret',
    onUpdate: (_, paths) => updates.push(paths),
  });
  // A generous timeout: the writers below share busy cores (timeouts are tested in edit.test.ts).
  repo = new DataRepository({
    repo: 'local/data',
    branch: 'main',
    token: 'secret',
    apiUrl: service.url,
    timeoutMs: 120_000,
  });
});
afterAll(async () => {
  await service?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('DataRepository over the local GitHub service', () => {
  it('reads files at a commit, and null for a missing one', async () => {
    const head = await repo.head();
    expect(head.commit).toBe(git('rev-parse', 'HEAD'));
    expect(await repo.readFile('data/a.json', head.commit)).toBe('{"a":1}\n');
    expect(await repo.readFile('data/none.json', head.commit)).toBeNull();
  });

  it('writes several files and a deletion as one commit, and the working tree follows', async () => {
    const before = git('rev-parse', 'HEAD');
    const head = await repo.head();
    const sha = await repo.commit(
      head,
      'Two files, one deleted',
      [
        { path: 'data/b/नयाँ.json', content: '{"b":"२०८३"}\n' },
        { path: 'data/c.json', content: '{}\n' },
        { path: 'data/a.json', content: null },
      ],
      AUTHOR,
    );
    expect(git('rev-parse', 'HEAD')).toBe(sha);
    expect(git('rev-list', '--count', `${before}..${sha}`)).toBe('1');
    expect(git('log', '-1', '--format=%an <%ae>|%s')).toBe(
      'Test Admin <admin@example.org>|Two files, one deleted',
    );
    expect(readFileSync(join(dir, 'data/b/नयाँ.json'), 'utf8')).toBe('{"b":"२०८३"}\n');
    expect(existsSync(join(dir, 'data/a.json'))).toBe(false);
    expect(git('status', '--porcelain')).toBe('');
    expect(updates.at(-1)?.sort()).toEqual(['data/a.json', 'data/b/नयाँ.json', 'data/c.json'].sort());
  });

  it('refuses a commit on a stale head, leaving the branch as it was', async () => {
    const stale = await repo.head();
    await repo.commit(stale, 'first', [{ path: 'data/d.json', content: '1\n' }], AUTHOR);
    const now = git('rev-parse', 'HEAD');
    await expect(
      repo.commit(stale, 'second', [{ path: 'data/d.json', content: '2\n' }], AUTHOR),
    ).rejects.toThrow(ConcurrentChangeError);
    expect(git('rev-parse', 'HEAD')).toBe(now);
    expect(readFileSync(join(dir, 'data/d.json'), 'utf8')).toBe('1\n');
  });

  it('of many simultaneous writers each lands or is refused, and history holds exactly the landed ones', async () => {
    const start = git('rev-parse', 'HEAD');
    const writers = Array.from({ length: 12 }, async (_, i) => {
      // Each writer reads the head itself, like an admin request does.
      const head = await repo.head();
      try {
        await repo.commit(head, `writer ${i}`, [{ path: `data/w/${i}.json`, content: `${i}\n` }], AUTHOR);
        return i;
      } catch (error) {
        expect(error).toBeInstanceOf(ConcurrentChangeError);
        return null;
      }
    });
    const landed = (await Promise.all(writers)).filter((i): i is number => i !== null);
    expect(landed.length).toBeGreaterThanOrEqual(1);
    const messages = git('log', '--format=%s', `${start}..HEAD`).split('\n').filter(Boolean);
    expect(messages.sort()).toEqual(landed.map((i) => `writer ${i}`).sort());
    const files = git('ls-tree', '--name-only', 'HEAD', 'data/w/').split('\n').filter(Boolean);
    expect(files.sort()).toEqual(landed.map((i) => `data/w/${i}.json`).sort());
  });

  it('refuses a wrong token', async () => {
    const intruder = new DataRepository({
      repo: 'local/data',
      branch: 'main',
      token: 'nope',
      apiUrl: service.url,
    });
    await expect(intruder.head()).rejects.toMatchObject({ status: 401 });
  });
});
