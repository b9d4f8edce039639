/**
 * API tokens: every API request names a configured token as `Authorization: Bearer <token>` or
 * `x-api-key: <token>` (the feed may also use `?token=`, since calendar apps cannot send headers).
 * Tokens come from configuration (DEFAULT_MOBILE_TOKEN, API_TOKENS comma-separated) and are compared in
 * constant time over their SHA-256 digests, so neither content nor length leaks through timing.
 */

import { FEED_PATH, OPENAPI_PATH, STATIC_FILES } from '../contract/endpoints.ts';
import { FEED_VARIANTS } from '../feed/variants.ts';
import { equalBytes, sha256 } from './bytes.ts';
import { problem } from './problem.ts';

export interface TokenConfig {
  DEFAULT_MOBILE_TOKEN?: string;
  API_TOKENS?: string;
  PUBLIC_READS?: string;
}

/** The configuration last read and its tokens (configuredTokens). */
let lastConfig: { single: string; list: string; tokens: readonly string[] } = {
  single: '',
  list: '',
  tokens: [],
};

/** The configured tokens, trimmed, empty ones dropped. */
export function configuredTokens(env: TokenConfig): readonly string[] {
  const { DEFAULT_MOBILE_TOKEN: single = '', API_TOKENS: list = '' } = env;
  // The configuration is the same for every request of an isolate: read once while it stays the same.
  if (single !== lastConfig.single || list !== lastConfig.list)
    lastConfig = {
      single,
      list,
      tokens: [single, ...list.split(',')].map((t) => t.trim()).filter(Boolean),
    };
  return lastConfig.tokens;
}

/** Whether a configuration opens reads without a token (PUBLIC_READS=true). */
export function publicReads(env: TokenConfig): boolean {
  return /^(1|true|yes)$/i.test(env.PUBLIC_READS ?? '');
}

/**
 * Where the build records PUBLIC_READS as it was at build time (scripts/build.ts, its routing step), read by the gate
 * through env.ASSETS: reads are public when either the build or the running deployment says so, and then for
 * static files and functions alike.
 */
export const BUILD_ACCESS_PATH = '/api/access.json';

export interface BuildAccess {
  publicReads: boolean;
}

const buildAccess = new WeakMap<object, Promise<boolean>>();

/** Whether reads are open: PUBLIC_READS at run time, or as the build recorded it (read once per isolate). */
export async function readsArePublic(
  env: TokenConfig & { ASSETS: Fetcher },
  requestUrl: string,
): Promise<boolean> {
  if (publicReads(env)) return true;
  let recorded = buildAccess.get(env.ASSETS);
  if (!recorded) {
    // Anything but a readable record that says so keeps the tokens required.
    recorded = env.ASSETS.fetch(new URL(BUILD_ACCESS_PATH, requestUrl))
      .then(async (res) => res.status === 200 && ((await res.json()) as BuildAccess).publicReads === true)
      .catch(() => false);
    buildAccess.set(env.ASSETS, recorded);
  }
  return recorded;
}

/** The token a request presents: Bearer header, then x-api-key, then (only when allowed) `?token=`. */
export function presentedToken(request: Request, allowQuery: boolean): string | null {
  const authorization = request.headers.get('Authorization');
  const bearer = authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  if (bearer) return bearer;
  const apiKey = request.headers.get('x-api-key')?.trim();
  if (apiKey) return apiKey;
  if (allowQuery) return new URL(request.url).searchParams.get('token');
  return null;
}

/** The digests of configured tokens, each computed once an isolate (configuration, so a handful). */
const configuredDigests = new Map<string, Promise<Uint8Array>>();

function configuredDigest(token: string): Promise<Uint8Array> {
  let digest = configuredDigests.get(token);
  if (!digest) configuredDigests.set(token, (digest = sha256(token)));
  return digest;
}

/** True when the presented token equals one of the configured ones; every configured token is compared. */
export async function tokenAccepted(presented: string | null, tokens: readonly string[]): Promise<boolean> {
  if (!presented || tokens.length === 0) return false;
  const given = await sha256(presented);
  let accepted = false;
  for (const token of tokens) accepted = equalBytes(given, await configuredDigest(token)) || accepted;
  return accepted;
}

const FEED_PATHS: ReadonlySet<string> = new Set([
  FEED_PATH,
  ...FEED_VARIANTS.map((v) => STATIC_FILES.feed(v.file)),
]);

/** Paths where `?token=` is accepted (calendar apps cannot send headers): the feed and its files. */
export function isFeedPath(path: string): boolean {
  return FEED_PATHS.has(path);
}

/**
 * The token check of an API request by its canonical path (src/http/gate.ts): null when it may pass (a read of
 * the OpenAPI document, a read while reads are public, or a configured token), else the 401 problem.
 * `needed` tells the caller whether a token was required, so it can keep the answer out of shared caches.
 */
export async function tokenGate(
  request: Request,
  env: TokenConfig & { ASSETS: Fetcher },
  path: string,
): Promise<{ needed: boolean; refused: Response | null }> {
  const read = request.method === 'GET' || request.method === 'HEAD';
  if (read && (path === OPENAPI_PATH || (await readsArePublic(env, request.url))))
    return { needed: false, refused: null };
  const token = presentedToken(request, isFeedPath(path));
  if (await tokenAccepted(token, configuredTokens(env))) return { needed: true, refused: null };
  return {
    needed: true,
    refused: problem(
      'unauthorized',
      token
        ? 'The API token is not valid.'
        : 'Send a token as "Authorization: Bearer <token>" or "x-api-key: <token>".',
      { headers: { 'WWW-Authenticate': 'Bearer realm="panchanga"', Vary: 'Authorization, x-api-key' } },
    ),
  };
}
