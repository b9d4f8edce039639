/**
 * Muhurats as the API serves them: the lists and day entries shaped in a language from the year file the build
 * writes (dist/api/muhurats/{YYYY}[.{category}], src/almanac/muhurat-year.ts). Neither the engine nor the rules are loaded here,
 * so a function answering from the year file does not pay for them. No HTTP here.
 */
import { bsToFixed, formatYmd } from '../calendar/bs.ts';
import { BS_MONTHS, MUHURAT_CATEGORY_NAMES, WEEKDAYS, type Lang } from '../calendar/names.ts';
import { toDevanagariDigits } from '../calendar/digits.ts';
import { weekdayOfFixed } from '../calendar/time.ts';
import { upcomingSpan, yearsOfUpcoming } from '../festivals/upcoming.ts';
import { reasonsText } from './muhurat-reasons.ts';
import {
  MUHURAT_CATEGORIES,
  type MuhuratAgreement,
  type MuhuratEntry,
  type MuhuratMeasured,
  type MuhuratList,
  type MuhuratYear,
  type UpcomingMuhurats,
} from '../contract/muhurat.ts';

/** The `source` of a computed category's days, in each language (a year file keeps the English). */
export const RULES_SOURCE = {
  en: 'Computed by the muhurat rules (data/muhurats/rules.json)',
  ne: 'मुहूर्तका नियमबाट गणना गरिएको (data/muhurats/rules.json)',
} as const;

/** What a list says of its categories when they are not all published, in each language. */
const NOTE_TEXT = {
  notComputed: {
    en: (names: string, year: number, many: boolean) =>
      `No ${names} days for BS ${year}: no published list, and the service does not compute ` +
      `${many ? 'these categories (their' : 'this category (its'} rules are not proven against the published lists).`,
    ne: (names: string, year: number) =>
      `वि.सं. ${toDevanagariDigits(year)} मा ${names} को प्रकाशित सूची छैन, र यसका नियम प्रकाशित सूचीसँग ` +
      'प्रमाणित नभएकाले सेवाले यसका दिन गणना गर्दैन।',
  },
  computed: {
    en: (names: string, year: number) => `${names}: computed (estimated), no published list for BS ${year}.`,
    ne: (names: string, year: number) =>
      `${names}: गणना गरिएको (अनुमानित), वि.सं. ${toDevanagariDigits(year)} को प्रकाशित सूची छैन।`,
  },
  agreement: {
    en: (name: string, years: string, a: MuhuratAgreement) =>
      `${name}: of the days these rules give in BS ${years}, the published lists print ${percent(a.precision)} %, ` +
      `and the rules give ${percent(a.recall)} % of the printed days.`,
    ne: (name: string, years: string, a: MuhuratAgreement) =>
      `${name}: वि.सं. ${toDevanagariDigits(years)} मा यी नियमले दिएका दिनमध्ये ` +
      `${toDevanagariDigits(percent(a.precision))} % प्रकाशित सूचीमा छन्, र सूचीका ` +
      `${toDevanagariDigits(percent(a.recall))} % दिन नियमले दिन्छन्।`,
  },
} as const;

const percent = (share: number) => Math.round(100 * share);

/** Years as runs: [2075, 2076, 2077, 2083] → "2075–2077, 2083". */
function yearRuns(years: readonly number[]): string {
  const runs: [number, number][] = [];
  for (const y of years) {
    const last = runs.at(-1);
    if (last && y === last[1] + 1) last[1] = y;
    else runs.push([y, y]);
  }
  return runs.map(([a, b]) => (a === b ? `${a}` : `${a}–${b}`)).join(', ');
}

/** A computed category's agreement with the published lists as the API gives it: the counts and their shares. */
function agreementOf(measured: MuhuratMeasured): MuhuratAgreement {
  const share = (n: number, of: number) => (of ? Math.round((1000 * n) / of) / 1000 : 1);
  return {
    ...measured,
    precision: share(measured.agreeing, measured.computed),
    recall: share(measured.agreeing, measured.printed),
  };
}

/** Every category any data file may use (the specified three first). */
export const KNOWN_CATEGORIES = Object.keys(MUHURAT_CATEGORY_NAMES);

/** The name of a category in a language (its id when it has none). */
export function categoryName(category: string, lang: Lang): string {
  return MUHURAT_CATEGORY_NAMES[category]?.[lang] ?? category;
}

/** Whether a category is one of the main three, which the year's own file holds (and the API answers by default). */
const isMainCategory = (category: string) => (MUHURAT_CATEGORIES as readonly string[]).includes(category);

/**
 * A year file as the build writes it: the main categories (MUHURAT_CATEGORIES) in one file, each other category
 * in one of its own, keyed by category (null for the main file). Example: `muhuratFiles(yearMuhurats(2084, null))`.
 */
