/**
 * Muhurats (auspicious days) by BS year and category: the published lists (data/muhurats/{YYYY}.json), the
 * rules that compute them for every other year (data/muhurats/rules.json, grammar in data/muhurats/README.md),
 * the built year files (dist/api/muhurats/{YYYY}, the main categories, and {YYYY}.{category} for each other) and the
 * answer of GET /api/muhurats.
 * Its schemas are built in closures marked pure (`@__PURE__`): a bundle that uses none of them drops them, so the
 * function builds no answer schema at start (src/http/answers.ts; test/functions/bundle.test.ts).
 */
import * as z from 'zod';
import { hhmm, isoDate, sourceSchema } from './data-files.ts';
import { upcomingSpanShape } from './span.ts';

/** The categories the endpoint serves by default (interface specification). */
export const MUHURAT_CATEGORIES = ['bibaha', 'bratabandha', 'pasni'] as const;
export type MuhuratCategory = (typeof MUHURAT_CATEGORIES)[number];

const category = /* @__PURE__ */ (() => z.string().regex(/^[a-z_]+$/))();

/** The part of the day a ceremony is held in: its windows are cut to it. */
export const MUHURAT_HOURS = ['sunriseToSunrise', 'daytime', 'forenoon'] as const;

/** A time window in Nepal time: clock times as almanacs print them (past 24 after midnight) and the moments. */
export const muhuratWindowSchema = /* @__PURE__ */ (() =>
  z
    .object({
      start: hhmm(),
      end: hhmm(),
      startsAt: z.string().optional().describe('The start as ISO 8601 with the Nepal offset'),
      endsAt: z.string().optional().describe('The end as ISO 8601 with the Nepal offset'),
    })
    .meta({ id: 'MuhuratWindow' }))();

export const muhuratFileSchema = /* @__PURE__ */ (() =>
  z
    .object({
      $schema: z.string().optional(),
      schemaVersion: z.literal(1),
      year: z.number().int(),
      sources: z.array(sourceSchema()).min(1),
      chosen: z
        .record(category, z.object({ source: z.string(), reason: z.string() }))
        .describe('For each category, which source is used and why (several sources may list a year)'),
      categories: z.record(
        category,
        z.array(
          z.object({
            month: z.number().int().min(1).max(12),
            day: z.number().int().min(1).max(32),
            englishDate: isoDate(),
            windows: z.array(z.object({ start: z.string(), end: z.string() })).optional(),
          }),
        ),
      ),
    })
    .strict()
    .meta({
      id: 'MuhuratFile',
      description: 'Published auspicious days of one BS year (data/muhurats/{YYYY}.json).',
    }))();

// ---- Rules (data/muhurats/rules.json) ----

/** Where a condition comes from: a source id of the rules file and the place in it (chapter, verse, list). */
const ruleSource = /* @__PURE__ */ (() =>
  z
    .object({ ref: z.string().regex(/^[a-z0-9_]+$/), where: z.string().min(1) })
    .strict()
    .describe('A source id of the rules file and where in it (chapter and verse, or the list measured)'))();
const names = /* @__PURE__ */ (() => z.array(z.string().min(1)).min(1))();
const tithis = /* @__PURE__ */ (() => z.array(z.number().int().min(1).max(30)).min(1))();
const grahaId = /* @__PURE__ */ (() =>
  z.enum(['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn', 'rahu', 'ketu']))();
const withSource = <T extends z.ZodRawShape>(shape: T) =>
  z.object({ ...shape, source: ruleSource, note: z.string().optional() }).strict();

