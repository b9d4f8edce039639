/**
 * Muhurats: the published auspicious days of a BS year by category, as the API lists them. The data are the
 * files data/muhurats/{YYYY}.json (served as static files); no HTTP here.
 */
import { bsToFixed, formatYmd } from '../calendar/bs.ts';
import { BS_MONTHS, MUHURAT_CATEGORY_NAMES, WEEKDAYS, type Lang } from '../calendar/names.ts';
import { weekdayOfFixed } from '../calendar/time.ts';
import {
  MUHURAT_CATEGORIES,
  type MuhuratEntry,
  type MuhuratFile,
  type MuhuratList,
} from '../contract/muhurat.ts';

/** Every category any data file may use (the specified three first). */
export const KNOWN_CATEGORIES = Object.keys(MUHURAT_CATEGORY_NAMES);

/** The muhurats of a year in the given categories, sorted by date; an empty list that says so when unpublished. */
export function muhuratList(
  file: MuhuratFile | null,
  year: number,
  categories: readonly string[] = MUHURAT_CATEGORIES,
  lang: Lang = 'ne',
): MuhuratList {
  if (!file) {
    return {
      year,
      categories: [...categories],
      published: false,
      note: `No published muhurat list for BS ${year}.`,
      muhurats: [],
    };
  }
  const entries: MuhuratEntry[] = [];
  for (const category of categories) {
    const source = file.chosen[category]?.source ?? '';
    for (const d of file.categories[category] ?? []) {
      const fixed = bsToFixed({ year, month: d.month, day: d.day });
      entries.push({
        category,
        categoryName: MUHURAT_CATEGORY_NAMES[category]?.[lang] ?? category,
        bsDate: formatYmd({ year, month: d.month, day: d.day }),
        year,
        month: d.month,
        day: d.day,
        monthName: BS_MONTHS[d.month - 1]![lang],
        englishDate: d.englishDate,
        weekday: WEEKDAYS[weekdayOfFixed(fixed)]![lang],
        windows: d.windows ?? [],
        source: file.sources.find((s) => s.id === source)?.name ?? source,
      });
    }
  }
  entries.sort((a, b) => a.bsDate.localeCompare(b.bsDate) || a.category.localeCompare(b.category));
  const missing = categories.filter((c) => !file.categories[c]);
  return {
    year,
    categories: [...categories],
    published: true,
    ...(missing.length
      ? { note: `The published list for BS ${year} has no ${missing.join(', ')} days.` }
      : {}),
    muhurats: entries,
  };
}

/** The categories published for one day (for full day records). */
export function muhuratCategoriesOfDay(file: MuhuratFile | null, month: number, day: number): string[] {
  if (!file) return [];
  return Object.entries(file.categories)
    .filter(([, days]) => days.some((d) => d.month === month && d.day === day))
    .map(([category]) => category);
}
