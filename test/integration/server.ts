/**
 * Starts the real edge stack for integration tests: `wrangler pages dev dist` on a free 127.0.0.1 port, with
 * test configuration passed as bindings. Needs a built dist/ (`npm test` builds first).
 *
 * Example: `const server = await startServer({ DEFAULT_MOBILE_TOKEN: 'test-token' }); … await server.stop();`
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
export const TEST_TOKEN = 'integration-test-token';

export interface TestServer {
  readonly baseUrl: string;
  /** fetch a path on the server, with the test token unless `headers` says otherwise. */
  fetch(path: string, init?: RequestInit & { token?: string | null }): Promise<Response>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export async function startServer(
  vars: Record<string, string> = {},
  options: { dist?: string } = {},
): Promise<TestServer> {
  const dist = options.dist ?? 'dist';
  if (!existsSync(resolve(ROOT, dist, 'index.html')))
    throw new Error('dist/ is not built: run `npm run build` first');
  const port = await freePort();
  // Each server keeps its own local state (Workers KV: sessions, sign-in counts), so tests never share it.
  const state = mkdtempSync(join(tmpdir(), 'wrangler-state-'));
  const bindings = { DEFAULT_MOBILE_TOKEN: TEST_TOKEN, ...vars };
  const args = [
    'wrangler',
    'pages',
    'dev',
    dist,
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--log-level',
    'warn',
    '--persist-to',
    state,
  ];
  for (const [k, v] of Object.entries(bindings)) args.push('--binding', `${k}=${v}`);
  const child: ChildProcess = spawn('npx', args, {
    cwd: ROOT,
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler pages dev exited:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/`);
      await res.arrayBuffer();
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`wrangler pages dev did not answer in 90 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  return {
    baseUrl,
    fetch(path, init = {}) {
      const { token = TEST_TOKEN, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (token && !headers.has('Authorization') && !headers.has('x-api-key'))
        headers.set('Authorization', `Bearer ${token}`);
      return fetch(`${baseUrl}${path}`, { ...rest, headers });
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        child.kill('SIGTERM');
      }
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      rmSync(state, { recursive: true, force: true });
    },
  };
}

/** The JSON body of a response, untyped for assertions (tests check the shape themselves). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function json(res: Response): Promise<any> {
  return res.json();
}
