/**
 * POST /api/panchanga/delete {year, month, base} — delete the curated records of one BS month (one commit; the
 * file stays in history and POST /api/admin/restore brings it back); the month is then served from the engine
 * and the festival rules again. 404 when the month has no curated records, 409 when it changed since `base`.
 */
import { EditRefused } from '../../../src/admin/edit.ts';
import { deleteMonthSchema } from '../../../src/contract/admin.ts';
import { adminGuard, baseOf, commitEdit, dataRepository, readBody } from '../../../src/http/admin.ts';
import { nowMs, type Env } from '../../../src/http/env.ts';

export const onRequestPost: PagesFunction<Env> = async ({ request, env }) => {
  const user = await adminGuard(request, env, nowMs(env));
  if (user instanceof Response) return user;
  const ref = await readBody(request, deleteMonthSchema, 'delete request');
  if (ref instanceof Response) return ref;
  const base = baseOf(request, ref.base);
  if (base instanceof Response) return base;
  const repository = dataRepository(env);
  if (repository instanceof Response) return repository;
  return commitEdit(repository, {
    year: ref.year,
    month: ref.month,
    user,
    base,
    action: 'Delete',
    scope: 'month',
    apply: (stored) => {
      if (!stored)
        throw new EditRefused('not-found', `BS ${ref.year}-${ref.month} has no curated records to delete`);
      return null;
    },
  });
};
