/**
 * Writes the machine-readable contract after the static API: `dist/api/openapi.json` (OpenAPI 3.1 from the zod
 * schemas, with examples computed by the library) and `dist/schemas/{name}.json` (the JSON Schema of every data
 * file and of the admin import format).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { jsonSchemaOf, PUBLISHED_SCHEMAS } from '../src/contract/data-registry.ts';
import { apiExamples } from '../src/contract/examples.ts';
import { openApiDocument } from '../src/contract/openapi.ts';

const DIST = process.env.DIST_DIR ?? 'dist';
const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
mkdirSync(`${DIST}/api`, { recursive: true });
writeFileSync(`${DIST}/api/openapi.json`, JSON.stringify(openApiDocument(apiExamples(), version)));

mkdirSync(`${DIST}/schemas`, { recursive: true });
for (const kind of PUBLISHED_SCHEMAS)
  writeFileSync(`${DIST}/schemas/${kind.name}.json`, JSON.stringify(jsonSchemaOf(kind), null, 1));
console.log(`${DIST}/api/openapi.json, ${DIST}/schemas/: ${PUBLISHED_SCHEMAS.length} JSON Schemas`);
