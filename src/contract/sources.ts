/** The sources of curated data (data/sources.json), by the ids the data files use. */
import * as z from 'zod';
import file from '../../data/sources.json' with { type: 'json' };
import { sourceSchema, type Source } from './data-files.ts';

export const sourcesFileSchema = /* @__PURE__ */ (() =>
  z
    .object({ about: z.string(), sources: z.record(z.string(), sourceSchema().omit({ id: true })) })
    .meta({ id: 'Sources', description: 'data/sources.json' }))();

export const SOURCES: Readonly<Record<string, Omit<Source, 'id'>>> = /* @__PURE__ */ (() =>
  sourcesFileSchema.parse(file).sources)();
