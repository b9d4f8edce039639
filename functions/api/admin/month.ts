/**
 * GET /api/admin/month?year=&month= — the curated file of a BS month as the data repository holds it now (null
 * when the month has none), with the head commit: the version a change made from this view must name (`base`,
 * or `If-Match`; also the answer's ETag). What the admin page edits, fresher than the deployed files.
 */
import { readMonth } from '../../../src/admin/edit.ts';
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
  return overGitHub(async () => {
    const head = await repository.head();
    const stored = await readMonth(repository, curatedPath(ref.data.year, ref.data.month), head.commit);
    return ok({ commit: head.commit, stored }, { headers: { ETag: `"${head.commit}"` } });
  });
};
