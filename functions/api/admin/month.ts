/**
 * GET /api/admin/month?year=&month= — the curated file of a BS month as the data repository holds it now (null
 * when the month has none), with the head commit: what the admin page edits, fresher than the deployed files.
 */
import { monthRefSchema } from '../../../src/contract/admin.ts';
import { dataRepository, invalidBody, sessionUser, storedMonth } from '../../../src/http/admin.ts';
import { nowMs, type Env } from '../../../src/http/env.ts';
import { ok } from '../../../src/http/problem.ts';

export const onRequestGet: PagesFunction<Env> = async ({ request, env }) => {
  const user = await sessionUser(request, env, nowMs(env));
  if (user instanceof Response) return user;
  const url = new URL(request.url);
  const ref = monthRefSchema.safeParse({
    year: Number(url.searchParams.get('year')),
    month: Number(url.searchParams.get('month')),
  });
  if (!ref.success) return invalidBody(ref.error, 'query');
  const repository = dataRepository(env);
  if (repository instanceof Response) return repository;
  const head = await repository.head();
  return ok({
    commit: head.commit,
    stored: await storedMonth(repository, head.commit, ref.data.year, ref.data.month),
  });
};
