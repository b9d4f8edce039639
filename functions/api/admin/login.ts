/**
 * POST /api/admin/login {user, password} — sign an admin in: the password is checked against its PBKDF2 hash
 * in ADMIN_USERS, and a signed session cookie (HttpOnly, Secure, SameSite=Strict, 8 hours) is set. Only from
 * the site's own origin; after 5 failures for a user and address in 15 minutes, 429 until the window passes.
 */
import { loginSchema } from '../../../src/contract/admin.ts';
import { foreignOrigin, readBody } from '../../../src/http/admin.ts';
import { nowMs, type Env } from '../../../src/http/env.ts';
import { ok, problem } from '../../../src/http/problem.ts';
import {
  adminUsers,
  authenticate,
  LoginLimiter,
  sessionCookie,
  SESSION_TTL_SEC,
  signSession,
} from '../../../src/http/session.ts';

const limiter = new LoginLimiter();

export const onRequestPost: PagesFunction<Env> = async ({ request, env }) => {
  const refused = foreignOrigin(request, env);
  if (refused) return refused;
  if (!env.SESSION_SECRET || !env.ADMIN_USERS)
    return problem('unavailable', 'Admin sign-in is not configured (ADMIN_USERS, SESSION_SECRET).');
  const body = await readBody(request, loginSchema, 'login');
  if (body instanceof Response) return body;
  const now = nowMs(env);
  const key = `${body.user}|${request.headers.get('CF-Connecting-IP') ?? 'local'}`;
  const wait = limiter.retryAfter(key, now);
  if (wait > 0)
    return problem('too-many-requests', `Too many failed sign-ins; try again in ${wait} s.`, {
      headers: { 'Retry-After': String(wait) },
    });
  const user = await authenticate(adminUsers(env.ADMIN_USERS), body.user, body.password);
  if (!user) {
    limiter.fail(key, now);
    return problem('forbidden', 'Wrong user name or password.', { field: 'password' });
  }
  limiter.succeed(key);
  const expiresAt = Math.floor(now / 1000) + SESSION_TTL_SEC;
  const cookie = sessionCookie(await signSession(user, expiresAt, env.SESSION_SECRET));
  return ok(
    { user, expiresAt: new Date(expiresAt * 1000).toISOString() },
    { headers: { 'Set-Cookie': cookie } },
  );
};
