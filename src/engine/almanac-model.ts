/**
 * Which model reproduces each BS year's published almanac (data/engine/almanac-models.json): the tithi
 * (Surya Siddhanta in every measured year; default for future years) and the other limbs — nakshatra, yoga,
 * karana and the Moon's sign (modern by default, Surya Siddhanta where a year's almanac measurably uses it).
 */
import { z } from 'zod';
import table from '../../data/engine/almanac-models.json' with { type: 'json' };
import { MODEL_IDS, type AstronomicalModel, type ModelId } from './model.ts';
import { modern } from './modern.ts';
import { suryaSiddhanta } from './surya-siddhanta.ts';

const choice = z.object({
  tithi: z.enum(MODEL_IDS),
  limbs: z.enum(MODEL_IDS).optional(),
  note: z.string().optional(),
});
export const almanacModelsSchema = z
  .object({
    about: z.string(),
    defaults: choice.required({ limbs: true }),
    years: z.record(z.string().regex(/^\d{4}$/), choice),
  })
  .meta({
    id: 'AlmanacModels',
    description: 'The astronomical model behind each BS year’s published almanac.',
  });

/** Validated at build (npm run validate:data, src/contract/data-registry.ts) and in the tests, not at every isolate start. */
const MODELS = table as z.infer<typeof almanacModelsSchema>;
const BY_ID: Record<ModelId, AstronomicalModel> = { 'surya-siddhanta': suryaSiddhanta, modern };

/** The model by id. */
export function modelById(id: ModelId): AstronomicalModel {
  return BY_ID[id];
}

/** The model whose tithis a BS year's almanac prints. */
export function tithiModelForYear(bsYear: number): AstronomicalModel {
  return BY_ID[MODELS.years[String(bsYear)]?.tithi ?? MODELS.defaults.tithi];
}

/** The model for a BS year's nakshatra, yoga, karana and Moon sign. */
export function limbModelForYear(bsYear: number): AstronomicalModel {
  return BY_ID[MODELS.years[String(bsYear)]?.limbs ?? MODELS.defaults.limbs];
}
