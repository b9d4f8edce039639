/**
 * The grammar of festival rules (data/festivals/rules.json) and of dated occurrences. A rule is data: a stable
 * uppercase id, names, category, holiday scope, active years, its source, and one of seven kinds of date:
 *
 * - `lunar`: a lunar month as Nepali almanacs name it (1 = Chaitra … 12 = Phalguna; the dark fortnight takes
 *   the coming month's name), paksha, tithi within the paksha (1–15; 15 = purnima or aunsi), the
 *   `observance` and its `reason`. The observance is the part of the day the tithi must hold, the almanac's
 *   convention for a tithi that does not cover the whole day: `sunrise` (udaya, the default), `morning` (the end of
 *   pratahkala, the first fifth of the daytime: three of its fifteen muhurtas after sunrise), `midday`
 *   (madhyahna), `sunset` (pradosha), `midnight` (nishitha) or `moonrise` (chandrodaya). When the tithi holds at
 *   that point on two days the first is taken (`twice: "second"`: the second, as for ekadashi); when on none (it
 *   begins after one day's point and ends before the next) the earlier of those two days (`skipped: "later"`: the
 *   later, as Dharmasindhu takes Janmashtami).
 *   Leap (adhik) months are skipped. Example: Vijaya Dashami `{ "type": "lunar", "month": 7, "paksha": "shukla",
 *   "tithi": 10, "observance": "sunrise", "reason": "…" }`.
 * - `solar-tithi`: the first day of a BS (solar) month on which a tithi of either paksha is observed, for what
 *   the almanac keys to the Sun's month rather than a lunar one. Example: Gaura Parva (the ashtami three days
 *   after the first panchami of Bhadra) `{ "type": "solar-tithi", "month": 5, "tithi": 5, "observance":
 *   "sunrise", "reason": "…" }` with `"offsetDays": 3`.
 * - `bs`: a BS month and day (sankrantis are day 1 of their month, e.g. Maghe Sankranti = Magh 1).
 * - `gregorian`: an AD month and day (e.g. 1 May).
 * - `span`: every day from one rule's date to another's, for a holiday the government gives as a run (Dashain
 *   holidays: Fulpati to Ekadashi). Example: `{ "type": "span", "from": "FULPATI", "to": "DASHAIN_EKADASHI" }`.
 *   `after` (`{ "days": 1, "years": [{ "from": 2079 }] }`): in those BS years the run goes on so many days after
 *   the `to` rule's day, where the government has lengthened it (Dashain to Dwadashi up to 2074 and since 2079).
 * - `hijri`: a month and day of the Islamic (Hijri) calendar, whose month begins the day after the evening its
 *   new crescent is first seen with the naked eye at Kathmandu (src/festivals/hijri.ts), with the `reason`.
 *   Example: Eid al-Fitr `{ "type": "hijri", "month": 10, "day": 1, "reason": "…" }`.
 * - `explicit`: dates by BS year, for what no rule decides (a government decision).
 * A rule may add `offsetDays` (e.g. the day after a lunar date), and `until`: the lunar date the almanacs kept up to
 * and including a BS year, where their convention has changed since (`{ "year": 2077, "date": { "type": "lunar", … } }`);
 * computed years before it follow the older convention; where it changed more than once, a list of them, earliest
 * first (Gaura Parva: with Janmashtami up to 2074, Bhadra shukla ashtami up to 2077, the notices' day since).
 * `holidayYears` are the BS years the day is a public holiday (`holiday`), where the government has given or
 * dropped it (Kojagrat Purnima and Loktantra Diwas up to 2081; Prithvi Jayanti from 2007 to 2062 and since 2074;
 * Labour Day from 2047; the minorities' festivals, Christmas, both Eids, the Lhosars, from 2065):
 * `[{ "until": 2081 }]`. `printedRed`: the almanacs print the day in
 * red though it is no national holiday (Christmas, the Lhosars, Indra Jatra …), so a computed year's printed
 * `holiday` shows it red too, in its `holidayYears`.
 * The rule file's schemas are built on their first use (src/contract/lazy.ts): the function parses the rules when
 * a request first needs them, not as its isolate starts (a read's route module imports this one; building them
 * took 4–5 ms of every start). The answers' schemas are built in closures marked pure (`@__PURE__`): a bundle that
 * uses none of them drops them (src/http/answers.ts; test/functions/bundle.test.ts).
 */
