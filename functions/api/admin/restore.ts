/**
 * POST /api/admin/restore {year, month, from, base} — restore a BS month's curated file as it was at commit
 * `from` (one commit; deleting the file if it had none then): the undo of a delete or a change, made from the
 * version `base` the admin page read (409 if the month changed since).
 */
import { readMonth } from '../../../src/admin/edit.ts';
import { restoreMonthSchema } from '../../../src/contract/admin.ts';
import { adminGuard, baseOf, commitEdit, dataRepository, readBody } from '../../../src/http/admin.ts';
import { nowMs, type Env } from '../../../src/http/env.ts';
import { curatedPath } from '../../../src/panchanga/month-check.ts';

export const onRequestPost: PagesFunction<Env> = async ({ request, env }) => {
  const user = await adminGuard(request, env, nowMs(env));
  if (user instanceof Response) return user;
  const body = await readBody(request, restoreMonthSchema, 'restore request');
  if (body instanceof Response) return body;
  const base = baseOf(request, body.base);
  if (base instanceof Response) return base;
  const repository = dataRepository(env);
  if (repository instanceof Response) return repository;
  const { year, month, from } = body;
  return commitEdit(repository, {
    year,
    month,
    user,
    base,
    action: `Restore (as of ${from.slice(0, 12)})`,
    scope: 'month',
    apply: async () => {
      await repository.commitInfo(from);
      return readMonth(repository, curatedPath(year, month), from);
    },
  });
};
