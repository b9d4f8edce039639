/** POST /api/admin/logout — end the session: the cookie is cleared (from the site's own origin only). */
import { foreignOrigin } from '../../../src/http/admin.ts';
import type { Env } from '../../../src/http/env.ts';
import { ok } from '../../../src/http/problem.ts';
import { sessionCookie } from '../../../src/http/session.ts';

export const onRequestPost: PagesFunction<Env> = async ({ request, env }) =>
  foreignOrigin(request, env) ?? ok({ signedOut: true }, { headers: { 'Set-Cookie': sessionCookie(null) } });