import * as z from 'zod';
import { lazy } from './lazy.ts';

export const FESTIVAL_ID = /^[A-Z][A-Z0-9_]{2,47}$/;
const bsDate = /* @__PURE__ */ lazy(() => z.string().regex(/^\d{4}-\d{2}-\d{2}$/));

/** The part of the day a tithi must hold for the festival to fall on that day. */
export const OBSERVANCES = ['sunrise', 'morning', 'midday', 'sunset', 'midnight', 'moonrise'] as const;
const observanceSchema = /* @__PURE__ */ lazy(() =>
  z
    .enum(OBSERVANCES)
    .default('sunrise')
    .describe(
      'The part of the day the tithi must hold: sunrise (udaya), morning (the end of pratahkala, the first fifth of the daytime), midday (madhyahna), sunset (pradosha), midnight (nishitha), moonrise (chandrodaya)',
    ),
);
const observanceReason = /* @__PURE__ */ lazy(() =>
  z
    .string()
    .min(20)
    .describe('Why the almanac takes this part of the day, and where that is written or seen'),
);

export const holidayScopeSchema = /* @__PURE__ */ lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('none') }),
    z.object({ kind: z.literal('national') }),
    z.object({ kind: z.literal('regional'), where: z.string() }),
    z.object({ kind: z.literal('community'), whom: z.string() }),
    z.object({ kind: z.literal('women') }),
  ]),
);

/** BS years as ranges from and until a year (both included; one of them may be left open), e.g.
 * `[{ "from": 2007, "until": 2062 }, { "from": 2074 }]`. */
const yearRangesSchema = /* @__PURE__ */ lazy(() =>
  z
    .array(
      // A first year, a last year or both (a union, so that the JSON Schema says it too).
      z.union([
        z.object({ from: z.number().int(), until: z.number().int().optional() }).strict(),
        z.object({ until: z.number().int() }).strict(),
      ]),
    )
    .min(1)
    .describe('BS years, as ranges from and until a year (both included)'),
);

/**
 * A rule's `until`: one convention the almanacs kept up to and including a BS year, or several, earliest first
 * (festival rules here, observances in src/contract/observance.ts).
 */
export function conventions<T extends z.ZodType<{ year: number }>>(one: T) {
  return z.union([
    one,
    z
      .array(one)
      .min(1)
      .refine((eras) => eras.every((era, i) => i === 0 || era.year > eras[i - 1]!.year), {
        error: 'earliest first: each year after the one before',
      }),
  ]);
}

/** The convention of a rule's `until` that a BS year falls in (the first whose year it does not pass), if any. */
export function conventionOf<T extends { readonly year: number }>(
  until: T | readonly T[] | undefined,
  year: number,
): T | undefined {
  const eras: readonly T[] = until === undefined ? [] : Array.isArray(until) ? until : [until as T];
  return eras.find((era) => year <= era.year);
}

/** A convention the almanacs kept up to and including a BS year: the lunar date they printed the day on. */
const convention = /* @__PURE__ */ lazy(() =>
  z.object({ year: z.number().int(), date: lunarDateSchema() }).strict(),
);

const lunarDateSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    type: z.literal('lunar'),
    month: z.number().int().min(1).max(12),
    paksha: z.enum(['shukla', 'krishna']),
    tithi: z.number().int().min(1).max(15),
    observance: observanceSchema(),
    twice: z
      .enum(['first', 'second'])
      .default('first')
      .describe('When the tithi holds at that point on two days: the first (default) or the second'),
    skipped: z
      .enum(['earlier', 'later'])
      .default('earlier')
      .describe(
        'When the tithi holds that point on no day (it begins after one and ends before the next): the earlier of the two days (default) or the later',
      ),
    reason: observanceReason(),
  }),
);

/** What a festival rule or observance is: the `category` of every listing's occurrence. */
export const FESTIVAL_CATEGORIES = ['festival', 'national-day', 'international-day', 'observance'] as const;

