/**
 * The embedded default for admin commits: a small HTTP service that answers the GitHub REST endpoints the
 * admin functions use (Git Data API and contents), over a real git repository on this machine, so the admin
 * flow commits locally with no GitHub at all. `npm start` runs it on the checkout when GITHUB_REPO is unset.
 *
 * Endpoints (as api.github.com, https://docs.github.com/en/rest/git):
 *   GET   /repos/{owner}/{repo}/git/ref/heads/{branch}     → { ref, object: { sha, type: 'commit' } }
 *   GET   /repos/{owner}/{repo}/git/commits/{sha}          → { sha, tree: { sha }, parents, message }
 *   POST  /repos/{owner}/{repo}/git/trees                  { base_tree, tree: [{ path, mode, type, content | sha: null }] }
 *   POST  /repos/{owner}/{repo}/git/commits                { message, tree, parents, author? }
 *   PATCH /repos/{owner}/{repo}/git/refs/heads/{branch}    { sha, force } → 422 "Update is not a fast forward"
 *   GET   /repos/{owner}/{repo}/contents/{path}?ref=       → { type: 'file', encoding: 'base64', content, sha },
 *                                                            or for a folder [{ type, name, path, sha }]
 *   GET   /repos/{owner}/{repo}/commits?sha=&path=&per_page= → [{ sha, commit: { message, author } }]
 *
 * The ref update is a compare-and-swap (`git update-ref <ref> <new> <old>`) after a fast-forward check, and
 * when the branch is checked out its working tree follows (`git read-tree -m -u`, which refuses to overwrite
 * local edits), so the served site can rebuild from the files. Requests need `Authorization: token <token>`.
 *
 * Failure modes, for tests of what the admin does when GitHub fails (`gh.fail(...)`): answer a status with a
 * body and headers (GitHub down, a revoked token, a rate limit, a protected branch), answer a body of the wrong
 * shape, hang without answering, or do the work and then lose the answer (the connection closes). Each fault
 * matches a method and a path pattern and lasts a number of requests.
 *
 * Example: `const gh = await startLocalGitHub({ repoDir: '.', token: 't' }); … gh.url; await gh.close();`
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface LocalGitHubOptions {
  /** A git repository (with a working tree or bare). */
  repoDir: string;
  /** The token clients must send. */
  token: string;
  /** Port on 127.0.0.1 (default: any free port). */
  port?: number;
  /** Called after a branch moved, with the paths that changed. */
  onUpdate?: (branch: string, paths: string[]) => void;
}

/** A failure to inject: what GitHub does instead of answering normally. */
export interface Fault {
  /** The HTTP method it applies to (default any). */
  method?: string;
  /** A pattern the request path (after /repos/{owner}/{repo}) must match, e.g. /^\/git\/refs\//. */
  path?: RegExp;
  /**
   * - `status`: answer `status` with `body` (default `{message}`) and `headers`, doing nothing;
   * - `garbage`: answer 200 with a body of the wrong shape (`body`, default a text that is not JSON);
   * - `hang`: never answer (until the service closes);
   * - `lose-answer`: do the work, then close the connection without answering.
   */
  mode: 'status' | 'garbage' | 'hang' | 'lose-answer';
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** How many matching requests it applies to (default every one until cleared). */
  times?: number;
}

export interface LocalGitHub {
  /** Base URL for octokit (`baseUrl`). */
  readonly url: string;
  /** Inject a failure (see Fault); returns a function that removes it. */
  fail(fault: Fault): () => void;
  /** Remove every injected failure. */
  clearFaults(): void;
  /** Requests answered so far, as "METHOD /path" (after /repos/{owner}/{repo}). */
  readonly requests: readonly string[];
  close(): Promise<void>;
}

class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

interface GitResult {
  stdout: string;
  code: number;
  stderr: string;
}

