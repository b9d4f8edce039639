/**
 * The muhurat year file (written as dist/api/muhurats/{YYYY} and {YYYY}.{category}, src/almanac/muhurat.ts): each category of a year's published list as printed, and the
 * days the rules compute for every category without one. Used by the build and the feed; the functions read the
 * built file (src/almanac/muhurat.ts shapes it).
 */
import { bsToFixed } from '../calendar/bs.ts';
import { nepalClockMoment, nepalIso } from '../calendar/time.ts';
import type { MuhuratDay, MuhuratFile, MuhuratYear } from '../contract/muhurat.ts';
import { computeYear, type ComputedDay } from './muhurat-engine.ts';
import { MUHURAT_RULES } from './muhurat-rules.ts';
import { RULES_SOURCE } from './muhurat.ts';

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
 * category the rules compute that the file does not list, as computed (`estimated`). Published lists win: their
 * days, and their windows where they print them. A published day without printed windows takes the windows the
 * rules give that day, if they give it, marked `windowsEstimated` (the lists print no time; an almanac's lagna
 * table gives one).
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
    const ruled = new Map((computed.get(category) ?? []).map((d) => [`${d.month}-${d.day}`, d.windows]));
    categories[category] = {
      published: true,
      source: published!.sources.find((s) => s.id === id)?.name ?? id,
      days: days.map((d): MuhuratDay => {
        const printed = (d.windows ?? []).map((w) =>
          printedWindow(w, bsToFixed({ year, month: d.month, day: d.day })),
        );
        const rules = printed.length ? [] : (ruled.get(`${d.month}-${d.day}`) ?? []);
        return {
          month: d.month,
          day: d.day,
          englishDate: d.englishDate,
          windows: rules.length ? rules : printed,
          estimated: false,
          ...(rules.length ? { windowsEstimated: true as const } : {}),
        };
      }),
    };
  }
  for (const [category, days] of computed) {
    if (categories[category]) continue;
    const measured = MUHURAT_RULES.get(category)?.measured;
    categories[category] = {
      published: false,
      source: RULES_SOURCE.en,
      ...(measured ? { measured } : {}),
      days: days.map(({ month, day, englishDate, windows, estimated, reasons }) => ({
        month,
        day,
        englishDate,
        windows,
        estimated,
        ...(reasons ? { reasons } : {}),
      })),
    };
  }
  return { schemaVersion: 2, year, categories };
}

/**
 * The year file of a BS year from its published file (if any), computing every category with rules: the days of
 * those the file does not list, the windows of the days of those it does. Example: `yearMuhurats(2084, null)`.
 */
export function yearMuhurats(year: number, published: MuhuratFile | null): MuhuratYear {
  return muhuratYear(year, published, computeYear(year, [...MUHURAT_RULES.keys()]));
}
