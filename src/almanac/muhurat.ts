/**
 * Muhurats as the API serves them: the year file the build writes (dist/api/muhurats/{YYYY}: every category,
 * the published list where one exists, the computed days elsewhere) and the lists and day entries shaped from
 * it in a language. No HTTP here.
 */
import { bsToFixed, formatYmd } from '../calendar/bs.ts';
import { BS_MONTHS, MUHURAT_CATEGORY_NAMES, WEEKDAYS, type Lang } from '../calendar/names.ts';
import { nepalClockMoment, weekdayOfFixed } from '../calendar/time.ts';
import {
  MUHURAT_CATEGORIES,
  type MuhuratDay,
  type MuhuratEntry,
  type MuhuratFile,
  type MuhuratList,
  type MuhuratYear,
} from '../contract/muhurat.ts';
import { nepalIso } from '../calendar/time.ts';
import { computeYear, type ComputedDay } from './muhurat-engine.ts';
import { MUHURAT_RULES, RULES_SOURCE_NAME } from './muhurat-rules.ts';

/** Every category any data file may use (the specified three first). */
export const KNOWN_CATEGORIES = Object.keys(MUHURAT_CATEGORY_NAMES);

/** The name of a category in a language (its id when it has none). */
export function categoryName(category: string, lang: Lang): string {
  return MUHURAT_CATEGORY_NAMES[category]?.[lang] ?? category;
}

/** A printed window with its moments (ISO, Nepal offset) added. */
function printedWindow(w: { start: string; end: string }, fixed: number) {
  const start = nepalClockMoment(w.start, fixed);
  const end = nepalClockMoment(w.end, fixed);
  return {
    ...w,
    ...(start === null ? {} : { startsAt: nepalIso(start) }),
    ...(end === null ? {} : { endsAt: nepalIso(end) }),
  };
}

/**
 * The year file of a BS year: each category of the published file as printed (its source named), and each
 * category the rules compute that the file does not list, as computed (`estimated`). Published lists win.
 * Example: `muhuratYear(2084, null, computeYear(2084))`.
 */
export function muhuratYear(
  year: number,
  published: MuhuratFile | null,
  computed: ReadonlyMap<string, readonly ComputedDay[]>,
): MuhuratYear {
  const categories: MuhuratYear['categories'] = {};
  for (const [category, days] of Object.entries(published?.categories ?? {})) {
    const id = published!.chosen[category]?.source ?? '';
    categories[category] = {
      published: true,
      source: published!.sources.find((s) => s.id === id)?.name ?? id,
      days: days.map((d): MuhuratDay => ({
        month: d.month,
        day: d.day,
        englishDate: d.englishDate,
        windows: (d.windows ?? []).map((w) =>
          printedWindow(w, bsToFixed({ year, month: d.month, day: d.day })),
        ),
        estimated: false,
      })),
    };
  }
  for (const [category, days] of computed) {
    if (categories[category]) continue;
    categories[category] = {
      published: false,
      source: RULES_SOURCE_NAME,
      days: days.map(({ month, day, englishDate, windows, estimated, because }) => ({
        month,
        day,
        englishDate,
        windows,
        estimated,
        ...(because ? { because } : {}),
      })),
    };
  }
  return { schemaVersion: 1, year, categories };
}

/**
 * The year file of a BS year from its published file (if any), computing every category with rules that the
 * file does not list. Example: `yearMuhurats(2084, null)`.
 */
export function yearMuhurats(year: number, published: MuhuratFile | null): MuhuratYear {
  const missing = [...MUHURAT_RULES.keys()].filter((c) => !published?.categories[c]);
  return muhuratYear(year, published, computeYear(year, missing));
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
        ...(d.because ? { because: d.because[lang] } : {}),
        source: list!.source,
      });
    }
  }
  entries.sort((a, b) => a.bsDate.localeCompare(b.bsDate) || a.category.localeCompare(b.category));
  const missing = categories.filter((c) => !file?.categories[c]);
  const computed = categories.filter((c) => file?.categories[c] && !file.categories[c].published);
  const notes = [
    ...(missing.length ? [`No ${missing.join(', ')} days for BS ${year}.`] : []),
    ...(computed.length
      ? [`${computed.join(', ')}: computed (estimated), no published list for BS ${year}.`]
      : []),
  ];
  return {
    year,
    categories: [...categories],
    published: missing.length === 0 && computed.length === 0,
    ...(notes.length ? { note: notes.join(' ') } : {}),
    muhurats: entries,
  };
}

/** The muhurats of one day (for full day records): each category with its name in a language. */
export function muhuratsOfDay(
  file: MuhuratYear | null,
  month: number,
  day: number,
  lang: Lang,
): { category: string; name: string; estimated: boolean }[] {
  return Object.entries(file?.categories ?? {}).flatMap(([category, list]) => {
    const found = list.days.find((d) => d.month === month && d.day === day);
    return found ? [{ category, name: categoryName(category, lang), estimated: found.estimated }] : [];
  });
}