export const muhuratConditionSchema = /* @__PURE__ */ (() =>
  z.discriminatedUnion('type', [
    withSource({
      type: z.literal('sunSign'),
      anyOf: names.describe(
        'Sidereal signs of the Sun (the BS solar month): Mesha = Baisakh … Meena = Chaitra',
      ),
    }),
    withSource({ type: z.literal('nakshatra'), anyOf: names.describe('Nakshatras the window may hold') }),
    withSource({
      type: z.literal('tithi'),
      anyOf: tithis.describe('Tithis 1–30 the window may hold (1–15 shukla, 16–30 krishna, 30 = aunsi)'),
    }),
    withSource({ type: z.literal('weekday'), anyOf: names.describe('Weekdays (Sunday … Saturday)') }),
    withSource({ type: z.literal('yoga'), noneOf: names.describe('Yogas the window may not hold') }),
    withSource({ type: z.literal('karana'), noneOf: names.describe('Karanas the window may not hold') }),
    withSource({
      type: z.literal('combust'),
      graha: grahaId,
      measure: z
        .enum(['elongation', 'kalamsha'])
        .default('elongation')
        .describe(
          "How the distance from the Sun is measured: elongation, degrees of longitude; kalamsha, degrees of time between the graha's and the Sun's rising (graha west of the Sun) or setting (east of it) at Kathmandu (Surya Siddhanta 9.6–9.9)",
        ),
      orbDeg: z
        .number()
        .positive()
        .max(30)
        .describe('Combust (asta) within this many degrees of the Sun, in the measure'),
      retrogradeOrbDeg: z.number().positive().max(30).optional().describe('The orb while retrograde'),
      latitude: z
        .boolean()
        .default(false)
        .describe(
          "Whether the kalamsha takes the graha at its ecliptic latitude (Surya Siddhanta's drikkarma) rather than at its point of the ecliptic; only with measure kalamsha",
        ),
      daysAround: z
        .number()
        .int()
        .min(0)
        .max(15)
        .default(0)
        .describe('Days before setting and after rising also excluded (balya and vriddha)'),
    }),
    withSource({
      type: z.literal('shivaVaas'),
      anyOf: z
        .array(z.number().int().min(0).max(6))
        .min(1)
        .describe(
          "Where Shiva dwells on the day's tithi (at sunrise), by the remainder of (2 × tithi + 5) ÷ 7, tithi 1–30: 1 on Kailash, 2 with Gauri, 3 riding Nandi, 4 in the assembly, 5 at a meal, 6 at play, 0 at the cremation ground",
        ),
    }),
    withSource({
      type: z.literal('agniVaas'),
      anyOf: z
        .array(z.number().int().min(0).max(3))
        .min(1)
        .describe(
          'Where Agni dwells, by the remainder of (tithi at sunrise + 1 + weekday, Sunday = 1) ÷ 4: 0 and 3 on earth, 1 in the sky, 2 in the underworld',
        ),
    }),
    withSource({
      type: z.literal('sunriseTithi'),
      noneOf: tithis.describe(
        "Tithis the day may not hold at sunrise (the day's tithi, as the almanac prints it)",
      ),
    }),
    withSource({
      type: z.literal('pradosha'),
      tithis: z
        .array(
          z
            .object({
              tithi: z
                .number()
                .int()
                .min(1)
                .max(15)
                .describe('A tithi of either half (1–15: 4 is shukla and krishna chaturthi)'),
              prahars: z
                .number()
                .positive()
                .max(4)
                .describe(
                  'The first prahars of the night (a prahar a quarter of sunset to sunrise) it may not enter',
                ),
            })
            .strict(),
        )
        .min(1)
        .describe(
          "Tithis that make the day's night a pradosha, unfit for Vedic study and so for the sacred thread, when they begin within its first prahars",
        ),
    }),
    withSource({
      type: z.literal('festival'),
      noneOf: names.describe(
        'Festival rule ids (data/festivals/rules.json) whose days, as the rules give them, are left to the festival',
      ),
    }),
    withSource({ type: z.literal('pitriPaksha') }),
    withSource({ type: z.literal('chaturmas') }),
    withSource({ type: z.literal('kharmas') }),
    withSource({ type: z.literal('adhikMasa') }),
    withSource({
      type: z
        .literal('sankrantiDay')
        .describe(
          'No day (sunrise to the next sunrise) in which the Sun enters a sign: a sankramana, a day on which the Vedas are not studied (anadhyaya)',
        ),
    }),
    withSource({
      type: z.literal('eclipse'),
      daysAround: z.number().int().min(0).max(7).default(0).describe('Days either side also excluded'),
    }),
    withSource({
      type: z.literal('sankranti'),
      ghatis: z
        .number()
        .positive()
        .max(60)
        .describe(
          'The ghatis (24 minutes each) either side of the moment the Sun enters a sign (Surya Siddhanta, as the BS months begin) that no window may hold',
        ),
    }),
    withSource({
      type: z.literal('gandanta'),
      ghatis: z
        .number()
        .positive()
        .max(10)
        .describe(
          'The ghatis either side of a gandanta that no window may hold: the end of a purna tithi (5, 10, 15, 20, 25, 30) and of Ashlesha, Jyeshtha and Revati, where the next tithi or nakshatra begins',
        ),
    }),
    withSource({
      type: z.literal('lagna'),
      whole: z
        .literal(true)
        .describe(
          'The windows are whole lagnas: the spans in which one sign rises at Kathmandu that lie wholly within the other conditions (a lagna cut by them does not count)',
        ),
      beginsIn: z
        .enum(MUHURAT_HOURS)
        .optional()
        .describe(
          "Each lagna must begin to rise within these hours (the ceremony begins in it), though it may end after them: e.g. a sacred thread given in a lagna that rises in the forenoon, the category's hours being the daytime",
        ),
      atSunrise: z
        .literal(true)
        .optional()
        .describe(
          "The lagna rising at sunrise (udaya lagna) is the day's first, whole where the conditions held it from its beginning before sunrise, on the day before's Panchanga; without it a lagna is the day's only when it begins after sunrise. Only with the hours sunriseToSunrise",
        ),
    }),
    withSource({
      type: z.literal('moonWith'),
      noneOf: z.array(grahaId).min(1).describe('Grahas that may not share the nakshatra of the Moon (yuti)'),
    }),
    withSource({
      type: z.literal('vedha'),
      noneOf: z
        .array(grahaId)
        .min(1)
        .describe(
          "Grahas that may not stand in the nakshatra facing the Moon's on the Saptashalaka chakra (vedha)",
        ),
      except: z
        .array(z.tuple([z.string(), z.string()]))
        .min(1)
        .optional()
        .describe('Lines of the chakra not taken: pairs of facing nakshatras (names), with exceptSource'),
      exceptSource: ruleSource.optional().describe('Where the lines not taken come from'),
    }),
  ]))();