function git(repoDir: string, args: string[], input?: string, env?: NodeJS.ProcessEnv): Promise<GitResult> {
  return new Promise((resolve) => {
    const child = execFile(
      'git',
      args,
      { cwd: repoDir, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({
          stdout: String(stdout),
          stderr: String(stderr),
          code: error ? Number(error.code ?? 1) : 0,
        }),
    );
    if (input !== undefined) child.stdin?.end(input);
  });
}

async function gitOk(
  repoDir: string,
  args: string[],
  input?: string,
  env?: NodeJS.ProcessEnv,
): Promise<string> {
  const result = await git(repoDir, args, input, env);
  if (result.code !== 0) throw new HttpError(422, `git ${args[0]}: ${result.stderr.trim()}`);
  return result.stdout.trim();
}

const SHA = /^[0-9a-f]{40}$/;

/** Serializes the operations that move refs, so the fast-forward check and the update cannot interleave. */
class Mutex {
  private tail: Promise<unknown> = Promise.resolve();
  run<T>(task: () => Promise<T>): Promise<T> {
    const next = this.tail.then(task, task);
    this.tail = next.catch(() => undefined);
    return next;
  }
}

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    if (body && typeof body === 'object') return body as Record<string, unknown>;
  } catch {
    /* fall through */
  }
  throw new HttpError(400, 'Problems parsing JSON');
}

