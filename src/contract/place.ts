/**
 * Places: the gazetteer the API answers `place=<id>` from (data/places/gazetteer.json), and the place echoed in
 * an answer computed for somewhere other than Kathmandu. Dates and festivals stay those of the Nepali almanac at
 * every place; only sunrise, sunset, moonrise, the tithi at sunrise and the clock times move.
 * Its schemas are built in closures marked pure (`@__PURE__`): a bundle that uses none of them drops them, so the
 * function builds no answer schema at start (src/http/answers.ts; test/functions/bundle.test.ts).
 */
import * as z from 'zod';

/** Latitudes the place queries answer: within them the Sun rises and sets every day of the year. */
export const PLACE_MAX_ABS_LATITUDE_DEG = 65;
/** Elevations the place queries accept, metres above sea level (the Dead Sea shore to above Everest). */
export const PLACE_ELEVATION_RANGE_M = { min: -500, max: 9000 } as const;

const names = /* @__PURE__ */ (() => z.object({ ne: z.string().min(1), en: z.string().min(1) }))();
export const latitudeSchema = /* @__PURE__ */ (() =>
  z
    .number()
    .min(-PLACE_MAX_ABS_LATITUDE_DEG)
    .max(PLACE_MAX_ABS_LATITUDE_DEG)
    .describe('Degrees north (negative: south)'))();
export const longitudeSchema = /* @__PURE__ */ (() =>
  z.number().min(-180).max(180).describe('Degrees east (negative: west)'))();
export const elevationSchema = /* @__PURE__ */ (() =>
  z
    .number()
    .min(PLACE_ELEVATION_RANGE_M.min)
    .max(PLACE_ELEVATION_RANGE_M.max)
    .describe('Metres above sea level'))();
export const timeZoneSchema = /* @__PURE__ */ (() =>
  z
    .string()
    .regex(/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/)
    .describe('IANA time zone, e.g. Asia/Kathmandu'))();

export const gazetteerPlaceSchema = /* @__PURE__ */ (() =>
  z
    .object({
      id: z
        .string()
        .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
        .describe('Stable lowercase id, used as place=<id>'),
      kind: z.enum(['district-headquarters', 'city-abroad']),
      names,
      district: names.optional().describe('The district a headquarters town serves'),
      province: z
        .enum(['koshi', 'madhesh', 'bagmati', 'gandaki', 'lumbini', 'karnali', 'sudurpashchim'])
        .optional(),
      country: z
        .string()
        .regex(/^[A-Z]{2}$/)
        .describe('ISO 3166-1 alpha-2'),
      latitude: latitudeSchema,
      longitude: longitudeSchema,
      elevationM: elevationSchema,
      timeZone: timeZoneSchema,
    })
    .strict()
    .refine((p) => (p.kind === 'district-headquarters') === (p.district !== undefined), {
      message: 'a district headquarters names its district, and only it',
      path: ['district'],
    }))();

export const gazetteerSchema = /* @__PURE__ */ (() =>
  z
    .object({
      $schema: z.string().optional(),
      schemaVersion: z.literal(1),
      about: z.string(),
      source: z.object({ name: z.string().min(1), note: z.string().optional() }),
      places: z.array(gazetteerPlaceSchema).min(1),
    })
    .strict()
    .superRefine((file, ctx) => {
      const seen = new Set<string>();
      file.places.forEach((place, i) => {
        if (seen.has(place.id))
          ctx.addIssue({ code: 'custom', message: `duplicate id ${place.id}`, path: ['places', i, 'id'] });
        seen.add(place.id);
      });
    })
    .meta({ id: 'Gazetteer', description: 'data/places/gazetteer.json' }))();

/** The place an answer was computed for, as the answer echoes it. */
export const placeSchema = /* @__PURE__ */ (() =>
  z
    .object({
      id: z.string().nullable().describe('The gazetteer id; null for coordinates given as lat/lon'),
      name: z.string().nullable().describe('The place’s name in the answer’s language; null for coordinates'),
      latitude: z.number(),
      longitude: z.number(),
      elevationM: z.number(),
      timeZone: z.string().describe('The IANA zone every clock time of the answer is in'),
    })
    .meta({
      id: 'Place',
      description:
        'Where sunrise, sunset, moonrise, the tithi at sunrise and every clock time were computed. The BS date, festivals and holidays stay those of the Nepali almanac.',
    }))();

export const placeListSchema = /* @__PURE__ */ (() =>
  z
    .object({ places: z.array(gazetteerPlaceSchema) })
    .meta({ id: 'PlaceList', description: 'Every place of the gazetteer, for place=<id>.' }))();

export type GazetteerPlace = z.infer<typeof gazetteerPlaceSchema>;
export type Gazetteer = z.infer<typeof gazetteerSchema>;
export type Place = z.infer<typeof placeSchema>;
