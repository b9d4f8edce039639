/**
 * Muhurats (auspicious days) by BS year and category: the data files data/muhurats/{YYYY}.json and the
 * answer of GET /api/muhurats.
 */
import { z } from 'zod';
import { isoDate, sourceSchema } from './data-files.ts';

/** The categories the endpoint serves by default (interface specification). */
export const MUHURAT_CATEGORIES = ['bibaha', 'bratabandha', 'pasni'] as const;
export type MuhuratCategory = (typeof MUHURAT_CATEGORIES)[number];

const category = z.string().regex(/^[a-z_]+$/);

export const muhuratFileSchema = z
  .object({
    $schema: z.string().optional(),
    schemaVersion: z.literal(1),
    year: z.number().int(),
    sources: z.array(sourceSchema).min(1),
    chosen: z
      .record(category, z.object({ source: z.string(), reason: z.string() }))
      .describe('For each category, which source is used and why (several sources may list a year)'),
    categories: z.record(
      category,
      z.array(
        z.object({
          month: z.number().int().min(1).max(12),
          day: z.number().int().min(1).max(32),
          englishDate: isoDate,
          windows: z.array(z.object({ start: z.string(), end: z.string() })).optional(),
        }),
      ),
    ),
  })
  .strict()
  .meta({
    id: 'MuhuratFile',
    description: 'Published auspicious days of one BS year (data/muhurats/{YYYY}.json).',
  });

export const muhuratEntrySchema = z
  .object({
    category: z.string(),
    categoryName: z.string(),
    bsDate: z.string(),
    year: z.number().int(),
    month: z.number().int(),
    day: z.number().int(),
    monthName: z.string(),
    englishDate: z.string(),
    weekday: z.string(),
    windows: z.array(z.object({ start: z.string(), end: z.string() })),
    source: z.string(),
  })
  .meta({ id: 'Muhurat' });

export const muhuratListSchema = z
  .object({
    year: z.number().int(),
    categories: z.array(z.string()),
    published: z
      .boolean()
      .describe('False when no published list exists for the year: the list is then empty'),
    note: z.string().optional(),
    muhurats: z.array(muhuratEntrySchema),
  })
  .meta({ id: 'MuhuratList', description: 'Auspicious days of a BS year, sorted by date.' });

export type MuhuratFile = z.infer<typeof muhuratFileSchema>;
export type MuhuratEntry = z.infer<typeof muhuratEntrySchema>;
export type MuhuratList = z.infer<typeof muhuratListSchema>;
