/**
 * A stand-in for the Pages runtime's `env.ASSETS` over the built dist/, for in-process tests of the router and
 * the root middleware: 200 with the file, 404 without (as the static file layer answers).
 *
 * Example: `const env: Env = { DEFAULT_MOBILE_TOKEN: 'token', ASSETS: DIST_ASSETS };`
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The built site (`npm run build`). */
export const DIST = resolve(import.meta.dirname, '../../dist');

export const DIST_ASSETS = {
  fetch: async (input: RequestInfo | URL) => {
    const path = join(DIST, decodeURIComponent(new URL(String(input)).pathname));
    return existsSync(path) && !path.endsWith('/')
      ? new Response(readFileSync(path))
      : new Response('not found', { status: 404 });
  },
} as unknown as Fetcher;
