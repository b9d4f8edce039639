/**
 * Runs `wrangler pages dev` over a built dist/ for `npm start` and the integration tests, without putting any
 * binding on a command line (where every user of the machine could read it with `ps`): the bindings travel in
 * wrangler's environment, which only its owner can read, and wrangler takes them from there
 * (CLOUDFLARE_INCLUDE_PROCESS_ENV). That environment is kept to what wrangler needs plus the bindings, so
 * nothing else of the caller's environment reaches the functions. Resolves once the site answers, never before;
 * rejects with PortInUseError when something else listens on the port, before wrangler starts or (a program that
 * took the port meanwhile) when the first answer is not the site's.
 *
 * Example: `const dev = await startPagesDev({ dist: 'dist', port: 8788, bindings: { DEFAULT_MOBILE_TOKEN: 't' } });`
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { PAGE_HEADERS } from '../src/http/headers.ts';

const ROOT = resolve(import.meta.dirname, '..');

export interface PagesDevOptions {
  /** The built site to serve (absolute, or relative to the repository). */
  dist: string;
  port: number;
  bindings: Readonly<Record<string, string>>;
  /** Pass wrangler's output through (npm start) or keep it for error messages (tests). */
  inheritOutput?: boolean;
  /** Where wrangler keeps local state (KV, caches); default .wrangler/state. */
  persistTo?: string;
  /** How long to wait for the first answer; generous, since a loaded machine bundles slowly. */
  timeoutMs?: number;
}

export interface PagesDev {
  readonly baseUrl: string;
  readonly child: ChildProcess;
  /** Everything wrangler printed (empty when its output is inherited). */
  output(): string;
  stop(): Promise<void>;
}

/** What wrangler itself needs of the caller's environment (the rest stays out of the functions' bindings). */
const WRANGLER_ENVIRONMENT = [
  'PATH',
  'HOME',
  'TMPDIR',
  'LANG',
  'TERM',
  'XDG_CONFIG_HOME',
  'npm_config_cache',
];

/**
 * The port is taken on 127.0.0.1 (by anything, this service's earlier run too): before wrangler starts, or
 * `meanwhile`, by a program that bound it while wrangler started and answered in its place.
 */
export class PortInUseError extends Error {
  constructor(port: number, meanwhile = false) {
    super(
      meanwhile
        ? `127.0.0.1:${port} was taken by another program while wrangler started (the answer there is not the site's): start again, or choose another port, e.g. PORT=${port + 1} npm start`
        : `127.0.0.1:${port} is in use by another program (an earlier npm start?): stop it, or choose another port, e.g. PORT=${port + 1} npm start`,
    );
  }
}

/**
 * Throws PortInUseError when a server already listens on 127.0.0.1:port. Checked before wrangler starts, since
 * whatever answers on the port would otherwise pass for the service (wrangler then fails with the address in use).
 * Example: `await assertPortFree(8788)`.
 */
export async function assertPortFree(port: number): Promise<void> {
  const server = createServer();
  await new Promise<void>((done, fail) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      fail(error.code === 'EADDRINUSE' ? new PortInUseError(port) : error),
    );
    server.listen(port, '127.0.0.1', () => server.close(() => done()));
  });
}

/**
 * Whether an answer from the port is the site's: its pages carry the site's Content-Security-Policy (src/http/headers.ts).
 * A program that took the port between the check and wrangler's start answers otherwise: another wrangler's internal
 * loopback server, which binds a port the system hands out, answers 403 "Forbidden" to a request without its secret.
 * Example: `isTheSite(await fetch('http://127.0.0.1:8788/'))`.
 */
export function isTheSite(response: Response): boolean {
  return response.headers.get('Content-Security-Policy') === PAGE_HEADERS['Content-Security-Policy'];
}

export async function startPagesDev(options: PagesDevOptions): Promise<PagesDev> {
  await assertPortFree(options.port);
  const env: Record<string, string> = {};
  for (const key of WRANGLER_ENVIRONMENT) if (process.env[key] !== undefined) env[key] = process.env[key]!;
  Object.assign(env, options.bindings, {
    CLOUDFLARE_INCLUDE_PROCESS_ENV: 'true',
    WRANGLER_SEND_METRICS: 'false',
    CI: 'true',
    // Request.cf (the visitor's country, colo …) is fetched from workers.cloudflare.com, which a machine without
    // that network cannot reach (an error with its stack on every start); the functions read none of it, so
    // miniflare's placeholder serves.
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  });
  const args = ['wrangler', 'pages', 'dev', resolve(ROOT, options.dist)];
  args.push('--ip', '127.0.0.1', '--port', String(options.port), '--log-level', 'warn');
  if (options.persistTo) args.push('--persist-to', options.persistTo);
  const child = spawn('npx', args, {
    cwd: ROOT,
    env,
    stdio: options.inheritOutput ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));

  const baseUrl = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        child.kill('SIGTERM');
      }
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    }
  };
  const deadline = Date.now() + (options.timeoutMs ?? 300_000);
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      // Another program bound the port while wrangler started, and wrangler says so as it stops.
      if (output.includes(`Address already in use (127.0.0.1:${options.port})`))
        throw new PortInUseError(options.port, true);
      throw new Error(`wrangler pages dev exited with ${child.exitCode}:\n${output}`);
    }
    let res: Response;
    try {
      res = await fetch(`${baseUrl}/`);
      await res.arrayBuffer();
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(
          `wrangler pages dev did not answer in ${(options.timeoutMs ?? 300_000) / 1000} s:\n${output}`,
        );
      }
      await new Promise((r) => setTimeout(r, 250));
      continue;
    }
    if (isTheSite(res)) break;
    await stop();
    throw new PortInUseError(options.port, true);
  }
  return { baseUrl, child, output: () => output, stop };
}