/**
 * How a category's rules agree with the published lists they were measured on: the counts as
 * src/almanac/muhurat-published.test.ts measures them (it fails when the rules file's differ).
 */
export const muhuratMeasuredSchema = /* @__PURE__ */ (() =>
  z
    .object({
      years: z.array(z.number().int()).min(1).describe('The BS years whose published lists were measured'),
      printed: z.number().int().min(1).describe('Days the published lists of those years print'),
      computed: z.number().int().min(0).describe('Days the rules give in those years'),
      agreeing: z.number().int().min(0).describe('Days both give'),
    })
    .strict())();

/** A computed category's agreement with the published lists, as the API gives it: the counts and their shares. */
export const muhuratAgreementSchema = /* @__PURE__ */ (() =>
  muhuratMeasuredSchema
    .extend({
      precision: z
        .number()
        .min(0)
        .max(1)
        .describe('agreeing ÷ computed: the share of the days the rules give that the published lists print'),
      recall: z
        .number()
        .min(0)
        .max(1)
        .describe('agreeing ÷ printed: the share of the printed days the rules give'),
    })
    .meta({
      id: 'MuhuratAgreement',
      description:
        'How the rules of a computed category agreed with the published lists of the years named: a computed day is an estimate, and the almanacs print only some of the days that pass every condition (data/muhurats/README.md).',
    }))();

