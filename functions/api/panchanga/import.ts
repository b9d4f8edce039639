/**
 * POST /api/panchanga/import[?dryRun=true] — replace a month's curated file with a month from the
 * text-recognition parser (JSON body, or a multipart upload field "file"; format: /schemas/import-month.json).
 * The file is normalized and checked against the BS table first: any bad row answers 422 with an error per row
 * and field, and nothing is committed. A dry run answers the field changes against what is stored.
 */
import { normalizeImport, adminSource } from '../../../src/admin/import.ts';
import { importMonthSchema } from '../../../src/contract/admin.ts';
import { adminGuard, commitMonthChange, dataRepository, readBody } from '../../../src/http/admin.ts';
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
  const first = normalizeImport(input, input.source ?? adminSource(user));
  if ('errors' in first)
    return problem('unprocessable', `The file has ${first.errors.length} problem(s); nothing was written.`, {
      errors: first.errors,
      field: first.errors[0]!.field,
    });
  const repository = dataRepository(env);
  if (repository instanceof Response) return repository;
  return commitMonthChange(repository, {
    year: first.month.year,
    month: first.month.month,
    user,
    action: 'Import',
    dryRun: dryRun === 'true',
    change: (stored) => {
      const result = normalizeImport(input, input.source ?? adminSource(user), stored);
      return 'errors' in result
        ? problem('unprocessable', result.errors[0]!.message, { errors: result.errors })
        : result.month;
    },
  });
};
