/**
 * Admin sessions, with Web Crypto only (the same code in Workers and Node):
 * - passwords are stored only as PBKDF2-HMAC-SHA-256 hashes, `pbkdf2-sha256$<iterations>$<salt>$<hash>`
 *   (base64url), made by `npm run hash-password` (RFC 8018 §5.2; 100,000 iterations, the most Cloudflare
 *   Workers allow);
 * - ADMIN_USERS configures them as `name:hash` pairs, comma-separated;
 * - a session is a cookie `name.expiry.signature`, the signature an HMAC-SHA-256 (RFC 2104) under
 *   SESSION_SECRET, sent `HttpOnly; Secure; SameSite=Strict` with an expiry;
 * - failed logins are limited per user and client address.
 */

import { base64url, equalBytes, fromBase64url } from './bytes.ts';

export const SESSION_COOKIE = 'panchanga_session';
/** Session lifetime: a working day. */
export const SESSION_TTL_SEC = 8 * 3600;
/** PBKDF2 iterations; Workers refuse more than 100,000. */
export const PBKDF2_ITERATIONS = 100_000;
const HASH_BYTES = 32;

const encoder = new TextEncoder();

async function pbkdf2(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    key,
    HASH_BYTES * 8,
  );
  return new Uint8Array(bits);
}

/** Hash a password for ADMIN_USERS. Example: `await hashPassword('s3cret')` → `pbkdf2-sha256$100000$…$…`. */
export async function hashPassword(password: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return `pbkdf2-sha256$${iterations}$${base64url(salt)}$${base64url(await pbkdf2(password, salt, iterations))}`;
}

/** True when the password matches a stored hash; false for a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iterationsText, saltText, hashText] = stored.split('$');
  const iterations = Number(iterationsText);
  const salt = fromBase64url(saltText ?? '');
  const hash = fromBase64url(hashText ?? '');
  if (
    scheme !== 'pbkdf2-sha256' ||
    !Number.isInteger(iterations) ||
    iterations < 1 ||
    iterations > PBKDF2_ITERATIONS
  )
    return false;
  if (!salt || !hash || hash.length !== HASH_BYTES) return false;
  return equalBytes(await pbkdf2(password, salt, iterations), hash);
}

/** The admin users of ADMIN_USERS (`alice:pbkdf2-sha256$…,bob:…`), name → hash. */
export function adminUsers(config: string | undefined): Map<string, string> {
  const users = new Map<string, string>();
  for (const entry of (config ?? '').split(',')) {
    const at = entry.indexOf(':');
    if (at > 0) users.set(entry.slice(0, at).trim(), entry.slice(at + 1).trim());
  }
  return users;
}

/** A fixed hash to verify against for unknown users, so their timing matches known ones. */
const UNKNOWN_USER_HASH =
  'pbkdf2-sha256$100000$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

/** The user name when name and password match a configured admin, else null (same work either way). */
export async function authenticate(
  users: Map<string, string>,
  name: string,
  password: string,
): Promise<string | null> {
  const hash = users.get(name);
  const ok = await verifyPassword(password, hash ?? UNKNOWN_USER_HASH);
  return hash && ok ? name : null;
}

async function hmac(secret: string, text: string): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(text)));
}

/** A signed session value for a user, valid until `expiresAtSec` (Unix seconds). */
export async function signSession(user: string, expiresAtSec: number, secret: string): Promise<string> {
  const payload = `${base64url(encoder.encode(user))}.${expiresAtSec}`;
  return `${payload}.${base64url(await hmac(secret, payload))}`;
}

export type SessionCheck = { user: string } | { refused: 'missing' | 'forged' | 'expired' };

/** Check a session value: its signature under the secret, then its expiry against `nowSec`. */
export async function verifySession(
  value: string | null,
  secret: string,
  nowSec: number,
): Promise<SessionCheck> {
  if (!value) return { refused: 'missing' };
  const parts = value.split('.');
  if (parts.length !== 3) return { refused: 'forged' };
  const [userText, expiresText, signature] = parts as [string, string, string];
  const given = fromBase64url(signature);
  const expected = await hmac(secret, `${userText}.${expiresText}`);
  if (!given || !equalBytes(given, expected)) return { refused: 'forged' };
  if (!/^\d+$/.test(expiresText) || Number(expiresText) <= nowSec) return { refused: 'expired' };
  const user = fromBase64url(userText);
  return user ? { user: new TextDecoder().decode(user) } : { refused: 'forged' };
}

/** The `Set-Cookie` value for a session (or, with value null, one that clears it). */
export function sessionCookie(value: string | null, maxAgeSec = SESSION_TTL_SEC): string {
  const attributes = 'Path=/; HttpOnly; Secure; SameSite=Strict';
  return value === null
    ? `${SESSION_COOKIE}=; ${attributes}; Max-Age=0`
    : `${SESSION_COOKIE}=${value}; ${attributes}; Max-Age=${maxAgeSec}`;
}

/** The session cookie's value in a `Cookie` header, or null. */
export function sessionFromCookies(header: string | null): string | null {
  for (const part of (header ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === SESSION_COOKIE) return rest.join('=') || null;
  }
  return null;
}

/**
 * Failed-login limit: at most `max` failures per key (user and client address) in a sliding window.
 * In memory per isolate: on Cloudflare each isolate keeps its own count, which bounds guessing per isolate.
 */
export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();
  constructor(
    readonly max = 5,
    readonly windowMs = 15 * 60_000,
  ) {}

  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string, nowMs: number): number {
    const recent = (this.failures.get(key) ?? []).filter((t) => nowMs - t < this.windowMs);
    this.failures.set(key, recent);
    return recent.length >= this.max ? Math.ceil((recent[0]! + this.windowMs - nowMs) / 1000) : 0;
  }

  fail(key: string, nowMs: number): void {
    this.failures.set(key, [...(this.failures.get(key) ?? []), nowMs]);
  }

  succeed(key: string): void {
    this.failures.delete(key);
  }
}