export const muhuratRulesSchema = /* @__PURE__ */ (() =>
  z
    .object({
      $schema: z.string().optional(),
      schemaVersion: z.literal(1),
      about: z.string(),
      sources: z.record(
        z.string().regex(/^[a-z0-9_]+$/),
        z
          .object({ name: z.string().min(1), url: z.string().optional(), note: z.string().optional() })
          .strict(),
      ),
      categories: z.record(
        category,
        z
          .object({
            hours: z
              .enum(MUHURAT_HOURS)
              .describe('sunrise to next sunrise, sunrise to sunset, or sunrise to midday'),
            hoursSource: ruleSource,
            minWindowMinutes: z
              .number()
              .int()
              .min(1)
              .max(720)
              .describe('The shortest window that counts: a day needs at least this many minutes'),
            minWindowSource: ruleSource,
            conditions: z.array(muhuratConditionSchema).min(1),
            measured: muhuratMeasuredSchema.describe(
              'How these rules agree with the published lists (checked by src/almanac/muhurat-published.test.ts)',
            ),
          })
          .strict(),
      ),
    })
    .strict()
    .meta({
      id: 'MuhuratRules',
      description:
        'The conditions of each muhurat category (data/muhurats/rules.json; grammar in its README).',
    }))();

const disagreement = /* @__PURE__ */ (() =>
  z
    .object({
      date: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/)
        .describe('BS date YYYY-MM-DD'),
      reason: z.string().min(10),
    })
    .strict())();

export const muhuratDisagreementsSchema = /* @__PURE__ */ (() =>
  z
    .object({
      about: z.string(),
      years: z.record(
        z.string().regex(/^\d{4}$/),
        z.record(
          category,
          z.object({ missed: z.array(disagreement), extra: z.array(disagreement) }).strict(),
        ),
      ),
    })
    .strict()
    .meta({
      id: 'MuhuratDisagreements',
      description: 'Days on which the muhurat rules and a published list disagree, each with its reason.',
    }))();

// ---- Built year files and the API ----

/**
 * Why a computed day was chosen, as the muhurat engine finds it: numbers and ids, which an answer gives in words in
 * its language (`because`, src/almanac/muhurat-reasons.ts). Each part is present where the category's rules ask for it.
 */
export const muhuratReasonsSchema = /* @__PURE__ */ (() =>
  z
    .object({
      sun: z.number().int().min(1).max(12).optional().describe("The Sun's sign (1 = Mesha)"),
      nakshatras: z
        .array(z.number().int().min(1).max(27))
        .optional()
        .describe('The nakshatras the windows hold (1 = Ashwini)'),
      tithis: z
        .array(z.number().int().min(1).max(30))
        .describe(
          'The tithis the windows hold, or the tithi at sunrise where only it decides (1–30, 15 purnima, 30 aunsi)',
        ),
      lagnas: z
        .array(z.number().int().min(1).max(12))
        .optional()
        .describe('The signs that rise as whole lagnas in the windows (1 = Mesha)'),
      weekday: z.number().int().min(0).max(6).optional().describe('The weekday (0 = Sunday)'),
      shivaVaas: z.number().int().min(0).max(6).optional().describe('Where Shiva dwells (Shivavasa, 0–6)'),
      agniVaas: z.number().int().min(0).max(3).optional().describe('Where Agni dwells (Agnivasa, 0–3)'),
      risen: z.array(grahaId).optional().describe('The grahas the rules ask to be risen, not combust'),
    })
    .strict())();

/** What `windowsEstimated` says, of a year file's day and of an answer's. */
const WINDOWS_ESTIMATED =
  'Present (true) on a day of a published list whose windows are the muhurat rules’ (the list prints no time): the day is published, its windows are computed, an estimate. A published day the rules do not give has no windows.';

/** One day of a category in a built year file. */
export const muhuratDaySchema = /* @__PURE__ */ (() =>
  z.object({
    month: z.number().int().min(1).max(12),
    day: z.number().int().min(1).max(32),
    englishDate: isoDate(),
    windows: z.array(muhuratWindowSchema),
    estimated: z.boolean(),
    windowsEstimated: z.literal(true).optional().describe(WINDOWS_ESTIMATED),
    reasons: muhuratReasonsSchema
      .optional()
      .describe('Why a computed day was chosen; an answer gives them in words'),
  }))();

/**
 * A year's muhurats, published where a list exists, computed elsewhere; built as dist/api/muhurats/{YYYY} (the main
 * categories) and {YYYY}.{category} (each other one), src/almanac/muhurat.ts muhuratFiles.
 */
