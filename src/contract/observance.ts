/**
 * The grammar of recurring observances (data/festivals/observances.json) and of the event-name glossary
 * (data/festivals/glossary.json).
 *
 * An observance is a rule that recurs every month or every year and is generated from the engine's tithis and
 * sankrantis for any BS year: an ekadashi with its own name, the purnima and aunsi vratas, a sankranti, pradosh,
 * a weekday vrata. Each has a stable uppercase `id`, a `kind`, Nepali and English names, its `source`, and one
 * of two kinds of date:
 *
 * - `tithi`: `tithi` 1–15 of a `paksha` (`shukla`, `krishna`, or `any` for both); optionally `months`, the
 *   lunar months as Nepali almanacs name them (1 = Chaitra … 12 = Phalguna; the dark fortnight takes the coming
 *   month's name), `adhik` (`skip`: not in a leap month, the default with months; `only`: only in a leap month;
 *   `also`: in every lunation, the default without months) and `weekdays` (0 = Sunday … 6 = Saturday: only
 *   when the chosen day falls on one of them). `observance` names the part of the day the tithi must hold: an instant, `sunrise` (udaya),
 *   `arunodaya` (96 minutes before sunrise: the dashami-vedha of the ekadashi) or `moonrise`, where the first
 *   day whose instant falls inside the tithi is taken (`twice: "second"`: the second, when two do); or a span,
 *   `midday` (madhyahna, the third fifth of the daytime), `aparahna` (the fourth fifth: shraddha), `sayahna` (the
 *   last fifth, up to sunset: the dusk of Nrisimha's appearance), `pradosha` (the 144 minutes after sunset) or
 *   `nishitha` (the eighth muhurta of the night), where the day whose span the tithi covers most is taken (the
 *   first on a tie). When no day qualifies (the tithi is skipped there), the earlier of the two days whose
 *   instants it passes between; at `arunodaya` the later, as the dashami-vedha rejects a day whose arunodaya the
 *   tithi before still holds (the rat32 calendar's Tulsi Vivah of 2073). `begins` takes the day, reckoned from
 *   sunrise to sunrise, in which the tithi begins. `until` (`{ "year": 2079, "observance": "begins" }`) gives the part of the day (or the lunar
 *   `months`) the almanacs took up to and including a BS year, where their convention has changed since; a list of
 *   them, earliest first, where it changed more than once (the purnima vrata: at moonrise up to 2074, as the rat32
 *   calendar printed it, at sunrise up to 2081, as the Nepali Patro feed did, at moonrise since).
 *   Example: `{ "type": "tithi", "months": [1], "paksha": "shukla", "tithi": 11 }` (Kamada Ekadashi).
 * - `sankranti`: the day the Sun enters `sign` (1 = Mesha … 12 = Meena), which is the first day of BS month
 *   `sign` by the month-start rule (src/engine/month-start.ts). Example: `{ "type": "sankranti", "sign": 5 }`.
 * - `bs`: a BS month and day, every year (none in a year whose month is shorter). Example: Law Day,
 *   `{ "type": "bs", "month": 1, "day": 26 }`.
 * - `gregorian`: an AD month and day, every year (international days). Example: World Environment Day,
 *   `{ "type": "gregorian", "month": 6, "day": 5 }`. With `weekday` (0 = Sunday … 6 = Saturday), the first such
 *   weekday on or after that date, for a day kept on the nth weekday of a month: the International Day of
 *   Cooperatives, the first Saturday of July, `{ "type": "gregorian", "month": 7, "day": 1, "weekday": 6 }`.
 * - `on-festival`: the day a festival rule (data/festivals/rules.json) gives, for a day kept with a festival.
 *   Example: Nepali Army Day, on Maha Shivaratri: `{ "type": "on-festival", "id": "MAHA_SHIVARATRI" }`.
 *
 * `festival` names a festival rule (data/festivals/rules.json) that already gives the same day: the observance
 * is then not generated twice, and printed names link to the festival. Optional `activeFrom`/`activeTo` bound it
 * (a modern commemoration from the year of its first observance). `printedFrom` is the first BS year the almanac
 * that the years before the published ones follow (the Nepali Patro feed) printed it, where its earlier published
 * years print it on none of its days: a computed year before it does not generate it (the years to come all do),
 * but up to `printedUntil`, where the one almanac here of the years before the feed's (the rat32 calendar of
 * 2067–2074) printed it (the plain pradosh: up to 2074, and from 2080).
 *
 * A glossary entry gives one printed event name (as the almanac prints it) its English name, or `en: null` with
 * a `note` when the name has no English form (a proper name read the same in every language); `id` links it to
 * the festival rule or observance it is, when it is one.
 *
 * The same grammar in prose, with how the rules are measured and the day conventions of each almanac source (why
 * the Monday and Saturday pradosh or the purnima vrata of some years fall on another day): data/festivals/README.md.
 */
import * as z from 'zod';
import { conventions, FESTIVAL_ID } from './festival.ts';

