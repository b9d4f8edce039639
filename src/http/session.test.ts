/**
 * Sessions and passwords: PBKDF2 hashes verify only their password (checked against Node's own PBKDF2 as the
 * outside reference), signed sessions refuse tampering, another key and expiry, and the login limit holds.
 */
import { pbkdf2Sync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fromBase64url } from './bytes.ts';
import {
  adminUsers,
  authenticate,
  hashPassword,
  checkSession,
  endSession,
  LoginLimiter,
  memoryStore,
  sessionCookie,
  startSession,
  sessionFromCookies,
  signSession,
  verifyPassword,
  verifySession,
} from './session.ts';

describe('passwords', () => {
  it('hash with PBKDF2-HMAC-SHA-256 as RFC 8018 defines it (Node crypto as reference)', async () => {
    const stored = await hashPassword('correct horse battery');
    const [scheme, iterations, salt, hash] = stored.split('$');
    expect(scheme).toBe('pbkdf2-sha256');
    expect(Number(iterations)).toBe(100_000);
    const reference = pbkdf2Sync('correct horse battery', fromBase64url(salt!)!, 100_000, 32, 'sha256');
    expect(Buffer.from(fromBase64url(hash!)!).equals(reference)).toBe(true);
  });

  it('verify only the right password, and never a malformed hash', async () => {
    const stored = await hashPassword('s3cret-password', 1000);
    expect(await verifyPassword('s3cret-password', stored)).toBe(true);
    expect(await verifyPassword('s3cret-passwore', stored)).toBe(false);
    expect(await verifyPassword('s3cret-password', stored.replace('pbkdf2-sha256', 'md5'))).toBe(false);
    expect(await verifyPassword('s3cret-password', 'pbkdf2-sha256$1000$!!$!!')).toBe(false);
    expect(await verifyPassword('s3cret-password', 'pbkdf2-sha256$99999999$AAAA$AAAA')).toBe(false);
  });

  it('authenticate configured users only', async () => {
    const users = adminUsers(
      `alice:${await hashPassword('alice-password', 1000)}, bob:${await hashPassword('bob-password', 1000)}`,
    );
    expect([...users.keys()]).toEqual(['alice', 'bob']);
    expect(await authenticate(users, 'alice', 'alice-password')).toBe('alice');
    expect(await authenticate(users, 'alice', 'bob-password')).toBeNull();
    expect(await authenticate(users, 'carol', 'alice-password')).toBeNull();
  });
});

describe('signed sessions', () => {
  const now = 1_800_000_000;
  it('carry the user until expiry', async () => {
    const value = await signSession('राम', now + 60, 'secret');
    expect(await verifySession(value, 'secret', now)).toMatchObject({ user: 'राम', expiresAtSec: now + 60 });
    expect(await verifySession(value, 'secret', now + 60)).toEqual({ refused: 'expired' });
  });

  it('refuse another key, a changed user or expiry, and garbage', async () => {
    const value = await signSession('alice', now + 60, 'secret');
    const [user, expiry, id, signature] = value.split('.');
    expect(await verifySession(value, 'other-secret', now)).toEqual({ refused: 'forged' });
    expect(await verifySession(`${user}.${Number(expiry) + 1}.${id}.${signature}`, 'secret', now)).toEqual({
      refused: 'forged',
    });
    expect(await verifySession(`Ym9i.${expiry}.${id}.${signature}`, 'secret', now)).toEqual({
      refused: 'forged',
    });
    expect(await verifySession(`${user}.${expiry}.${'A'.repeat(22)}.${signature}`, 'secret', now)).toEqual({
      refused: 'forged',
    });
    expect(await verifySession('a.b', 'secret', now)).toEqual({ refused: 'forged' });
    expect(await verifySession(null, 'secret', now)).toEqual({ refused: 'missing' });
  });

  it('travel in a cookie with the required attributes', () => {
    expect(sessionCookie('v.1.s')).toBe(
      'panchanga_session=v.1.s; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=28800',
    );
    expect(sessionFromCookies('a=1; panchanga_session=v.1.s; b=2')).toBe('v.1.s');
    expect(sessionFromCookies('a=1')).toBeNull();
  });
});

describe('login limit', () => {
  it('allows five failures per user in fifteen minutes, whatever the address, then waits until the window passes', async () => {
    const limiter = new LoginLimiter(memoryStore());
    const t = 1_000_000;
    for (let i = 0; i < 5; i++) {
      expect(await limiter.retryAfter('alice', t + i)).toBe(0);
      await limiter.fail(i % 2 ? 'alice' : 'ALICE', t + i);
    }
    expect(await limiter.retryAfter('alice', t + 10)).toBe(900);
    expect(await limiter.retryAfter('bob', t + 10)).toBe(0);
    expect(await limiter.retryAfter('alice', t + 15 * 60_000 + 5)).toBe(0);
    await limiter.succeed('alice');
    expect(await limiter.retryAfter('alice', t + 20)).toBe(0);
  });

  it('counts across isolates: two limiters over one store share the count', async () => {
    const store = memoryStore();
    const [one, two] = [new LoginLimiter(store), new LoginLimiter(store)];
    for (let i = 0; i < 5; i++) await (i % 2 ? one : two).fail('alice', 1000 + i);
    expect(await one.retryAfter('alice', 2000)).toBeGreaterThan(0);
    expect(await two.retryAfter('alice', 2000)).toBeGreaterThan(0);
  });
});

describe('server-side sessions', () => {
  const users = new Map([['alice', 'hash']]);
  const now = 1_800_000_000;

  it('two sign-ins never share a session id, and each is honoured', async () => {
    const store = memoryStore();
    const a = await startSession(store, 'alice', now, 'secret');
    const b = await startSession(store, 'alice', now, 'secret');
    expect(a.value).not.toBe(b.value);
    expect(a.value.split('.')[2]).not.toBe(b.value.split('.')[2]);
    expect(await checkSession(store, a.value, 'secret', now, users)).toMatchObject({ user: 'alice' });
    expect(await checkSession(store, b.value, 'secret', now, users)).toMatchObject({ user: 'alice' });
  });

  it('a signed-out session is refused though its cookie is still signed; the other one lives on', async () => {
    const store = memoryStore();
    const a = await startSession(store, 'alice', now, 'secret');
    const b = await startSession(store, 'alice', now, 'secret');
    const check = await checkSession(store, a.value, 'secret', now, users);
    if (!('id' in check)) throw new Error('expected a session');
    await endSession(store, check.id);
    expect(await checkSession(store, a.value, 'secret', now, users)).toEqual({ refused: 'revoked' });
    expect(await checkSession(store, b.value, 'secret', now, users)).toMatchObject({ user: 'alice' });
  });

  it('a session of a user no longer in ADMIN_USERS is refused', async () => {
    const store = memoryStore();
    const a = await startSession(store, 'alice', now, 'secret');
    expect(await checkSession(store, a.value, 'secret', now, new Map([['bob', 'h']]))).toEqual({
      refused: 'removed',
    });
  });

  it('a session signed for one user never passes for another', async () => {
    const store = memoryStore();
    const a = await startSession(store, 'alice', now, 'secret');
    const [, expiry, id] = a.value.split('.');
    const forged = await signSession('bob', Number(expiry), 'secret', id);
    expect(await checkSession(store, forged, 'secret', now, new Map([['bob', 'h']]))).toEqual({
      refused: 'revoked',
    });
  });
});
