/**
 * Day records: the engine's Panchanga of a day with the curated almanac laid over it. Curated values always
 * win over computed ones, and each record says which its tithi and festivals are. No HTTP here; the build
 * writes month files from these and the functions add the full form.
 */
import { bsYearInfo } from '../calendar/bs.ts';
import { BS_MONTHS, WEEKDAYS, type Lang } from '../calendar/names.ts';
import { isoFromFixed, nepalTime } from '../calendar/time.ts';
import { eventsCurated, tithiCurated, type CuratedDay, type CuratedMonth } from '../contract/data-files.ts';
import type { DayEvent, DayMuhurat, DayRecord, FullDayRecord, MonthFile } from '../contract/day-record.ts';
import { bsMonthStartFixed, daysInBsMonth } from '../calendar/bs.ts';
import type { DayPanchanga } from '../engine/day.ts';
import { panchangaOfDay } from '../engine/panchanga.ts';
import { nepalSambatOfDay, nepalSambatText } from '../festivals/nepal-sambat.ts';
import { glossaryEntry, printedNameIn } from '../festivals/glossary.ts';
import { printedRedIn } from '../festivals/rules.ts';
import { lunarOfDay, tithiFields } from './day-fields.ts';
import { printedEndMoment } from './printed-tithis.ts';
import { kathmanduFullRecord, timeField } from './full-record.ts';

/** Nepal's weekly holiday. */
export const SATURDAY = 6;
/** Separator of the `festivals` text. */
export const FESTIVAL_SEPARATOR = ', ';

/** Computed events of a day in a language (festival rules), supplied by src/festivals. */
export type EventsOfDay = (fixed: number, lang: Lang) => DayEvent[];

/**
 * The day record of the specification from a day's Panchanga, its curated day if any, and its computed events
 * (every festival occurrence of the day: `publicHoliday` is whether one of them is a national holiday, exactly as
 * /api/festivals lists them).
 */
export function dayRecord(
  p: DayPanchanga,
  curated: CuratedDay | undefined,
  computed: DayEvent[],
  lang: Lang,
): DayRecord {
  // A day of a computed month an admin changed keeps the engine's tithi, or the rules' events, where the change left
  // them (COMPUTED_SOURCE): those are served as computed.
  const tithiDay = curated && tithiCurated(curated) ? curated : undefined;
  const eventsDay = curated && eventsCurated(curated) ? curated : undefined;
  const tithiIndex = tithiDay?.tithi ?? p.tithis[0]!.index;
  // The end of the day's tithi: as printed (an end before sunrise is the night after), else computed for it.
  const printedEnd = tithiDay
    ? printedEndMoment({ fixed: p.fixed, tithi: tithiIndex, ends: tithiDay.tithiEnds })
    : null;
  const tithiEnd = printedEnd ?? p.tithis.find((t) => t.index === tithiIndex)?.endsAt ?? null;
  const clockOf = (printed: string | undefined, moment: number) =>
    printed ? { clock: printed } : nepalTime(moment, p.fixed);
  const events: DayEvent[] = eventsDay ? mergeEvents(eventsDay, computed, lang) : computed;
  // Red as an almanac prints it: Saturdays, national holidays and the days almanacs print red without one.
  const holiday = eventsDay
    ? eventsDay.holiday
    : p.weekday === SATURDAY || computed.some((e) => e.holiday || printedRedIn(e.id ?? '', p.bs.year));
  return {
    year: p.bs.year,
    month: p.bs.month,
    gate: p.bs.day,
    baar: WEEKDAYS[p.weekday]![lang],
    englishDate: isoFromFixed(p.fixed),
    ...tithiFields(tithiIndex, lang),
    ...(tithiEnd === null ? { tithiEnds: null } : timeField('tithiEnds', nepalTime(tithiEnd, p.fixed))),
    sunrise: clockOf(curated?.sunrise, p.sunrise).clock,
    sunset: clockOf(curated?.sunset, p.sunset).clock,
    festivals: events.map((e) => e.name).join(FESTIVAL_SEPARATOR),
    holiday,
    events,
    source: { tithi: tithiDay ? 'published' : 'computed', festivals: eventsDay ? 'published' : 'computed' },
    nepalSambat: nepalSambatText(nepalSambatOfDay(p.fixed), lang),
    publicHoliday: computed.some((e) => e.holiday),
    ...lunarOfDay(p, tithiIndex, lang),
    estimated: !(tithiDay && eventsDay),
  };
}

