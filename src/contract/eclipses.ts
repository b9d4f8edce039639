/**
 * The eclipses seen from Kathmandu over the supported range, as the build reads them
 * (data/engine/eclipses.json, written by `npm run generate:eclipses` from src/almanac/eclipses.ts's searches).
 * Its schema is built in a closure marked pure (`@__PURE__`), as every contract schema is.
 */
import * as z from 'zod';

export const eclipsesFileSchema = /* @__PURE__ */ (() =>
  z
    .object({
      about: z.string(),
      generatedBy: z.string(),
      from: z.number().int().describe('First day searched (fixed day number, R.D. 1 = 1 January AD 1)'),
      to: z.number().int().describe('Last day searched'),
      eclipses: z.array(
        z
          .object({
            kind: z.enum(['lunar', 'solar']),
            peak: z.number().describe('Moment of greatest eclipse (fixed days, UT)'),
            fixed: z.number().int().describe('The almanac day (sunrise to sunrise, Nepal) holding the peak'),
          })
          .strict(),
      ),
    })
    .strict()
    .meta({ id: 'Eclipses', description: 'Eclipses seen from Kathmandu, in order of their peaks.' }))();

export type EclipsesFile = z.infer<typeof eclipsesFileSchema>;