export const muhuratYearSchema = /* @__PURE__ */ (() =>
  z
    .object({
      schemaVersion: z.literal(2),
      year: z.number().int(),
      categories: z.record(
        category,
        z.object({
          published: z.boolean(),
          source: z.string().describe('The almanac the days are from, or the rules that computed them'),
          measured: muhuratMeasuredSchema
            .optional()
            .describe('A computed category: how its rules agree with the published lists'),
          days: z.array(muhuratDaySchema),
        }),
      ),
    })
    .meta({
      id: 'MuhuratYear',
      description: 'The muhurats of one BS year as built (dist/api/muhurats/{YYYY}[.{category}]).',
    }))();

export const muhuratEntrySchema = /* @__PURE__ */ (() =>
  z
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
      windows: z
        .array(muhuratWindowSchema)
        .describe(
          'When the conditions hold (computed days, and published days where the rules give them: `windowsEstimated`); for a wedding or a sacred thread, whole lagnas: each window begins and ends as a sign begins to rise at Kathmandu (a wedding day’s first may begin before sunrise, with the sign rising at sunrise)',
        ),
      estimated: z.boolean().describe('True for a computed day; false for a day of a published list'),
      windowsEstimated: z.literal(true).optional().describe(WINDOWS_ESTIMATED),
      because: z
        .array(z.string())
        .optional()
        .describe(
          "The conditions that made a computed day: the Sun's sign, nakshatras, tithis, lagnas, weekday, grahas risen",
        ),
      source: z.string().describe('The almanac that lists the day, or the rules that computed it'),
    })
    .meta({ id: 'Muhurat' }))();

export const muhuratListSchema = /* @__PURE__ */ (() =>
  z
    .object({
      year: z.number().int(),
      categories: z.array(z.string()),
      published: z.boolean().describe('True when every asked category comes from a published list'),
      note: z.string().optional(),
      agreement: z
        .record(z.string(), muhuratAgreementSchema)
        .optional()
        .describe('For each computed category: how its rules agree with the published lists'),
      muhurats: z.array(muhuratEntrySchema),
    })
    .meta({ id: 'MuhuratList', description: 'Auspicious days of a BS year, sorted by date.' }))();

export const upcomingMuhuratsSchema = /* @__PURE__ */ (() =>
  z
    .object({
      ...upcomingSpanShape(),
      categories: z.array(z.string()),
      published: z
        .boolean()
        .describe('True when every asked category of every BS year of the span comes from a published list'),
      note: z.string().optional().describe('What each BS year of the span computes, or has no days of'),
      agreement: z
        .record(z.string(), muhuratAgreementSchema)
        .optional()
        .describe(
          'For each category computed in some BS year of the span: how its rules agree with the published lists',
        ),
      muhurats: z
        .array(muhuratEntrySchema.extend({ inDays: z.number().int().min(0).describe('0 = the first day') }))
        .describe('In date order, across BS year boundaries'),
    })
    .meta({
      id: 'UpcomingMuhurats',
      description: 'Auspicious days from today in Nepal (or from a given day), across BS years.',
    }))();

export type MuhuratFile = z.infer<typeof muhuratFileSchema>;
export type MuhuratRules = z.infer<typeof muhuratRulesSchema>;
export type MuhuratCondition = z.infer<typeof muhuratConditionSchema>;
export type MuhuratHours = (typeof MUHURAT_HOURS)[number];
export type MuhuratWindow = z.infer<typeof muhuratWindowSchema>;
export type MuhuratDay = z.infer<typeof muhuratDaySchema>;
export type MuhuratReasons = z.infer<typeof muhuratReasonsSchema>;
export type MuhuratYear = z.infer<typeof muhuratYearSchema>;
export type MuhuratMeasured = z.infer<typeof muhuratMeasuredSchema>;
export type MuhuratAgreement = z.infer<typeof muhuratAgreementSchema>;
export type MuhuratEntry = z.infer<typeof muhuratEntrySchema>;
export type MuhuratList = z.infer<typeof muhuratListSchema>;
export type UpcomingMuhurats = z.infer<typeof upcomingMuhuratsSchema>;
