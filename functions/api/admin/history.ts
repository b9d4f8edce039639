/**
 * GET /api/admin/history?year=&month= — the changes of a BS month's curated file, newest first (up to 20), each
 * with the version before it and whether the month still had a file after it: what the admin page offers to
 * restore (POST /api/admin/restore) to undo a delete or a change.
 */
import { monthHistory, readMonth } from '../../../src/admin/edit.ts';
import { monthRefSchema } from '../../../src/contract/admin.ts';
import { adminGuard, dataRepository, invalidBody, overGitHub } from '../../../src/http/admin.ts';
import { nowMs, type Env } from '../../../src/http/env.ts';
import { ok } from '../../../src/http/problem.ts';
import { curatedPath } from '../../../src/panchanga/month-check.ts';

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
    const entries = await monthHistory(repository, year, month, head.commit);
    const path = curatedPath(year, month);
    const history = await Promise.all(
      entries.map(async (entry) => ({
        ...entry,
        parent: await repository.parentOf(entry.commit),
        exists: (await readMonth(repository, path, entry.commit)) !== null,
      })),
    );
    return ok({ commit: head.commit, history });
  });
};
