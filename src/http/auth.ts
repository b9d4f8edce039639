/**
 * API tokens: every API request names a configured token as `Authorization: Bearer <token>` or
 * `x-api-key: <token>` (the feed may also use `?token=`, since calendar apps cannot send headers).
 * Tokens come from configuration (DEFAULT_MOBILE_TOKEN, API_TOKENS comma-separated) and are compared in
 * constant time over their SHA-256 digests, so neither content nor length leaks through timing.
 */

import { equalBytes } from './bytes.ts';

export interface TokenConfig {
  DEFAULT_MOBILE_TOKEN?: string;
  API_TOKENS?: string;
  PUBLIC_READS?: string;
}

/** The configured tokens, trimmed, empty ones dropped. */
export function configuredTokens(env: TokenConfig): string[] {
  return [env.DEFAULT_MOBILE_TOKEN ?? '', ...(env.API_TOKENS ?? '').split(',')]
    .map((t) => t.trim())
    .filter(Boolean);
}

/** Whether reads are open without a token (PUBLIC_READS=true). */
export function publicReads(env: TokenConfig): boolean {
  return /^(1|true|yes)$/i.test(env.PUBLIC_READS ?? '');
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

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/** True when the presented token equals one of the configured ones; every configured token is compared. */
export async function tokenAccepted(presented: string | null, tokens: readonly string[]): Promise<boolean> {
  if (!presented || tokens.length === 0) return false;
  const given = await sha256(presented);
  let accepted = false;
  for (const token of tokens) accepted = equalBytes(given, await sha256(token)) || accepted;
  return accepted;
}
