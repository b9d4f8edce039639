/**
 * The data repository as admins change it: read a file at a commit, list a file's history, and write any number
 * of file changes as ONE commit through the GitHub Git Data API (create tree on the head's tree, create commit
 * with the head as parent, update the branch ref without force). If the branch moved since the head was read,
 * the ref update is not a fast forward and GitHub answers 422: that is a concurrent change, raised as
 * ConcurrentChangeError, and nothing is lost (the dangling commit is never reachable).
 *
 * Doubt is never absence: a file is absent only when its folder's listing at that commit does not name it. A
 * 404 for a listed file, an answer of the wrong shape, a timeout, GitHub down, a revoked token, a rate limit
 * or a protected branch are each raised as a GitHubError saying which, never read as "no file".
 *
 * Works against api.github.com and against the embedded local service (scripts/local-github.ts).
 */
import { Octokit } from '@octokit/core';

export interface RepositoryConfig {
  /** "owner/name". */
  repo: string;
  branch: string;
  token: string;
  /** GitHub REST base URL (default https://api.github.com). */
  apiUrl?: string;
  /** Longest wait for one GitHub call, milliseconds (default 10,000). */
  timeoutMs?: number;
}

/** A file change: new text, or null to delete the file. */
export interface FileChange {
  path: string;
  content: string | null;
}

export interface Head {
  commit: string;
  tree: string;
}

/** One commit in a file's history, newest first. */
export interface HistoryEntry {
  commit: string;
  /** Its first parent: the version before this change (null for a root commit). */
  parent: string | null;
  message: string;
  author: string;
  date: string;
}

export class ConcurrentChangeError extends Error {
  constructor() {
    super('The data changed while this change was being made; reload and try again.');
    this.name = 'ConcurrentChangeError';
  }
}

/**
 * What went wrong with GitHub, as the admin should hear it:
 * - `timeout`: no answer within the timeout; `unreachable`: no connection; `down`: a 5xx answer;
 * - `unauthorized`: the token was refused (revoked, expired); `rate-limited`: GitHub's limit, with retryAfterSec;
 * - `protected`: the branch refuses updates (branch protection); `forbidden`: another 403;
 * - `unexpected`: an answer of the wrong shape, or a 404 for something the tree lists;
 * - `unknown-commit`: a commit (a change's base) the repository does not have.
 */
export type GitHubFailure =
  | 'timeout'
  | 'unreachable'
  | 'down'
  | 'unauthorized'
  | 'rate-limited'
  | 'protected'
  | 'forbidden'
  | 'unexpected'
  | 'unknown-commit';

export class GitHubError extends Error {
  readonly failure: GitHubFailure;
  /** The operation that failed, e.g. "read data/panchanga/2083/05.json". */
  readonly operation: string;
  readonly status?: number;
  /** Seconds until a retry may work (rate limits, timeouts). */
  readonly retryAfterSec?: number;
  constructor(
    failure: GitHubFailure,
    operation: string,
    message: string,
    status?: number,
    retryAfterSec?: number,
  ) {
    super(message);
    this.name = 'GitHubError';
    this.failure = failure;
    this.operation = operation;
    this.status = status;
    this.retryAfterSec = retryAfterSec;
  }
}