export const OBSERVANCE_KINDS = [
  'ekadashi',
  'purnima',
  'aunsi',
  'sankranti',
  'pradosh',
  'chaturthi',
  'saptami',
  'ashtami',
  'shraddha',
  'annual',
  'fixed-bs',
  'fixed-ad',
] as const;

export const OBSERVANCE_POINTS = [
  'sunrise',
  'arunodaya',
  'midday',
  'aparahna',
  'sayahna',
  'pradosha',
  'nishitha',
  'moonrise',
  'begins',
] as const;

/** A convention the almanacs kept up to and including a BS year: another part of the day, or other months. */
const convention = () =>
  z
    .object({
      year: z.number().int(),
      observance: z.enum(OBSERVANCE_POINTS).optional(),
      months: z.array(z.number().int().min(1).max(12)).min(1).optional(),
    })
    .strict()
    .refine((u) => u.observance !== undefined || u.months !== undefined, {
      message: 'an earlier convention names its part of the day or its months',
    });

export const observanceRuleSchema = z
  .object({
    id: z.string().regex(FESTIVAL_ID, 'ids are uppercase letters, digits and _'),
    kind: z.enum(OBSERVANCE_KINDS),
    ne: z.string().min(1),
    en: z.string().min(1),
    date: z.discriminatedUnion('type', [
      z
        .object({
          type: z.literal('tithi'),
          tithi: z.number().int().min(1).max(15),
          paksha: z.enum(['shukla', 'krishna', 'any']),
          months: z.array(z.number().int().min(1).max(12)).min(1).optional(),
          adhik: z.enum(['skip', 'only', 'also']).optional(),
          weekdays: z.array(z.number().int().min(0).max(6)).min(1).optional(),
          observance: z.enum(OBSERVANCE_POINTS).default('sunrise'),
          twice: z.enum(['first', 'second']).default('first'),
          until: conventions(convention())
            .optional()
            .describe(
              "The almanacs' convention up to a BS year, where it was another part of the day or month; or several, earliest first, where it changed more than once",
            ),
        })
        .strict(),
      z.object({ type: z.literal('sankranti'), sign: z.number().int().min(1).max(12) }).strict(),
      z
        .object({
          type: z.literal('bs'),
          month: z.number().int().min(1).max(12),
          day: z.number().int().min(1).max(32),
        })
        .strict(),
      z
        .object({
          type: z.literal('gregorian'),
          month: z.number().int().min(1).max(12),
          day: z.number().int().min(1).max(31),
          weekday: z
            .number()
            .int()
            .min(0)
            .max(6)
            .optional()
            .describe('The first such weekday (0 = Sunday) on or after the date: the nth weekday of a month'),
        })
        .strict(),
      z
        .object({
          type: z.literal('on-festival'),
          id: z.string().regex(FESTIVAL_ID).describe('The festival rule whose day it is'),
        })
        .strict(),
    ]),
    festival: z
      .string()
      .regex(FESTIVAL_ID)
      .optional()
      .describe('A festival rule that gives the same day: not generated twice'),
    activeFrom: z.number().int().optional(),
    activeTo: z.number().int().optional(),
    printedFrom: z
      .number()
      .int()
      .optional()
      .describe(
        'The first BS year the almanac the years before the published ones follow printed it: not generated before',
      ),
    printedUntil: z
      .number()
      .int()
      .optional()
      .describe(
        'With printedFrom: the last BS year before the published ones whose almanac printed it, which is generated up to it',
      ),
    source: z.string().min(10),
  })
  .strict()
  .refine(
    (r) => r.printedUntil === undefined || (r.printedFrom !== undefined && r.printedUntil < r.printedFrom),
    { message: 'printedUntil goes with printedFrom, and before it', path: ['printedUntil'] },
  )
  .meta({ id: 'ObservanceRule', description: 'One recurring observance rule.' });

export const observancesFileSchema = z
  .object({
    $schema: z.string().optional(),
    schemaVersion: z.literal(1),
    about: z.string(),
    observances: z.array(observanceRuleSchema),
  })
  .strict()
  .meta({ id: 'Observances', description: 'data/festivals/observances.json' });

export const glossaryEntrySchema = z
  .object({
    ne: z.string().min(1).describe('The name exactly as an almanac prints it'),
    en: z.string().min(1).nullable().describe('The English name; null when it has none (see note)'),
    id: z.string().regex(FESTIVAL_ID).optional().describe('The festival rule or observance it is'),
    note: z.string().optional(),
  })
  .strict()
  .refine((e) => e.en !== null || (e.note?.length ?? 0) > 0, {
    message: 'a name without an English form says why in `note`',
  })
  .meta({ id: 'GlossaryEntry' });

export const glossaryFileSchema = z
  .object({
    $schema: z.string().optional(),
    schemaVersion: z.literal(1),
    about: z.string(),
    entries: z.array(glossaryEntrySchema),
  })
  .strict()
  .meta({ id: 'Glossary', description: 'data/festivals/glossary.json' });

export type ObservanceRule = z.infer<typeof observanceRuleSchema>;
export type ObservancePoint = (typeof OBSERVANCE_POINTS)[number];
export type GlossaryEntry = z.infer<typeof glossaryEntrySchema>;