export const festivalRuleSchema = /* @__PURE__ */ lazy(() =>
  z
    .object({
      id: z.string().regex(FESTIVAL_ID, 'ids are uppercase letters, digits and _'),
      ne: z.string().min(1),
      en: z.string().min(1),
      category: z.enum(FESTIVAL_CATEGORIES),
      holiday: holidayScopeSchema().describe('Who gets the day off ("none" for no public holiday)'),
      date: z.discriminatedUnion('type', [
        lunarDateSchema(),
        z.object({
          type: z.literal('solar-tithi'),
          month: z.number().int().min(1).max(12).describe('BS (solar) month'),
          fromDay: z.number().int().min(1).max(32).default(1).describe('The first day of the month counted'),
          tithi: z.number().int().min(1).max(15).describe('Tithi within either paksha'),
          observance: observanceSchema(),
          reason: observanceReason(),
        }),
        z.object({
          type: z.literal('span'),
          from: z.string().regex(FESTIVAL_ID).describe('The rule whose date starts the run'),
          to: z
            .string()
            .regex(FESTIVAL_ID)
            .describe('The rule whose date ends it (the first on or after the start)'),
          after: z
            .object({ days: z.number().int().min(1).max(3), years: yearRangesSchema() })
            .strict()
            .optional()
            .describe(
              "In these BS years the run goes on this many days after the `to` rule's day (the government's longer holidays); in others it ends on that day",
            ),
        }),
        z.object({
          type: z.literal('bs'),
          month: z.number().int().min(1).max(12),
          day: z.number().int().min(1).max(32),
        }),
        z.object({
          type: z.literal('gregorian'),
          month: z.number().int().min(1).max(12),
          day: z.number().int().min(1).max(31),
        }),
        z.object({
          type: z.literal('hijri'),
          month: z
            .number()
            .int()
            .min(1)
            .max(12)
            .describe(
              'Month of the Islamic (Hijri) calendar: 1 Muharram … 9 Ramadan, 10 Shawwal, 12 Dhu al-Hijjah',
            ),
          day: z.number().int().min(1).max(29).describe('Day of that month'),
          reason: z
            .string()
            .min(20)
            .describe('Whose sighting the day follows, and the published days it was checked against'),
        }),
        z.object({
          type: z.literal('explicit'),
          dates: z.record(z.string().regex(/^\d{4}$/), z.array(bsDate())),
        }),
      ]),
      offsetDays: z.number().int().min(-3).max(3).optional(),
      until: conventions(convention())
        .optional()
        .describe(
          "The almanacs' date up to a BS year, where their convention has changed since; or several, earliest first, where it changed more than once",
        ),
      printedRed: z
        .boolean()
        .optional()
        .describe(
          'The almanacs print its day in red though it is no national holiday (on at least three quarters of its printed weekdays 2075–2083): a computed year in its `holidayYears` (every year without them) shows it red',
        ),
      holidayYears: yearRangesSchema()
        .optional()
        .describe(
          'The BS years the day is a public holiday (`holiday`); in other years it is kept without one. Absent: every year the rule applies',
        ),
      activeFrom: z.number().int().optional().describe('First BS year the rule applies'),
      activeTo: z.number().int().optional().describe('Last BS year the rule applies'),
      aliases: z
        .array(z.string())
        .default([])
        .describe(
          'Other spellings in almanacs and notices, for matching, and the names it is commonly known by (Dashain, Diwali), for finding its id by name',
        ),
      source: z.string().min(1),
    })
    .meta({ id: 'FestivalRule', description: 'One festival or holiday rule.' }),
);

export const festivalRulesFileSchema = /* @__PURE__ */ lazy(() =>
  z
    .object({
      $schema: z.string().optional(),
      schemaVersion: z.literal(1),
      rules: z.array(festivalRuleSchema()),
    })
    .meta({ id: 'FestivalRules', description: 'data/festivals/rules.json' }),
);

