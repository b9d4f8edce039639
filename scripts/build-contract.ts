/**
 * Writes the machine-readable contract after the static API: `dist/api/openapi.json` (OpenAPI 3.1 from the zod
 * schemas, with examples computed by the library and read from the built files) and `dist/schemas/{name}.json`
 * (the JSON Schema of every data file and of the admin import format).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { convertDate } from '../src/calendar/convert.ts';
import { bsToFixed } from '../src/calendar/bs.ts';
import { jsonSchemaOf, PUBLISHED_SCHEMAS } from '../src/contract/data-registry.ts';
import type { MonthFile } from '../src/contract/day-record.ts';
import { openApiDocument } from '../src/contract/openapi.ts';
import { problemBody } from '../src/http/problem.ts';
import { fullDayRecord } from '../src/panchanga/records.ts';

const DIST = process.env.DIST_DIR ?? 'dist';
const built = <T>(path: string): T =>
  (JSON.parse(readFileSync(`${DIST}${path}`, 'utf8')) as { data: T }).data;

// Examples: 1 Baisakh 2083 (14 April 2026) as the built API answers it, trimmed where a list is long.
const month = built<MonthFile>('/api/panchanga/2083/01.en');
const firstDay = fullDayRecord(month.days[0]!, bsToFixed({ year: 2083, month: 1, day: 1 }), 'en');
const trim = <T extends object, K extends keyof T>(value: T, key: K, n: number): T => ({
  ...value,
  [key]: (value[key] as unknown[]).slice(0, n),
});
const document = openApiDocument(
  {
    answers: {
      today: firstDay,
      byEnglishDate: firstDay,
      month: trim(month, 'days', 2),
      availableMonths: trim(built<{ years: unknown[] }>('/api/panchanga/available-months'), 'years', 2),
      convertDate: convertDate('2083-01-01', 'bs', 'en'),
      festivals: trim(built<{ festivals: unknown[] }>('/api/festivals/2083.en'), 'festivals', 3),
    },
    badRequest: problemBody('bad-request', 'lang must be "ne" or "en", got "fr"', { field: 'lang' }),
  },
  (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version,
);
writeFileSync(`${DIST}/api/openapi.json`, JSON.stringify(document));

mkdirSync(`${DIST}/schemas`, { recursive: true });
for (const kind of PUBLISHED_SCHEMAS)
  writeFileSync(`${DIST}/schemas/${kind.name}.json`, JSON.stringify(jsonSchemaOf(kind), null, 1));
console.log(`${DIST}/api/openapi.json, ${DIST}/schemas/: ${PUBLISHED_SCHEMAS.length} JSON Schemas`);