/** Any letter of the Devanagari block. */
const DEVANAGARI = /[\u0900-\u097f]/;

/**
 * Published events first, as printed, each named by the glossary in English and linked by the glossary's id to
 * the festival rule or observance it is (whose category and holiday scope it takes); an official holiday, or a
 * public holiday the rules give, is added when the almanac does not print it. Generated observances give way to
 * the printed day.
 */
function mergeEvents(curated: CuratedDay, computed: DayEvent[], lang: Lang): DayEvent[] {
  // A source that prints one event twice in two spellings (the glossary gives both one English name) shows it once.
  const once = curated.events.filter(
    (printed, i) =>
      curated.events.findIndex((other) => printedNameIn(other, 'en') === printedNameIn(printed, 'en')) === i,
  );
  const published: DayEvent[] = once.map((printed) => {
    const id = glossaryEntry(printed)?.id;
    const known = id ? computed.find((e) => e.id === id) : undefined;
    // A name an almanac printed in Latin letters ("Pradosh Brata") is, in Nepali, the name of what it is.
    const name =
      lang === 'ne' && known && !DEVANAGARI.test(printed) ? known.name : printedNameIn(printed, lang);
    if (known) return { ...known, name, source: 'published', estimated: false };
    return { ...(id ? { id } : {}), name, holiday: false, source: 'published', estimated: false };
  });
  const added = computed.filter(
    (e) => (e.source === 'official' || e.holiday) && !published.some((p) => p.id === e.id),
  );
  return [...published, ...added];
}

/** The records of one BS month as served in its month files, in every language (the engine runs once). */
export function monthFiles(
  year: number,
  month: number,
  curated: CuratedMonth | undefined,
  eventsOf: EventsOfDay,
  langs: readonly Lang[] = ['ne', 'en'],
): Record<Lang, MonthFile> {
  const info = bsYearInfo(year);
  const start = bsMonthStartFixed(year, month);
  const panchangas: DayPanchanga[] = [];
  for (let day = 1; day <= daysInBsMonth(year, month); day++)
    panchangas.push(panchangaOfDay(start + day - 1, { lean: true }));
  const file = (lang: Lang): MonthFile => {
    const days = panchangas.map((p, i) => dayRecord(p, curated?.days[i], eventsOf(p.fixed, lang), lang));
    return {
      year,
      month,
      monthName: BS_MONTHS[month - 1]![lang],
      status: info.status,
      nearBoundary: info.nearBoundaryMonths.some((m) => m.month === month),
      curated: curated !== undefined,
      // Computed while any of its days is: every day of a month no almanac covers, some of one an admin changed.
      estimated: days.some((day) => day.estimated),
      sources: curated?.sources ?? [],
      days,
    };
  };
  return Object.fromEntries(langs.map((lang) => [lang, file(lang)])) as Record<Lang, MonthFile>;
}

/**
 * The full record of a day at Kathmandu: its day record (from the month file) plus every element of the
 * engine's day (`p`: the day as computed or as the build stored it; computed when not given).
 */
export function fullDayRecord(
  base: DayRecord,
  fixed: number,
  lang: Lang,
  muhurats: DayMuhurat[] = [],
  p: DayPanchanga = panchangaOfDay(fixed),
): FullDayRecord {
  return kathmanduFullRecord(base, p, lang, muhurats);
}
