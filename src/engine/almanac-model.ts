/**
 * Which model reproduces each BS year's published almanac (data/engine/almanac-models.json): the tithi
 * (Surya Siddhanta in every measured year; default for future years) and the other limbs — nakshatra, yoga,
 * karana and the Moon's sign (modern by default, Surya Siddhanta where a year's almanac measurably uses it).
 */
import table from '../../data/engine/almanac-models.json' with { type: 'json' };
import type { AlmanacModels } from '../contract/almanac-model.ts';
import type { AstronomicalModel, ModelId } from './model.ts';
import { modern } from './modern.ts';
import { suryaSiddhanta } from './surya-siddhanta.ts';

export { almanacModelsSchema } from '../contract/almanac-model.ts';

/** Validated at build (npm run validate:data, src/contract/data-registry.ts) and in the tests, not at every isolate start. */
const MODELS = table as AlmanacModels;
const BY_ID: Record<ModelId, AstronomicalModel> = { 'surya-siddhanta': suryaSiddhanta, modern };

/** The model by id. */
export function modelById(id: ModelId): AstronomicalModel {
  return BY_ID[id];
}

/** Each year's models once looked up (a day record asks for its year's several times). */
const BY_YEAR = new Map<number, { readonly tithi: AstronomicalModel; readonly limbs: AstronomicalModel }>();

function modelsOfYear(bsYear: number): {
  readonly tithi: AstronomicalModel;
  readonly limbs: AstronomicalModel;
} {
  let models = BY_YEAR.get(bsYear);
  if (models === undefined) {
    const year = MODELS.years[String(bsYear)];
    models = {
      tithi: BY_ID[year?.tithi ?? MODELS.defaults.tithi],
      limbs: BY_ID[year?.limbs ?? MODELS.defaults.limbs],
    };
    BY_YEAR.set(bsYear, models);
  }
  return models;
}

/** The model whose tithis a BS year's almanac prints. */
export function tithiModelForYear(bsYear: number): AstronomicalModel {
  return modelsOfYear(bsYear).tithi;
}

/** The model for a BS year's nakshatra, yoga, karana and Moon sign. */
export function limbModelForYear(bsYear: number): AstronomicalModel {
  return modelsOfYear(bsYear).limbs;
}
