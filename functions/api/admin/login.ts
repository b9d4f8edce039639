/**
 * POST /api/admin/login {user, password} — sign an admin in: the password is checked against its PBKDF2 hash
 * in ADMIN_USERS, and a new session (its own random id, recorded in ADMIN_KV) is set as a signed cookie
 * (HttpOnly, Secure, SameSite=Strict, 8 hours). Only from the site's own origin; after 5 failures for a user
 * name in 15 minutes, from any address and any isolate, 429 with Retry-After until the window passes.
 */
import { loginSchema } from '../../../src/contract/admin.ts';
import { foreignOrigin, readBody, sessionStore } from '../../../src/http/admin.ts';
import { nowMs, type Env } from '../../../src/http/env.ts';
import { ok, problem } from '../../../src/http/problem.ts';
import {
  adminUsers,
  authenticate,
  LoginLimiter,
  sessionCookie,
  startSession,
} from '../../../src/http/session.ts';

export const onRequestPost: PagesFunction<Env> = async ({ request, env }) => {
  const refused = foreignOrigin(request, env);
  if (refused) return refused;
  if (!env.SESSION_SECRET || !env.ADMIN_USERS)
    return problem('unavailable', 'Admin sign-in is not configured (ADMIN_USERS, SESSION_SECRET).');
  const store = sessionStore(env);
  if (store instanceof Response) return store;
  const body = await readBody(request, loginSchema, 'login');
  if (body instanceof Response) return body;
  const now = nowMs(env);
  const limiter = new LoginLimiter(store);
  const wait = await limiter.retryAfter(body.user, now);
  if (wait > 0)
    return problem('too-many-requests', `Too many failed sign-ins for this user; try again in ${wait} s.`, {
      headers: { 'Retry-After': String(wait) },
    });
  const user = await authenticate(adminUsers(env.ADMIN_USERS), body.user, body.password);
  if (!user) {
    await limiter.fail(body.user, now);
    return problem('forbidden', 'Wrong user name or password.', { field: 'password' });
  }
  await limiter.succeed(user);
  const session = await startSession(store, user, Math.floor(now / 1000), env.SESSION_SECRET);
  return ok(
    { user, expiresAt: new Date(session.expiresAtSec * 1000).toISOString() },
    { headers: { 'Set-Cookie': sessionCookie(session.value) } },
  );
};
