/**
 * Admin sessions, with Web Crypto only (the same code in Workers and Node):
 * - passwords are stored only as PBKDF2-HMAC-SHA-256 hashes, `pbkdf2-sha256$<iterations>$<salt>$<hash>`
 *   (base64url), made by `npm run hash-password` (RFC 8018 §5.2; 100,000 iterations, the most Cloudflare
 *   Workers allow);
 * - ADMIN_USERS configures them as `name:hash` pairs, comma-separated;
 * - a session is a cookie `name.expiry.id.signature`, the id 128 random bits (two sign-ins never share one),
 *   the signature an HMAC-SHA-256 (RFC 2104) under SESSION_SECRET, sent `HttpOnly; Secure; SameSite=Strict`
 *   with an expiry; the session also lives server-side in Workers KV (ADMIN_KV, `session:<id>`) until it
 *   expires or the admin signs out, and a session is honoured only while that record exists and its user is
 *   still in ADMIN_USERS;
 * - failed sign-ins are counted per user name in ADMIN_KV (`login-failures:<name>`), so the limit holds across
 *   isolates and client addresses. Workers KV is eventually consistent (a write may take up to 60 s to reach
 *   other locations): the limit and a sign-out are exact within a location, near-exact across.
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

/** A signed session value for a user and session id, valid until `expiresAtSec` (Unix seconds). */
export async function signSession(
  user: string,
  expiresAtSec: number,
  secret: string,
  id: string = newSessionId(),
): Promise<string> {
  const payload = `${base64url(encoder.encode(user))}.${expiresAtSec}.${id}`;
  return `${payload}.${base64url(await hmac(secret, payload))}`;
}

/** A fresh session id: 128 random bits, base64url. */
export function newSessionId(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(16)));
}

export type SessionCheck =
  { user: string; id: string; expiresAtSec: number } | { refused: 'missing' | 'forged' | 'expired' };

/** Check a session value: its signature under the secret, then its expiry against `nowSec`. */
export async function verifySession(
  value: string | null,
  secret: string,
  nowSec: number,
): Promise<SessionCheck> {
  if (!value) return { refused: 'missing' };
  const parts = value.split('.');
  if (parts.length !== 4) return { refused: 'forged' };
  const [userText, expiresText, id, signature] = parts as [string, string, string, string];
  const given = fromBase64url(signature);
  const expected = await hmac(secret, `${userText}.${expiresText}.${id}`);
  if (!given || !equalBytes(given, expected)) return { refused: 'forged' };
  if (!/^\d+$/.test(expiresText) || Number(expiresText) <= nowSec) return { refused: 'expired' };
  const user = fromBase64url(userText);
  if (!user || !/^[A-Za-z0-9_-]{22}$/.test(id)) return { refused: 'forged' };
  return { user: new TextDecoder().decode(user), id, expiresAtSec: Number(expiresText) };
}

/** The part of a Workers KV namespace sessions use (KVNamespace satisfies it; tests pass a Map-backed one). */
export interface SessionStore {
  get(key: string): Promise<string | null>;
  put(key: string, value: string, options?: { expirationTtl?: number }): Promise<void>;
  delete(key: string): Promise<void>;
}

/** Workers KV keeps a key at least 60 s (its minimum expirationTtl). */
const KV_MIN_TTL_SEC = 60;

const sessionKey = (id: string) => `session:${id}`;

/** Sign a user in: a new session id, recorded server-side until it expires. Returns the cookie value. */
export async function startSession(
  store: SessionStore,
  user: string,
  nowSec: number,
  secret: string,
): Promise<{ value: string; expiresAtSec: number }> {
  const expiresAtSec = nowSec + SESSION_TTL_SEC;
  const id = newSessionId();
  await store.put(sessionKey(id), JSON.stringify({ user, expiresAtSec }), {
    expirationTtl: Math.max(KV_MIN_TTL_SEC, SESSION_TTL_SEC),
  });
  return { value: await signSession(user, expiresAtSec, secret, id), expiresAtSec };
}

export type SessionRefusal = 'missing' | 'forged' | 'expired' | 'revoked' | 'removed';

/**
 * The user of a session cookie value, or why it is refused: not signed, expired, signed out (no server-side
 * record), or its user no longer in ADMIN_USERS (`users`).
 */
export async function checkSession(
  store: SessionStore,
  value: string | null,
  secret: string,
  nowSec: number,
  users: ReadonlyMap<string, string>,
): Promise<{ user: string; id: string } | { refused: SessionRefusal }> {
  const check = await verifySession(value, secret, nowSec);
  if ('refused' in check) return check;
  const record = await store.get(sessionKey(check.id));
  let recorded: { user?: unknown } | null;
  try {
    recorded = record === null ? null : (JSON.parse(record) as { user?: unknown });
  } catch {
    recorded = null;
  }
  if (recorded?.user !== check.user) return { refused: 'revoked' };
  if (!users.has(check.user)) return { refused: 'removed' };
  return { user: check.user, id: check.id };
}

/** Sign out: the session's server-side record is removed, so its cookie is refused from now on. */
export async function endSession(store: SessionStore, id: string): Promise<void> {
  await store.delete(sessionKey(id));
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
 * Failed sign-ins per user name, across isolates and client addresses: at most `max` in a sliding window,
 * kept in a SessionStore (Workers KV). Names are compared case-insensitively, unknown names counted like
 * known ones.
 */
export class LoginLimiter {
  private readonly store: SessionStore;
  readonly max: number;
  readonly windowMs: number;

  constructor(store: SessionStore, max = 5, windowMs = 15 * 60_000) {
    this.store = store;
    this.max = max;
    this.windowMs = windowMs;
  }

  private key(user: string): string {
    return `login-failures:${user.toLowerCase()}`;
  }

  private async recent(user: string, nowMs: number): Promise<number[]> {
    const text = await this.store.get(this.key(user));
    let times: unknown;
    try {
      times = text === null ? [] : JSON.parse(text);
    } catch {
      times = [];
    }
    return (Array.isArray(times) ? times : []).filter(
      (t): t is number => typeof t === 'number' && nowMs - t < this.windowMs && t <= nowMs + 1000,
    );
  }

  /** Seconds until the user may try again, or 0 when they may try now. */
  async retryAfter(user: string, nowMs: number): Promise<number> {
    const recent = await this.recent(user, nowMs);
    return recent.length >= this.max
      ? Math.max(1, Math.ceil((recent[0]! + this.windowMs - nowMs) / 1000))
      : 0;
  }

  async fail(user: string, nowMs: number): Promise<void> {
    const recent = [...(await this.recent(user, nowMs)), nowMs].slice(-this.max);
    await this.store.put(this.key(user), JSON.stringify(recent), {
      expirationTtl: Math.max(KV_MIN_TTL_SEC, Math.ceil(this.windowMs / 1000)),
    });
  }

  async succeed(user: string): Promise<void> {
    await this.store.delete(this.key(user));
  }
}

/** A SessionStore in memory, for tests and tools (not shared between isolates). */
export function memoryStore(): SessionStore & { readonly entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    get: async (key) => entries.get(key) ?? null,
    put: async (key, value) => void entries.set(key, value),
    delete: async (key) => void entries.delete(key),
  };
}
