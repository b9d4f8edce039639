/** GET /api/admin/session — who is signed in (403 without a valid session); the admin page starts here. */
import { adminGuard } from '../../../src/http/admin.ts';
import { nowMs, type Env } from '../../../src/http/env.ts';
import { ok } from '../../../src/http/problem.ts';

export const onRequestGet: PagesFunction<Env> = async ({ request, env }) => {
  const user = await adminGuard(request, env, nowMs(env));
  return user instanceof Response ? user : ok({ user });
};
