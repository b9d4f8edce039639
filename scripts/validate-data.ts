/**
 * `npm run validate:data [-- <dir>]`: checks every data file with ajv against the JSON Schema generated from its
 * zod schema (src/contract/data-registry.ts), then the curated month files against the BS table (day count,
 * consecutive days, AD dates). Prints each problem as "file: day N: field: message" and exits 1 if any.
 * With a directory argument, checks the data files under it instead (used by the bad-data fixtures).
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { curatedMonthSchema } from '../src/contract/data-files.ts';
import { DATA_KINDS, jsonSchemaOf } from '../src/contract/data-registry.ts';
import { checkCuratedMonth, formatIssue, type DataIssue } from '../src/almanac/month-check.ts';

const root = process.argv[2] ?? '.';
const ajv = new Ajv2020({ allErrors: true, strict: false });
const validators = new Map(DATA_KINDS.map((k) => [k.name, ajv.compile(jsonSchemaOf(k))]));

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

const issues: DataIssue[] = [];
let checked = 0;
for (const path of walk(join(root, 'data')).filter((p) => p.endsWith('.json'))) {
  const file = relative(root, path).replaceAll('\\', '/');
  const kind = DATA_KINDS.find((k) => k.files.test(file));
  if (!kind) continue;
  checked++;
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    issues.push({ file, message: `not valid JSON (${(error as Error).message})` });
    continue;
  }
  const validate = validators.get(kind.name)!;
  if (!validate(data)) {
    for (const e of validate.errors ?? []) {
      const parts = e.instancePath.split('/').slice(1);
      const dayIndex = parts[0] === 'days' ? Number(parts[1]) : NaN;
      const gate = Number.isNaN(dayIndex)
        ? undefined
        : ((data as { days: { gate?: number }[] }).days[dayIndex]?.gate ?? dayIndex + 1);
      const field = (Number.isNaN(dayIndex) ? parts : parts.slice(2)).join('.') || undefined;
      issues.push({
        file,
        gate,
        field: field ?? (e.params as { missingProperty?: string }).missingProperty,
        message: e.message ?? 'invalid',
      });
    }
    continue;
  }
  if (kind.name === 'curated-month') {
    const match = file.match(/(\d{4})\/(\d{2})\.json$/)!;
    issues.push(
      ...checkCuratedMonth(file, curatedMonthSchema().parse(data), Number(match[1]), Number(match[2])),
    );
  }
}
for (const issue of issues) console.error(formatIssue(issue));
console.log(`validate:data: ${checked} files checked, ${issues.length} problem(s)`);
process.exit(issues.length ? 1 : 0);
