/**
 * Starts the real edge stack for integration tests: `wrangler pages dev dist` on a free 127.0.0.1 port, with
 * test configuration as bindings (scripts/pages-dev.ts: a private .dev.vars, never the command line). Needs a built dist/ (`npm test` builds first).
 *
 * Example: `const server = await startServer({ DEFAULT_MOBILE_TOKEN: 'test-token' }); … await server.stop();`
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PortInUseError, startPagesDev, type PagesDev } from '../../scripts/pages-dev.ts';

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

/** Tries for a port another program takes meanwhile (a free port is free only until someone binds it). */
const PORT_ATTEMPTS = 5;

/**
 * `start` on a free port, again on another when the port was taken between the choice and wrangler's start (servers
 * of the tests running beside start wranglers whose internal servers bind ports the system hands out).
 */
async function onAFreePort(start: (port: number) => Promise<PagesDev>): Promise<PagesDev> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(await freePort());
    } catch (error) {
      if (!(error instanceof PortInUseError) || attempt === PORT_ATTEMPTS) throw error;
    }
  }
}

export async function startServer(
  vars: Record<string, string> = {},
  options: { dist?: string } = {},
): Promise<TestServer> {
  const dist = options.dist ?? 'dist';
  if (!existsSync(resolve(ROOT, dist, 'index.html')))
    throw new Error('dist/ is not built: run `npm run build` first');
  // Each server keeps its own local state (Workers KV: sessions, sign-in counts), so tests never share it.
  const state = mkdtempSync(join(tmpdir(), 'wrangler-state-'));
  const dev = await onAFreePort((port) =>
    startPagesDev({ dist, port, bindings: { DEFAULT_MOBILE_TOKEN: TEST_TOKEN, ...vars }, persistTo: state }),
  );
  return {
    baseUrl: dev.baseUrl,
    fetch(path, init = {}) {
      const { token = TEST_TOKEN, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (token && !headers.has('Authorization') && !headers.has('x-api-key'))
        headers.set('Authorization', `Bearer ${token}`);
      return fetch(`${dev.baseUrl}${path}`, { ...rest, headers });
    },
    async stop() {
      await dev.stop();
      rmSync(state, { recursive: true, force: true });
    },
  };
}

/** The JSON body of a response, untyped for assertions (tests check the shape themselves). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function json(res: Response): Promise<any> {
  return res.json();
}