const REPO_NAME = /^([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)$/;
const SHA = /^[0-9a-f]{40}$/;
const DEFAULT_TIMEOUT_MS = 10_000;

interface OctokitLikeError {
  status?: number;
  message?: string;
  response?: { headers?: Record<string, string | undefined>; data?: unknown };
}

function statusOf(error: unknown): number | undefined {
  const status = (error as OctokitLikeError | null)?.status;
  return typeof status === 'number' && status > 0 ? status : undefined;
}

/** Seconds from GitHub's rate-limit headers (retry-after, or x-ratelimit-reset when none remain). */
function rateLimitWait(headers: Record<string, string | undefined>, nowMs: number): number | undefined {
  const retry = Number(headers['retry-after']);
  if (Number.isFinite(retry) && retry >= 0) return Math.ceil(retry);
  if (headers['x-ratelimit-remaining'] === '0') {
    const reset = Number(headers['x-ratelimit-reset']);
    return Number.isFinite(reset) ? Math.max(1, Math.ceil(reset - nowMs / 1000)) : 60;
  }
  return undefined;
}

/** Classify a failed GitHub call. */
export function classify(error: unknown, operation: string): GitHubError {
  if (error instanceof GitHubError) return error;
  const e = (error ?? {}) as OctokitLikeError & { name?: string; cause?: { name?: string } };
  const status = statusOf(error);
  const detail = String((e.response?.data as { message?: unknown } | undefined)?.message ?? e.message ?? '');
  const headers = e.response?.headers ?? {};
  const aborted = [e.name, e.cause?.name].some((n) => n === 'TimeoutError' || n === 'AbortError');
  if (aborted || /timed? ?out|aborted/i.test(detail))
    return new GitHubError('timeout', operation, `GitHub did not answer in time (${operation}).`, status, 5);
  // Octokit reports a call that got no answer at all as a 500 without a response.
  if (status === undefined || (e.response === undefined && e.cause !== undefined))
    return new GitHubError(
      'unreachable',
      operation,
      `GitHub could not be reached (${operation}).`,
      undefined,
      30,
    );
  if (status === 401)
    return new GitHubError(
      'unauthorized',
      operation,
      'GitHub refused the service’s token (revoked or expired): an operator must renew GITHUB_TOKEN.',
      status,
    );
  const wait = rateLimitWait(headers, Date.now());
  if (status === 429 || ((status === 403 || status === 429) && wait !== undefined))
    return new GitHubError(
      'rate-limited',
      operation,
      `GitHub’s rate limit is reached; try again in ${wait ?? 60} s.`,
      status,
      wait ?? 60,
    );
  if (/protected branch/i.test(detail) || (status === 403 && /protect/i.test(detail)))
    return new GitHubError(
      'protected',
      operation,
      'The data branch is protected and refuses direct commits: change the branch protection or GITHUB_BRANCH.',
      status,
    );
  if (status === 403)
    return new GitHubError('forbidden', operation, `GitHub refused ${operation} (403).`, status);
  if (status >= 500)
    return new GitHubError('down', operation, `GitHub failed (${status}) on ${operation}.`, status, 30);
  return new GitHubError('unexpected', operation, `GitHub answered ${status} to ${operation}.`, status);
}

function unexpected(operation: string, what: string): GitHubError {
  return new GitHubError('unexpected', operation, `GitHub’s answer to ${operation} ${what}.`);
}

function decodeBase64Utf8(base64: string): string | null {
  try {
    const binary = atob(base64.replace(/\s/g, ''));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

function sha(value: unknown, operation: string): string {
  if (typeof value === 'string' && SHA.test(value)) return value;
  throw unexpected(operation, 'has no commit or tree id');
}

export class DataRepository {
  private readonly octokit: Octokit;
  private readonly owner: string;
  private readonly name: string;
  private readonly config: RepositoryConfig;

  constructor(config: RepositoryConfig) {
    this.config = config;
    const match = config.repo.match(REPO_NAME);
    if (!match) throw new Error(`GITHUB_REPO must be "owner/name", got "${config.repo}"`);
    [, this.owner, this.name] = match as unknown as [string, string, string];
    const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.octokit = new Octokit({
      auth: config.token,
      baseUrl: config.apiUrl ?? 'https://api.github.com',
      userAgent: 'panchanga-admin',
      request: {
        // Every call ends: the body too must arrive within the timeout.
        fetch: (input: RequestInfo | URL, init?: RequestInit) =>
          fetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) }),
      },
    });
  }

  /** Which repository and branch this is (edits in one isolate take turns per key). */
  get key(): string {
    return `${this.config.apiUrl ?? 'https://api.github.com'}|${this.config.repo}|${this.config.branch}`;
  }

  private get where() {
    return { owner: this.owner, repo: this.name };
  }

  private async call<T>(operation: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw classify(error, operation);
    }
  }

  /** The branch's head commit and its tree. */
  async head(): Promise<Head> {
    const operation = `read the head of ${this.config.branch}`;
    const ref = await this.call(operation, () =>
      this.octokit.request('GET /repos/{owner}/{repo}/git/ref/{ref}', {
        ...this.where,
        ref: `heads/${this.config.branch}`,
      }),
    );
    return this.commitInfo(sha(ref.data?.object?.sha, operation));
  }

  /** A commit and its tree; GitHubError `unknown-commit` when the repository has no such commit. */
  async commitInfo(commit: string): Promise<Head> {
    const operation = `read commit ${commit.slice(0, 12)}`;
    if (!SHA.test(commit))
      throw new GitHubError('unknown-commit', operation, `"${commit.slice(0, 40)}" is not a commit id.`);
    try {
      const { data } = await this.octokit.request('GET /repos/{owner}/{repo}/git/commits/{commit_sha}', {
        ...this.where,
        commit_sha: commit,
      });
      return { commit: sha(data?.sha, operation), tree: sha(data?.tree?.sha, operation) };
    } catch (error) {
      if (statusOf(error) === 404 || statusOf(error) === 422)
        throw new GitHubError(
          'unknown-commit',
          operation,
          `The data repository has no commit ${commit}.`,
          404,
        );
      throw classify(error, operation);
    }
  }

  /**
   * A text file at a commit, or null when the file is not there: only when the folder's listing at that commit
   * does not name it. Throws GitHubError for anything doubtful (see the module comment).
   */
  async readFile(path: string, commit: string): Promise<string | null> {
    const operation = `read ${path}`;
    let data: unknown;
    try {
      ({ data } = await this.octokit.request('GET /repos/{owner}/{repo}/contents/{path}', {
        ...this.where,
        path,
        ref: commit,
      }));
    } catch (error) {
      if (statusOf(error) !== 404) throw classify(error, operation);
      await this.confirmAbsent(path, commit);
      return null;
    }
    const file = data as { type?: unknown; encoding?: unknown; content?: unknown } | null;
    if (!file || Array.isArray(data) || file.type !== 'file' || typeof file.content !== 'string')
      throw unexpected(operation, 'is not a file');
    if (file.encoding !== undefined && file.encoding !== 'base64')
      throw unexpected(operation, `has content in "${String(file.encoding)}", not base64`);
    const text = decodeBase64Utf8(file.content);
    if (text === null) throw unexpected(operation, 'is not base64 UTF-8 text');
    return text;
  }

  /** Resolves when `path` is provably absent at `commit` (its folder's listing lacks it); throws otherwise. */
  private async confirmAbsent(path: string, commit: string): Promise<void> {
    const operation = `read ${path}`;
    const at = path.lastIndexOf('/');
    const folder = at < 0 ? '' : path.slice(0, at);
    const name = path.slice(at + 1);
    let listing: unknown;
    try {
      ({ data: listing } = await this.octokit.request('GET /repos/{owner}/{repo}/contents/{path}', {
        ...this.where,
        path: folder,
        ref: commit,
      }));
    } catch (error) {
      if (statusOf(error) !== 404 || folder === '') throw classify(error, `list ${folder || 'the root'}`);
      // No folder: absent if the folder itself is provably absent.
      return this.confirmAbsent(folder, commit);
    }
    if (!Array.isArray(listing)) throw unexpected(`list ${folder || 'the root'}`, 'is not a folder listing');
    if (listing.some((entry: { name?: unknown }) => entry?.name === name))
      throw unexpected(operation, 'is 404 for a file the tree lists');
  }

  /** The commits that changed a file, newest first, up to `limit`, from `commit` back. */
  async history(path: string, commit: string, limit = 20): Promise<HistoryEntry[]> {
    const operation = `list the history of ${path}`;
    const { data } = await this.call(operation, () =>
      this.octokit.request('GET /repos/{owner}/{repo}/commits', {
        ...this.where,
        sha: commit,
        path,
        per_page: limit,
      }),
    );
    if (!Array.isArray(data)) throw unexpected(operation, 'is not a list');
    return data.map((entry) => ({
      commit: sha(entry?.sha, operation),
      parent: entry?.parents?.[0]?.sha === undefined ? null : sha(entry.parents[0].sha, operation),
      message: String(entry?.commit?.message ?? ''),
      author: String(entry?.commit?.author?.name ?? ''),
      date: String(entry?.commit?.author?.date ?? ''),
    }));
  }

  /** The parent of a commit (its first), or null for a root commit. */
  async parentOf(commit: string): Promise<string | null> {
    const operation = `read commit ${commit.slice(0, 12)}`;
    const { data } = await this.call(operation, () =>
      this.octokit.request('GET /repos/{owner}/{repo}/git/commits/{commit_sha}', {
        ...this.where,
        commit_sha: commit,
      }),
    );
    if (!Array.isArray(data?.parents)) throw unexpected(operation, 'has no parents list');
    const first = data.parents[0]?.sha;
    return first === undefined ? null : sha(first, operation);
  }

  /**
   * Commit the changes on top of `head` as one commit and move the branch to it without force.
   * Returns the new commit's sha; throws ConcurrentChangeError when the branch moved since `head`.
   */
  async commit(
    head: Head,
    message: string,
    changes: readonly FileChange[],
    author: { name: string; email: string },
  ): Promise<string> {
    const tree = await this.call('write the tree', () =>
      this.octokit.request('POST /repos/{owner}/{repo}/git/trees', {
        ...this.where,
        base_tree: head.tree,
        tree: changes.map((change) =>
          change.content === null
            ? { path: change.path, mode: '100644' as const, type: 'blob' as const, sha: null }
            : { path: change.path, mode: '100644' as const, type: 'blob' as const, content: change.content },
        ),
      }),
    );
    const commit = await this.call('write the commit', () =>
      this.octokit.request('POST /repos/{owner}/{repo}/git/commits', {
        ...this.where,
        message,
        tree: sha(tree.data?.sha, 'write the tree'),
        parents: [head.commit],
        author: { ...author, date: new Date().toISOString() },
      }),
    );
    const created = sha(commit.data?.sha, 'write the commit');
    try {
      await this.octokit.request('PATCH /repos/{owner}/{repo}/git/refs/{ref}', {
        ...this.where,
        ref: `heads/${this.config.branch}`,
        sha: created,
        force: false,
      });
    } catch (error) {
      const failure = classify(error, `move ${this.config.branch}`);
      if (failure.failure === 'protected') throw failure;
      if (statusOf(error) === 422 || statusOf(error) === 409) throw new ConcurrentChangeError();
      throw failure;
    }
    return created;
  }
}
