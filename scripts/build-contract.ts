/**
 * Writes the machine-readable contract after the static API: `dist/api/openapi.json` (OpenAPI 3.1 from the
 * router's zod schemas, with examples computed by the library) and `dist/schemas/{name}.json` (the JSON Schema
 * of every data file and of the admin import format).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { STATIC_FILES } from '../src/contract/endpoints.ts';
import { jsonSchemaOf, PUBLISHED_SCHEMAS } from '../src/contract/data-registry.ts';
import { apiExamples } from '../src/http/examples.ts';
import { openApiDocument } from '../src/http/openapi.ts';

const DIST = process.env.DIST_DIR ?? 'dist';
mkdirSync(`${DIST}/api`, { recursive: true });
writeFileSync(`${DIST}${STATIC_FILES.openapi()}`, JSON.stringify(openApiDocument(apiExamples())));

mkdirSync(`${DIST}/schemas`, { recursive: true });
for (const kind of PUBLISHED_SCHEMAS)
  writeFileSync(`${DIST}${STATIC_FILES.schema(kind.name)}`, JSON.stringify(jsonSchemaOf(kind), null, 1));
console.log(`${DIST}/api/openapi.json, ${DIST}/schemas/: ${PUBLISHED_SCHEMAS.length} JSON Schemas`);