export function muhuratFiles(file: MuhuratYear): [string | null, MuhuratYear][] {
  const entries = Object.entries(file.categories);
  return [
    [null, { ...file, categories: Object.fromEntries(entries.filter(([c]) => isMainCategory(c))) }],
    ...entries
      .filter(([c]) => !isMainCategory(c))
      .map(([c, list]): [string, MuhuratYear] => [c, { ...file, categories: { [c]: list } }]),
  ];
}

/**
 * The year file of the asked categories from the built files: the main file, and the file of each other category
 * asked (`read` answers null for a file not built). Null when the year is not built.
 */
export async function readMuhuratYear(
  categories: readonly string[],
  read: (category: string | null) => Promise<MuhuratYear | null>,
): Promise<MuhuratYear | null> {
  const others = categories.filter((c) => !isMainCategory(c));
  const [main, ...rest] = await Promise.all([read(null), ...others.map((c) => read(c))]);
  if (!main) return null;
  return {
    ...main,
    categories: Object.assign({}, main.categories, ...rest.map((f) => f?.categories ?? {})),
  };
}

/** The muhurats of a year in the given categories, sorted by date; an empty list that says so when none. */
export function muhuratList(
  file: MuhuratYear | null,
  year: number,
  categories: readonly string[] = MUHURAT_CATEGORIES,
  lang: Lang = 'ne',
): MuhuratList {
  const entries: MuhuratEntry[] = [];
  for (const category of categories) {
    const list = file?.categories[category];
    for (const d of list?.days ?? []) {
      const fixed = bsToFixed({ year, month: d.month, day: d.day });
      entries.push({
        category,
        categoryName: categoryName(category, lang),
        bsDate: formatYmd({ year, month: d.month, day: d.day }),
        year,
        month: d.month,
        day: d.day,
        monthName: BS_MONTHS[d.month - 1]![lang],
        englishDate: d.englishDate,
        weekday: WEEKDAYS[weekdayOfFixed(fixed)]![lang],
        windows: d.windows,
        estimated: d.estimated,
        ...(d.windowsEstimated ? { windowsEstimated: true as const } : {}),
        ...(d.reasons ? { because: reasonsText(d.reasons, lang) } : {}),
        // A computed list's source is the rules', named in the asked language; a published one keeps its almanac's.
        source: list!.published ? list!.source : RULES_SOURCE[lang],
      });
    }
  }
  // Dates and category ids are ASCII: compared by code unit (localeCompare would load a collator on a cold isolate).
  const byCode = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  entries.sort((a, b) => byCode(a.bsDate, b.bsDate) || byCode(a.category, b.category));
  const missing = categories.filter((c) => !file?.categories[c]);
  const computed = categories.filter((c) => file?.categories[c] && !file.categories[c].published);
  // English names a category by its id, as the query does; Nepali by its name.
  const names = (list: readonly string[]) =>
    (lang === 'en' ? list : list.map((c) => categoryName(c, lang))).join(', ');
  const agreement = Object.fromEntries(
    computed.flatMap((c) => {
      const measured = file!.categories[c]!.measured;
      return measured ? [[c, agreementOf(measured)]] : [];
    }),
  );
  const notes = [
    // A category the year has no list of is one the rules do not compute (yearMuhurats computes every other).
    ...(missing.length ? [NOTE_TEXT.notComputed[lang](names(missing), year, missing.length > 1)] : []),
    ...(computed.length ? [NOTE_TEXT.computed[lang](names(computed), year)] : []),
    ...Object.entries(agreement).map(([c, a]) => NOTE_TEXT.agreement[lang](names([c]), yearRuns(a.years), a)),
  ];
  return {
    year,
    categories: [...categories],
    published: missing.length === 0 && computed.length === 0,
    ...(notes.length ? { note: notes.join(' ') } : {}),
    ...(Object.keys(agreement).length ? { agreement } : {}),
    muhurats: entries,
  };
}

/**
 * The muhurats of the `days` days from `first` (fixed, a Nepal civil day; itself included), in date order, from the
 * lists (muhuratList) of the BS years the span touches, each day with `inDays` after `first`. A year the
 * deployment has no list of is left out (null): the answer then ends at the built range.
 * Example: `upcomingMuhuratsOf(nepalToday(Date.now()), 90, ['bibaha'], [list2083, list2084])`.
 */
