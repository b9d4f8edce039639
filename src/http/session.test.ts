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
  LoginLimiter,
  sessionCookie,
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
    expect(await verifySession(value, 'secret', now)).toEqual({ user: 'राम' });
    expect(await verifySession(value, 'secret', now + 60)).toEqual({ refused: 'expired' });
  });

  it('refuse another key, a changed user or expiry, and garbage', async () => {
    const value = await signSession('alice', now + 60, 'secret');
    const [user, expiry, signature] = value.split('.');
    expect(await verifySession(value, 'other-secret', now)).toEqual({ refused: 'forged' });
    expect(await verifySession(`${user}.${Number(expiry) + 1}.${signature}`, 'secret', now)).toEqual({
      refused: 'forged',
    });
    expect(await verifySession(`Ym9i.${expiry}.${signature}`, 'secret', now)).toEqual({ refused: 'forged' });
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
  it('allows five failures in fifteen minutes, then waits until the window passes', () => {
    const limiter = new LoginLimiter();
    const t = 1_000_000;
    for (let i = 0; i < 5; i++) {
      expect(limiter.retryAfter('alice|ip', t + i)).toBe(0);
      limiter.fail('alice|ip', t + i);
    }
    expect(limiter.retryAfter('alice|ip', t + 10)).toBe(900);
    expect(limiter.retryAfter('bob|ip', t + 10)).toBe(0);
    expect(limiter.retryAfter('alice|ip', t + 15 * 60_000 + 5)).toBe(0);
    limiter.succeed('alice|ip');
    expect(limiter.retryAfter('alice|ip', t + 20)).toBe(0);
  });
});
