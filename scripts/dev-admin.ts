/**
 * The admin side of a local run, shared by `npm start` and the integration tests: with no GitHub configured,
 * start the embedded GitHub service (scripts/local-github.ts) over a git checkout, and after every commit it
 * takes rebuild the static API from that checkout's data into the served dist/, so `wrangler pages dev` serves
 * the change within seconds. Admin users and the session secret get development defaults when unset.
 *
 * Example: `const admin = await startDevAdmin({ repoDir: '.', distDir: 'dist', config: process.env });`
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { curatedYearOf } from '../src/almanac/month-check.ts';
import { hashPassword } from '../src/http/session.ts';
import { startLocalGitHub, type LocalGitHub } from './local-github.ts';

/** The development admin (only when ADMIN_USERS is unset; printed by npm start, never stored). */
export const DEV_ADMIN = { user: 'admin', password: 'admin-change-me' } as const;

const ROOT = resolve(import.meta.dirname, '..');

export interface DevAdminOptions {
  /** The git checkout whose data the admin changes (and the site rebuilds from). */
  repoDir: string;
  /** The dist/ that `wrangler pages dev` serves. */
  distDir: string;
  /** Configuration already set (environment, .dev.vars). */
  config: Record<string, string | undefined>;
  /** Called with each rebuild's outcome. */
  onRebuild?: (ok: boolean, output: string) => void;
}

export interface DevAdmin {
  /** Bindings to pass to wrangler: GitHub, admin users and session secret, where they were unset. */
  readonly bindings: Record<string, string>;
  /** The local GitHub service, when one was started. */
  readonly github?: LocalGitHub;
  /** Resolves when no rebuild is pending or running. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** BS years, first to last. */
export interface YearSpan {
  readonly from: number;
  readonly to: number;
}

/**
 * The BS years whose API files a commit changing these paths decides, or null for all: a curated month decides its
 * own year's files alone (a year's festivals and observances read that year's months only, src/festivals), any
 * other data file (rules, glossary, muhurat lists, the calendar table) every year.
 * Example: `yearsOfChange(['data/panchanga/2083/05.json'])` → `{ from: 2083, to: 2083 }`.
 */
export function yearsOfChange(paths: readonly string[]): YearSpan | null {
  const years = paths.map(curatedYearOf);
  if (years.length === 0 || years.some((y) => y === null)) return null;
  return { from: Math.min(...(years as number[])), to: Math.max(...(years as number[])) };
}

/**
 * Rebuild what the data decide from a checkout into a dist/ (no astro build): the API files of `years` (every
 * year when null) with the listing of months, and the feed; about a second for one year, ten or more for all.
 */
export async function rebuildApi(
  repoDir: string,
  distDir: string,
  years: YearSpan | null = null,
): Promise<{ ok: boolean; output: string }> {
  // The data-dependent steps of `npm run build` (scripts/build.ts): the month files and listings, the feed.
  return new Promise((done) => {
    const script = resolve(ROOT, 'scripts/build.ts');
    const only = ['--only=api,feed', ...(years ? [`--years=${years.from}-${years.to}`] : [])];
    const child = spawn(process.execPath, [script, ...only], {
      cwd: repoDir,
      env: { ...process.env, DIST_DIR: resolve(distDir) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => done({ ok: code === 0, output }));
  });
}

export async function startDevAdmin(options: DevAdminOptions): Promise<DevAdmin> {
  const { config, repoDir, distDir } = options;
  const bindings: Record<string, string> = {};
  if (!config.ADMIN_USERS)
    bindings.ADMIN_USERS = `${DEV_ADMIN.user}:${await hashPassword(DEV_ADMIN.password)}`;
  if (!config.SESSION_SECRET) bindings.SESSION_SECRET = randomBytes(32).toString('base64url');

  let running: Promise<void> = Promise.resolve();
  // The years the rebuild not yet started must write (null: all): the changes that arrive before it starts join.
  let pending: { years: YearSpan | null } | undefined;
  const rebuild = (years: YearSpan | null) => {
    if (pending) {
      const had = pending.years;
      pending.years =
        had && years ? { from: Math.min(had.from, years.from), to: Math.max(had.to, years.to) } : null;
      return;
    }
    const next = (pending = { years });
    running = running.then(async () => {
      pending = undefined;
      const result = await rebuildApi(repoDir, distDir, next.years);
      options.onRebuild?.(result.ok, result.output);
    });
  };

  let github: LocalGitHub | undefined;
  if (!config.GITHUB_REPO) {
    const token = randomBytes(24).toString('base64url');
    github = await startLocalGitHub({
      repoDir,
      token,
      onUpdate: (_, paths) => {
        const data = paths.filter((p) => p.startsWith('data/'));
        if (data.length) rebuild(yearsOfChange(data));
      },
    });
    Object.assign(bindings, {
      GITHUB_REPO: 'local/panchanga',
      GITHUB_TOKEN: token,
      GITHUB_API_URL: github.url,
      GITHUB_BRANCH: execFileSync('git', ['symbolic-ref', '--short', 'HEAD'], {
        cwd: repoDir,
        encoding: 'utf8',
      }).trim(),
    });
  }
  return {
    bindings,
    github,
    async settled() {
      for (;;) {
        const current = running;
        await current;
        if (current === running && !pending) return;
      }
    },
    async close() {
      await github?.close();
    },
  };
}
