/**
 * POST /api/panchanga/delete {year, month} — delete the curated records of one BS month (one commit); the month
 * is then served from the engine and the festival rules again. 404 when the month has no curated records.
 */
import { monthRefSchema } from '../../../src/contract/admin.ts';
import { adminGuard, commitMonthChange, dataRepository, readBody } from '../../../src/http/admin.ts';
import { nowMs, type Env } from '../../../src/http/env.ts';
import { problem } from '../../../src/http/problem.ts';

export const onRequestPost: PagesFunction<Env> = async ({ request, env }) => {
  const user = await adminGuard(request, env, nowMs(env));
  if (user instanceof Response) return user;
  const ref = await readBody(request, monthRefSchema, 'delete request');
  if (ref instanceof Response) return ref;
  const repository = dataRepository(env);
  if (repository instanceof Response) return repository;
  return commitMonthChange(repository, {
    ...ref,
    user,
    action: 'Delete',
    change: (stored) =>
      stored ? null : problem('not-found', `BS ${ref.year}-${ref.month} has no curated records to delete.`),
  });
};
