/**
 * The data repository as admins change it: read a file at the branch head, and write any number of file
 * changes as ONE commit through the GitHub Git Data API (create tree on the head's tree, create commit with
 * the head as parent, update the branch ref without force). If the branch moved since the head was read, the
 * ref update is not a fast forward and GitHub answers 422: that is a concurrent change, raised as
 * ConcurrentChangeError, and nothing is lost (the dangling commit is never reachable).
 *
 * Works against api.github.com and against the embedded local service (scripts/local-github.ts).
 */
import { Octokit } from '@octokit/rest';

export interface RepositoryConfig {
  /** "owner/name". */
  repo: string;
  branch: string;
  token: string;
  /** GitHub REST base URL (default https://api.github.com). */
  apiUrl?: string;
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

export class ConcurrentChangeError extends Error {
  constructor() {
    super('The data changed while this change was being made; reload and try again.');
    this.name = 'ConcurrentChangeError';
  }
}

const REPO_NAME = /^([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)$/;

function status(error: unknown): number | undefined {
  return typeof error === 'object' && error && 'status' in error ? Number(error.status) : undefined;
}

function decodeBase64Utf8(base64: string): string {
  const binary = atob(base64.replace(/\s/g, ''));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

export class DataRepository {
  private readonly octokit: Octokit;
  private readonly owner: string;
  private readonly name: string;

  constructor(private readonly config: RepositoryConfig) {
    const match = config.repo.match(REPO_NAME);
    if (!match) throw new Error(`GITHUB_REPO must be "owner/name", got "${config.repo}"`);
    [, this.owner, this.name] = match as unknown as [string, string, string];
    this.octokit = new Octokit({
      auth: config.token,
      baseUrl: config.apiUrl ?? 'https://api.github.com',
      userAgent: 'panchanga-admin',
      request: { fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, init) },
    });
  }

  private get where() {
    return { owner: this.owner, repo: this.name };
  }

  /** The branch's head commit and its tree. */
  async head(): Promise<Head> {
    const ref = await this.octokit.rest.git.getRef({ ...this.where, ref: `heads/${this.config.branch}` });
    const commit = await this.octokit.rest.git.getCommit({ ...this.where, commit_sha: ref.data.object.sha });
    return { commit: commit.data.sha, tree: commit.data.tree.sha };
  }

  /** A text file at a commit, or null when it does not exist there. */
  async readFile(path: string, commit: string): Promise<string | null> {
    try {
      const { data } = await this.octokit.rest.repos.getContent({ ...this.where, path, ref: commit });
      if (Array.isArray(data) || data.type !== 'file' || !('content' in data)) return null;
      return decodeBase64Utf8(data.content);
    } catch (error) {
      if (status(error) === 404) return null;
      throw error;
    }
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
    const tree = await this.octokit.rest.git.createTree({
      ...this.where,
      base_tree: head.tree,
      tree: changes.map((change) =>
        change.content === null
          ? { path: change.path, mode: '100644' as const, type: 'blob' as const, sha: null }
          : { path: change.path, mode: '100644' as const, type: 'blob' as const, content: change.content },
      ),
    });
    const commit = await this.octokit.rest.git.createCommit({
      ...this.where,
      message,
      tree: tree.data.sha,
      parents: [head.commit],
      author: { ...author, date: new Date().toISOString() },
    });
    try {
      await this.octokit.rest.git.updateRef({
        ...this.where,
        ref: `heads/${this.config.branch}`,
        sha: commit.data.sha,
        force: false,
      });
    } catch (error) {
      if (status(error) === 422 || status(error) === 409) throw new ConcurrentChangeError();
      throw error;
    }
    return commit.data.sha;
  }
}
