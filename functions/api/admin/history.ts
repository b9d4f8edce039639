/**
 * GET /api/admin/history?year=&month= — the changes of a BS month's curated file, newest first (up to 20), each
 * with the version before it: what the admin page offers to
 * restore (POST /api/admin/restore) to undo a delete or a change.
 */
import { monthHistory } from '../../../src/admin/edit.ts';
import { monthRefSchema } from '../../../src/contract/admin.ts';
import { adminGuard, dataRepository, invalidBody, overGitHub } from '../../../src/http/admin.ts';
import { nowMs, type Env } from '../../../src/http/env.ts';
import { ok } from '../../../src/http/problem.ts';

export const onRequestGet: PagesFunction<Env> = async ({ request, env }) => {
  const user = await adminGuard(request, env, nowMs(env));
  if (user instanceof Response) return user;
  const url = new URL(request.url);
  const ref = monthRefSchema.safeParse({
    year: Number(url.searchParams.get('year')),
    month: Number(url.searchParams.get('month')),
  });
  if (!ref.success) return invalidBody(ref.error, 'query');
  const repository = dataRepository(env);
  if (repository instanceof Response) return repository;
  const { year, month } = ref.data;
  return overGitHub(async () => {
    const head = await repository.head();
    return ok({ commit: head.commit, history: await monthHistory(repository, year, month, head.commit) });
  });
};