export async function startLocalGitHub(options: LocalGitHubOptions): Promise<LocalGitHub> {
  const { repoDir, token } = options;
  const refs = new Mutex();

  async function objectType(sha: string): Promise<string | null> {
    const result = await git(repoDir, ['cat-file', '-t', sha]);
    return result.code === 0 ? result.stdout.trim() : null;
  }

  async function branchHead(branch: string): Promise<string> {
    const result = await git(repoDir, ['rev-parse', '--verify', '--quiet', `refs/heads/${branch}^{commit}`]);
    if (result.code !== 0) throw new HttpError(404, 'Not Found');
    return result.stdout.trim();
  }

  async function getCommit(sha: string) {
    if (!SHA.test(sha) || (await objectType(sha)) !== 'commit') throw new HttpError(404, 'Not Found');
    const [tree, parents, message] = (
      await gitOk(repoDir, ['show', '-s', '--format=%T%x00%P%x00%B', sha])
    ).split('\0');
    return {
      sha,
      tree: { sha: tree },
      parents: (parents ?? '')
        .split(' ')
        .filter(Boolean)
        .map((p) => ({ sha: p })),
      message: (message ?? '').trim(),
    };
  }

  async function createTree(body: Record<string, unknown>) {
    const entries = body.tree;
    if (!Array.isArray(entries)) throw new HttpError(422, 'tree must be an array');
    const index = join(tmpdir(), `local-github-index-${randomBytes(8).toString('hex')}`);
    const env = { GIT_INDEX_FILE: index };
    try {
      const base = body.base_tree;
      if (typeof base === 'string') {
        if (!SHA.test(base) || (await objectType(base)) !== 'tree')
          throw new HttpError(422, 'base_tree not found');
        await gitOk(repoDir, ['read-tree', base], undefined, env);
      } else {
        await gitOk(repoDir, ['read-tree', '--empty'], undefined, env);
      }
      for (const entry of entries as Record<string, unknown>[]) {
        const path = entry.path;
        if (typeof path !== 'string' || !path || path.startsWith('/') || path.split('/').includes('..'))
          throw new HttpError(422, `invalid tree path ${String(path)}`);
        if (entry.sha === null) {
          await gitOk(repoDir, ['update-index', '--force-remove', '--', path], undefined, env);
          continue;
        }
        const mode = entry.mode ?? '100644';
        if (mode !== '100644' && mode !== '100755')
          throw new HttpError(422, `unsupported mode ${String(mode)}`);
        let blob: string;
        if (typeof entry.content === 'string') {
          blob = await gitOk(repoDir, ['hash-object', '-w', '--stdin'], entry.content);
        } else if (typeof entry.sha === 'string' && (await objectType(entry.sha)) === 'blob') {
          blob = entry.sha;
        } else {
          throw new HttpError(422, `tree entry ${path} needs content or a blob sha`);
        }
        await gitOk(
          repoDir,
          ['update-index', '--add', '--cacheinfo', `${mode},${blob},${path}`],
          undefined,
          env,
        );
      }
      return { sha: await gitOk(repoDir, ['write-tree'], undefined, env) };
    } finally {
      rmSync(index, { force: true });
    }
  }

  async function createCommit(body: Record<string, unknown>) {
    const { message, tree, parents } = body;
    if (typeof message !== 'string' || typeof tree !== 'string' || !Array.isArray(parents))
      throw new HttpError(422, 'message, tree and parents are required');
    if ((await objectType(tree)) !== 'tree') throw new HttpError(422, 'tree not found');
    for (const parent of parents) {
      if (typeof parent !== 'string' || (await objectType(parent)) !== 'commit')
        throw new HttpError(422, `parent ${String(parent)} not found`);
    }
    const author = (body.author ?? {}) as { name?: string; email?: string };
    const env = {
      GIT_AUTHOR_NAME: author.name ?? 'Panchanga admin',
      GIT_AUTHOR_EMAIL: author.email ?? 'admin@panchanga.invalid',
      GIT_COMMITTER_NAME: 'Local GitHub',
      GIT_COMMITTER_EMAIL: 'local-github@panchanga.invalid',
    };
    const args = ['commit-tree', tree, ...parents.flatMap((p) => ['-p', p as string]), '-F', '-'];
    return getCommit(await gitOk(repoDir, args, message, env));
  }

  async function updateRef(branch: string, body: Record<string, unknown>) {
    const { sha, force } = body;
    if (typeof sha !== 'string' || (await objectType(sha)) !== 'commit')
      throw new HttpError(422, 'Object does not exist');
    return refs.run(async () => {
      const old = await branchHead(branch);
      if (force !== true && old !== sha) {
        const ancestor = await git(repoDir, ['merge-base', '--is-ancestor', old, sha]);
        if (ancestor.code !== 0) throw new HttpError(422, 'Update is not a fast forward');
      }
      const changed = (await gitOk(repoDir, ['diff', '--name-only', '-z', old, sha]))
        .split('\0')
        .filter(Boolean);
      const checkedOut = await git(repoDir, ['symbolic-ref', '--quiet', 'HEAD']);
      const bare = (await gitOk(repoDir, ['rev-parse', '--is-bare-repository'])) === 'true';
      if (!bare && checkedOut.stdout.trim() === `refs/heads/${branch}`) {
        const moved = await git(repoDir, ['read-tree', '-m', '-u', old, sha]);
        if (moved.code !== 0)
          throw new HttpError(409, `the working tree has local changes in the way: ${moved.stderr.trim()}`);
      }
      await gitOk(repoDir, ['update-ref', '-m', 'local-github', `refs/heads/${branch}`, sha, old]);
      options.onUpdate?.(branch, changed);
      return { ref: `refs/heads/${branch}`, object: { sha, type: 'commit' } };
    });
  }

  async function getContents(path: string, ref: string | null) {
    const commit = ref ?? 'HEAD';
    const spec = `${commit}:${path}`;
    const type = await objectType(spec);
    if (type === 'tree') {
      const listing = await gitOk(repoDir, ['ls-tree', '-z', spec]);
      return listing
        .split('\0')
        .filter(Boolean)
        .map((line) => {
          const [meta, name] = line.split('\t') as [string, string];
          const [, kind, sha] = meta.split(' ') as [string, string, string];
          return {
            type: kind === 'tree' ? 'dir' : 'file',
            name,
            path: path ? `${path}/${name}` : name,
            sha,
          };
        });
    }
    if (type !== 'blob') throw new HttpError(404, 'Not Found');
    const sha = await gitOk(repoDir, ['rev-parse', spec]);
    const content = await new Promise<Buffer>((resolve, reject) =>
      execFile(
        'git',
        ['cat-file', 'blob', sha],
        { cwd: repoDir, encoding: 'buffer', maxBuffer: 64 << 20 },
        (e, out) => (e ? reject(e) : resolve(out)),
      ),
    );
    return {
      type: 'file',
      encoding: 'base64',
      path,
      name: path.split('/').pop(),
      sha,
      size: content.length,
      content: content.toString('base64'),
    };
  }

  async function listCommits(from: string | null, path: string | null, perPage: number) {
    const start = from ?? 'HEAD';
    if ((await objectType(start)) !== 'commit') throw new HttpError(404, 'Not Found');
    const args = [
      'log',
      '-z',
      `--max-count=${perPage}`,
      '--format=%H%x1f%P%x1f%an%x1f%ae%x1f%aI%x1f%B',
      start,
    ];
    const log = await gitOk(repoDir, path ? [...args, '--', path] : args);
    return log
      .split('\0')
      .filter(Boolean)
      .map((entry) => {
        const [sha, parents, name, email, date, message] = entry.split('\x1f') as string[];
        return {
          sha,
          parents: (parents ?? '')
            .split(' ')
            .filter(Boolean)
            .map((p) => ({ sha: p })),
          commit: { message: (message ?? '').trim(), author: { name, email, date } },
        };
      });
  }

  async function route(req: IncomingMessage): Promise<[number, unknown]> {
    if (req.headers.authorization?.replace(/^(token|Bearer)\s+/i, '') !== token)
      throw new HttpError(401, 'Bad credentials');
    const url = new URL(req.url ?? '/', 'http://local');
    const parts = decodeURIComponent(url.pathname).split('/').filter(Boolean);
    if (parts[0] !== 'repos' || parts.length < 4) throw new HttpError(404, 'Not Found');
    const [, , , area, ...rest] = parts;
    const method = req.method ?? 'GET';
    if (area === 'git' && rest[0] === 'ref' && rest[1] === 'heads' && method === 'GET') {
      const branch = rest.slice(2).join('/');
      return [
        200,
        { ref: `refs/heads/${branch}`, object: { sha: await branchHead(branch), type: 'commit' } },
      ];
    }
    if (area === 'git' && rest[0] === 'commits' && rest.length === 2 && method === 'GET')
      return [200, await getCommit(rest[1]!)];
    if (area === 'git' && rest[0] === 'trees' && rest.length === 1 && method === 'POST')
      return [201, await createTree(await readBody(req))];
    if (area === 'git' && rest[0] === 'commits' && rest.length === 1 && method === 'POST')
      return [201, await createCommit(await readBody(req))];
    if (area === 'git' && rest[0] === 'refs' && rest[1] === 'heads' && method === 'PATCH')
      return [200, await updateRef(rest.slice(2).join('/'), await readBody(req))];
    if (area === 'contents' && method === 'GET')
      return [200, await getContents(rest.join('/'), url.searchParams.get('ref'))];
    if (area === 'commits' && rest.length === 0 && method === 'GET')
      return [
        200,
        await listCommits(
          url.searchParams.get('sha'),
          url.searchParams.get('path'),
          Math.min(100, Number(url.searchParams.get('per_page') ?? 30) || 30),
        ),
      ];
    throw new HttpError(404, 'Not Found');
  }

  const faults: (Fault & { left: number })[] = [];
  const requests: string[] = [];
  const hanging = new Set<ServerResponse>();

  /** The fault that applies to a request, counting it down. */
  function faultFor(method: string, path: string): Fault | undefined {
    const fault = faults.find(
      (f) => (f.method ?? method).toUpperCase() === method && (f.path?.test(path) ?? true),
    );
    if (fault && --fault.left <= 0) faults.splice(faults.indexOf(fault), 1);
    return fault;
  }

  const server = createServer((req, res: ServerResponse) => {
    const method = req.method ?? 'GET';
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://local').pathname).replace(
      /^\/repos\/[^/]+\/[^/]+/,
      '',
    );
    requests.push(`${method} ${path}`);
    const fault = faultFor(method, path);
    if (fault?.mode === 'status') {
      res.writeHead(fault.status ?? 500, { 'Content-Type': 'application/json', ...fault.headers });
      res.end(JSON.stringify(fault.body ?? { message: 'Injected failure' }));
      return;
    }
    if (fault?.mode === 'garbage') {
      res.writeHead(200, { 'Content-Type': 'application/json', ...fault.headers });
      res.end(typeof fault.body === 'string' ? fault.body : JSON.stringify(fault.body ?? '<html>oops'));
      return;
    }
    if (fault?.mode === 'hang') {
      hanging.add(res);
      return;
    }
    route(req).then(
      ([status, body]) => (fault?.mode === 'lose-answer' ? res.destroy() : send(res, status, body)),
      (error: unknown) =>
        error instanceof HttpError
          ? send(res, error.status, { message: error.message })
          : send(res, 500, { message: 'local-github failed' }),
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://127.0.0.1:${port}`,
    fail(fault) {
      const entry = { ...fault, left: fault.times ?? Infinity };
      faults.push(entry);
      return () => {
        if (faults.includes(entry)) faults.splice(faults.indexOf(entry), 1);
      };
    },
    clearFaults() {
      faults.length = 0;
      for (const res of hanging) res.destroy();
      hanging.clear();
    },
    requests,
    close: () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const token = process.env.GITHUB_TOKEN ?? randomBytes(16).toString('hex');
  const service = await startLocalGitHub({
    repoDir: process.argv[2] ?? '.',
    token,
    port: Number(process.env.LOCAL_GITHUB_PORT ?? 0) || undefined,
  });
  console.log(
    `local GitHub API at ${service.url} (token ${process.env.GITHUB_TOKEN ? 'from GITHUB_TOKEN' : token})`,
  );
}