export const festivalOccurrenceSchema = /* @__PURE__ */ (() =>
  z
    .object({
      id: z.string(),
      name: z.string(),
      category: festivalRuleSchema().shape.category,
      holiday: holidayScopeSchema(),
      bsDate: bsDate(),
      englishDate: z.string(),
      decidedBy: z
        .enum(['rule', 'official', 'published'])
        .describe('rule; government notice; published almanac'),
      ruleDate: bsDate()
        .nullable()
        .describe('The date the rule alone gives, when an official or published date differs'),
      source: z
        .string()
        .describe(
          'What decided the date, in the asked language: the published almanac by name, the Ministry of Home Affairs notice of the year, or the rule by id and the data file that keeps it with its own sources',
        ),
      estimated: z
        .boolean()
        .describe('True when only a rule gives the date (no government notice or published almanac says it)'),
    })
    .meta({ id: 'FestivalOccurrence' }))();

export const festivalYearSchema = /* @__PURE__ */ (() =>
  z
    .object({ year: z.number().int(), festivals: z.array(festivalOccurrenceSchema) })
    .meta({ id: 'FestivalYear', description: 'Every festival and holiday of one BS year.' }))();

/**
 * The occurrences a listing's query keeps: `holidays=only` the public holidays for anyone (holiday.kind not `none`,
 * as the feed's `holidays=only`), `category=` those of the categories named (comma-separated, checked by the route),
 * `month` those of one BS month of the year (1–12: a run such as the Dashain holidays is one occurrence a day).
 * Null when the query keeps every occurrence.
 * Example: `occurrenceFilter('only', 'festival', 7)?.(occurrence)`.
 */
export function occurrenceFilter(
  holidays: 'all' | 'only',
  categories: string | undefined,
  month?: number,
): ((occurrence: Pick<FestivalOccurrence, 'holiday' | 'category' | 'bsDate'>) => boolean) | null {
  const kept = categories === undefined ? null : new Set(categories.split(','));
  if (holidays === 'all' && kept === null && month === undefined) return null;
  return (occurrence) =>
    (holidays === 'all' || occurrence.holiday.kind !== 'none') &&
    (kept === null || kept.has(occurrence.category)) &&
    (month === undefined || Number(occurrence.bsDate.slice(5, 7)) === month);
}

/** How many BS years /api/festivals/{id} answers at most, and without `to`. */
export const MAX_FESTIVAL_YEARS = 30;
export const DEFAULT_FESTIVAL_YEARS = 10;
/** How many ids /api/festivals/ids?q= (a search of names) answers at most. */
export const MAX_ID_MATCHES = 50;

export const festivalIdSchema = /* @__PURE__ */ (() =>
  z
    .object({
      id: z.string().describe('Stable across years and builds; /api/festivals/{id} takes it in any case'),
      name: z.string().describe('In the asked language'),
      category: festivalRuleSchema().shape.category,
    })
    .meta({ id: 'FestivalId' }))();

export const festivalIdsSchema = /* @__PURE__ */ (() =>
  z.object({ festivals: z.array(festivalIdSchema).describe('By id') }).meta({
    id: 'FestivalIds',
    description: 'Every festival, day and recurring observance the API lists, with its id and name.',
  }))();

export const festivalDatesSchema = /* @__PURE__ */ (() =>
  festivalIdSchema
    .extend({
      from: z.number().int().describe('The first BS year looked at'),
      to: z.number().int().describe('The last BS year looked at'),
      festivals: z
        .array(festivalOccurrenceSchema)
        .describe('Every day of the festival in those years, in date order, as each year’s listing gives it'),
    })
    .meta({
      id: 'FestivalDates',
      description: 'The days of one festival or observance over a span of BS years.',
    }))();

export type FestivalRule = z.infer<ReturnType<typeof festivalRuleSchema>>;
export type Observance = (typeof OBSERVANCES)[number];
export type YearRanges = z.infer<ReturnType<typeof yearRangesSchema>>;
export type HolidayScope = z.infer<ReturnType<typeof holidayScopeSchema>>;
export type FestivalOccurrence = z.infer<typeof festivalOccurrenceSchema>;
export type FestivalYear = z.infer<typeof festivalYearSchema>;
export type FestivalId = z.infer<typeof festivalIdSchema>;
