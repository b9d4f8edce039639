/**
 * The astronomical models by id, and the data file that says which one each BS year's published almanac
 * follows (data/engine/almanac-models.json). The models themselves are src/engine.
 * Its schemas are built in closures marked pure (`@__PURE__`): a bundle that uses none of them drops them, so the
 * function builds no answer schema at start (src/http/answers.ts; test/functions/bundle.test.ts).
 */
import * as z from 'zod';

/** `surya-siddhanta`: the traditional model (Reingold & Dershowitz's modern Hindu); `modern`: astronomy-engine + Lahiri. */
export type ModelId = 'surya-siddhanta' | 'modern';
export const MODEL_IDS = ['surya-siddhanta', 'modern'] as const satisfies readonly ModelId[];

const choice = /* @__PURE__ */ (() =>
  z.object({
    tithi: z.enum(MODEL_IDS),
    limbs: z.enum(MODEL_IDS).optional(),
    note: z.string().optional(),
  }))();
export const almanacModelsSchema = /* @__PURE__ */ (() =>
  z
    .object({
      about: z.string(),
      defaults: choice.required({ limbs: true }),
      years: z.record(z.string().regex(/^\d{4}$/), choice),
    })
    .meta({
      id: 'AlmanacModels',
      description: 'The astronomical model behind each BS year’s published almanac.',
    }))();

export type AlmanacModels = z.infer<typeof almanacModelsSchema>;
