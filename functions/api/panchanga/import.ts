/**
 * POST /api/panchanga/import[?dryRun=true][&base=] — replace a month's curated file with a month from the
 * text-recognition parser (JSON body, or a multipart upload field "file"; format: /schemas/import-month.json).
 * The file is normalized and checked against the BS table and the sky first (tithi end times a tithi's length
 * apart, labels in sequence): any bad row answers 422 with an error per row and field, and nothing is committed.
 * The write names the version it was made from (`If-Match`, `?base=` or an upload field `base`); values it
 * leaves unchanged keep their provenance, also after a delete. A dry run answers the field changes.
 */
import { EditRefused } from '../../../src/admin/edit.ts';
import { adminSource, normalizeImport } from '../../../src/admin/import.ts';
import { importMonthSchema } from '../../../src/contract/admin.ts';
import { adminGuard, baseOf, commitEdit, dataRepository, readBody } from '../../../src/http/admin.ts';
import { nowMs, type Env } from '../../../src/http/env.ts';
import { problem } from '../../../src/http/problem.ts';

export const onRequestPost: PagesFunction<Env> = async ({ request, env }) => {
  const user = await adminGuard(request, env, nowMs(env));
  if (user instanceof Response) return user;
  const dryRun = new URL(request.url).searchParams.get('dryRun');
  if (dryRun !== null && dryRun !== 'true' && dryRun !== 'false')
    return problem('bad-request', `dryRun must be true or false, got "${dryRun.slice(0, 20)}"`, {
      field: 'dryRun',
    });
  const input = await readBody(request, importMonthSchema, 'import file');
  if (input instanceof Response) return input;
  const source = input.source ?? adminSource(user);
  const first = normalizeImport(input, source);
  if ('errors' in first)
    return problem('unprocessable', `The file has ${first.errors.length} problem(s); nothing was written.`, {
      errors: first.errors,
      field: first.errors[0]!.field,
    });
  const base = dryRun === 'true' ? null : baseOf(request);
  if (base instanceof Response) return base;
  const repository = dataRepository(env);
  if (repository instanceof Response) return repository;
  return commitEdit(repository, {
    year: first.month.year,
    month: first.month.month,
    user,
    base,
    action: 'Import',
    dryRun: dryRun === 'true',
    scope: 'month',
    apply: async (stored, context) => {
      const result = normalizeImport(input, source, stored, stored ?? (await context.lastVersion()));
      if ('errors' in result)
        throw new EditRefused('unprocessable', result.errors[0]!.message, result.errors);
      return result.month;
    },
  });
};
