/**
 * The published JSON Schemas (/schemas/): each compiles in ajv (draft 2020-12) and accepts every file of its
 * kind in the repository (the import format: the documented example), and rejects a broken one.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_KINDS, jsonSchemaOf, PUBLISHED_SCHEMAS } from './data-registry.ts';

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
const read = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));
const repositoryFiles = files('data');

describe.each(PUBLISHED_SCHEMAS.map((kind) => [kind.name, kind] as const))('/schemas/%s.json', (_, kind) => {
  const schema = jsonSchemaOf(kind);
  const validate = new Ajv2020({ strict: false }).compile(schema);
  const ofKind =
    kind.name === 'import-month'
      ? ['src/admin/import-example.json']
      : repositoryFiles.filter((f) => DATA_KINDS.find((k) => k.name === kind.name)!.files.test(f));

  it('accepts every file of its kind in the repository', () => {
    expect(ofKind.length).toBeGreaterThan(0);
    for (const file of ofKind)
      expect(validate(read(file)), `${file}: ${JSON.stringify(validate.errors)}`).toBe(true);
  });

  it('rejects a file whose required fields are missing or of the wrong type', () => {
    // The top level is a reference to the named definition (zod writes schemas with an id as $defs).
    const $defs = schema.$defs as Record<string, { required: string[] }>;
    const root = schema.$ref
      ? $defs[(schema.$ref as string).split('/').at(-1)!]!
      : (schema as { required: string[] });
    const required = root.required[0]!;
    const file = read(ofKind[0]!) as Record<string, unknown>;
    const { [required]: _, ...missing } = file;
    expect(validate(missing)).toBe(false);
    expect(validate({ ...file, [required]: [[]] })).toBe(false);
  });
});
