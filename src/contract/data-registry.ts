/**
 * Every data file of the repository and the zod schema it must pass: the one list that the data validation
 * (scripts/validate-data.ts), the published JSON Schemas (/schemas/) and the docs use.
 */
import * as z from 'zod';
import { almanacModelsSchema } from './almanac-model.ts';
import { importMonthSchema } from './admin.ts';
import { holidayNoticesSchema } from './holidays.ts';
import { calendarTableSchema } from './calendar-table.ts';
import { curatedMonthSchema } from './data-files.ts';
import { eclipsesFileSchema } from './eclipses.ts';
import { festivalRulesFileSchema } from './festival.ts';
import { glossaryFileSchema, observancesFileSchema } from './observance.ts';
import { muhuratDisagreementsSchema, muhuratFileSchema, muhuratRulesSchema } from './muhurat.ts';
import { gazetteerSchema } from './place.ts';
import { sourcesFileSchema } from './sources.ts';

export interface DataKind {
  /** Name of the published JSON Schema: /schemas/{name}.json. */
  readonly name: string;
  /** Files it covers, as a regular expression over repository paths. */
  readonly files: RegExp;
  readonly schema: z.ZodType;
}

export const DATA_KINDS: readonly DataKind[] = [
  { name: 'curated-month', files: /^data\/panchanga\/\d{4}\/\d{2}\.json$/, schema: curatedMonthSchema() },
  {
    name: 'calendar-table',
    files: /^data\/calendar\/(month-lengths|projection)\.json$/,
    schema: calendarTableSchema,
  },
  { name: 'muhurat-year', files: /^data\/muhurats\/\d{4}\.json$/, schema: muhuratFileSchema },
  { name: 'muhurat-rules', files: /^data\/muhurats\/rules\.json$/, schema: muhuratRulesSchema },
  {
    name: 'muhurat-disagreements',
    files: /^data\/muhurats\/disagreements\.json$/,
    schema: muhuratDisagreementsSchema,
  },
  { name: 'festival-rules', files: /^data\/festivals\/rules\.json$/, schema: festivalRulesFileSchema() },
  { name: 'observances', files: /^data\/festivals\/observances\.json$/, schema: observancesFileSchema },
  { name: 'glossary', files: /^data\/festivals\/glossary\.json$/, schema: glossaryFileSchema },
  { name: 'holiday-notices', files: /^data\/holidays\/moha-notices\.json$/, schema: holidayNoticesSchema },
  { name: 'sources', files: /^data\/sources\.json$/, schema: sourcesFileSchema },
  { name: 'almanac-models', files: /^data\/engine\/almanac-models\.json$/, schema: almanacModelsSchema },
  { name: 'eclipses', files: /^data\/engine\/eclipses\.json$/, schema: eclipsesFileSchema },
  { name: 'places', files: /^data\/places\/gazetteer\.json$/, schema: gazetteerSchema },
];

/** Every JSON Schema published under /schemas/{name}.json: the data files' and the admin import format's. */
export const PUBLISHED_SCHEMAS: readonly { readonly name: string; readonly schema: z.ZodType }[] = [
  ...DATA_KINDS,
  { name: 'import-month', schema: importMonthSchema() },
];

/**
 * The JSON Schema (draft 2020-12) of a file as it is written (zod's input side): what validate:data checks with
 * ajv and /schemas/ publishes. Example: `jsonSchemaOf(DATA_KINDS[0])`.
 */
export function jsonSchemaOf(kind: {
  readonly name: string;
  readonly schema: z.ZodType;
}): Record<string, unknown> {
  return {
    title: `${kind.name} (/schemas/${kind.name}.json)`,
    ...z.toJSONSchema(kind.schema, { io: 'input' }),
  };
}
