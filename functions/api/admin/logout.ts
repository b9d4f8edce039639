/**
 * POST /api/admin/logout — end the session: its server-side record is removed (the cookie is refused from now
 * on, even if kept) and the cookie is cleared. From the site's own origin only.
 */
import { foreignOrigin, sessionOf, sessionStore } from '../../../src/http/admin.ts';
import { nowMs, type Env } from '../../../src/http/env.ts';
import { ok } from '../../../src/http/problem.ts';
import { endSession, sessionCookie } from '../../../src/http/session.ts';

export const onRequestPost: PagesFunction<Env> = async ({ request, env }) => {
  const refused = foreignOrigin(request, env);
  if (refused) return refused;
  const session = await sessionOf(request, env, nowMs(env));
  const store = sessionStore(env);
  if (!(session instanceof Response) && !(store instanceof Response)) await endSession(store, session.id);
  return ok({ signedOut: true }, { headers: { 'Set-Cookie': sessionCookie(null) } });
};