export function upcomingMuhuratsOf(
  first: number,
  days: number,
  categories: readonly string[],
  lists: readonly (MuhuratList | null)[],
): UpcomingMuhurats {
  const { from, to, days: looked } = upcomingSpan(first, days);
  const found = lists.filter((list): list is MuhuratList => list !== null);
  const muhurats = found
    .flatMap((list) => list.muhurats)
    .map((entry) => ({ ...entry, inDays: bsToFixed(entry) - first }))
    .filter((entry) => entry.inDays >= 0 && entry.inDays < looked);
  // Each year's note, its sentences once (an English one ends in a full stop after a letter, digit or bracket, a
  // Nepali one in a danda, not the stops of वि.सं.): the agreement of a category computed in two years is said once.
  const notes = [...new Set(found.flatMap((list) => list.note?.split(/(?<=[a-z0-9)]\.|।)\s+/) ?? []))];
  const agreement = Object.assign({}, ...found.map((list) => list.agreement ?? {})) as Record<
    string,
    MuhuratAgreement
  >;
  return {
    from,
    to,
    days: looked,
    categories: [...categories],
    published: found.every((list) => list.published),
    ...(notes.length ? { note: notes.join(' ') } : {}),
    ...(Object.keys(agreement).length ? { agreement } : {}),
    muhurats,
  };
}

/** A year's list with only the days of one BS month (1–12); its categories, `published` and `note` are the year's. */
export function muhuratsOfMonth(list: MuhuratList, month: number): MuhuratList {
  return { ...list, muhurats: list.muhurats.filter((entry) => entry.month === month) };
}

/** A year file with only the days from `from` to `to` (AD, YYYY-MM-DD, both included) in each category. */
function daysWithin(file: MuhuratYear, from: string, to: string): MuhuratYear {
  const within = Object.entries(file.categories).map(([category, list]) => [
    category,
    { ...list, days: list.days.filter((d) => d.englishDate >= from && d.englishDate <= to) },
  ]);
  return { ...file, categories: Object.fromEntries(within) };
}

/**
 * upcomingMuhuratsOf over the year files `read` gives (null for a year not built), each cut to the span before
 * its days are shaped. Example: `await upcomingMuhurats(nepalToday(Date.now()), 90, ['bibaha'], 'en', read)`.
 */
export async function upcomingMuhurats(
  first: number,
  days: number,
  categories: readonly string[],
  lang: Lang,
  read: (year: number) => Promise<MuhuratYear | null>,
): Promise<UpcomingMuhurats> {
  const { from, to } = upcomingSpan(first, days);
  const lists = await Promise.all(
    yearsOfUpcoming(first, days).map(async (year) => {
      const file = await read(year);
      return file && muhuratList(daysWithin(file, from, to), year, categories, lang);
    }),
  );
  return upcomingMuhuratsOf(first, days, categories, lists);
}

/**
 * The categories of each day of a year, in the order of KNOWN_CATEGORIES: the build stores each month's beside its
 * stored days (scripts/api-year.ts), so that a full day record reads them with its day, not the year's lists.
 */
export interface MuhuratDayIndex {
  readonly schemaVersion: 1;
  readonly year: number;
  /** By `month-day` (e.g. "1-14"): each category of the day, and whether the day is computed (estimated). */
  readonly days: MuhuratDays;
}
/** Days (by `month-day`) and their categories, each with whether it is computed (estimated). */
export type MuhuratDays = Readonly<
  Record<string, readonly (readonly [category: string, estimated: boolean])[]>
>;

const dayKey = (month: number, day: number) => `${month}-${day}`;
/** A category's place in KNOWN_CATEGORIES (any other after them). */
const categoryRank = (category: string) => {
  const rank = KNOWN_CATEGORIES.indexOf(category);
  return rank < 0 ? KNOWN_CATEGORIES.length : rank;
};

/** The day index of a built year file. Example: `muhuratDayIndex(yearMuhurats(2084, null))`. */
export function muhuratDayIndex(file: MuhuratYear): MuhuratDayIndex {
  const days: Record<string, [string, boolean][]> = {};
  const categories = Object.entries(file.categories).sort(([a], [b]) => categoryRank(a) - categoryRank(b));
  for (const [category, list] of categories)
    for (const d of list.days) (days[dayKey(d.month, d.day)] ??= []).push([category, d.estimated]);
  return { schemaVersion: 1, year: file.year, days };
}

/**
 * The days of an index by month, each month's in the index's order: months[0] is Baisakh's.
 * Example: `muhuratDaysByMonth(muhuratDayIndex(file))[0]`.
 */
export function muhuratDaysByMonth(index: MuhuratDayIndex): MuhuratDays[] {
  const months = Array.from({ length: 12 }, (): Record<string, MuhuratDays[string]> => ({}));
  for (const [key, categories] of Object.entries(index.days))
    months[Number(key.slice(0, key.indexOf('-'))) - 1]![key] = categories;
  return months;
}

/** The muhurats of one day (for full day records): each category with its name in a language. */
export function muhuratsOfDay(
  days: MuhuratDays | null,
  month: number,
  day: number,
  lang: Lang,
): { category: string; name: string; estimated: boolean }[] {
  return (days?.[dayKey(month, day)] ?? []).map(([category, estimated]) => ({
    category,
    name: categoryName(category, lang),
    estimated,
  }));
}
