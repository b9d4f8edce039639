/**
 * The webcal feed: festivals and public holidays of a range of BS years (and, on request, the muhurat days:
 * published, or computed and marked estimated) as an iCalendar file (RFC 5545) built with ical-generator. One file per variant is written at build time
 * and served at /api/v1/calendar.ics?lang=&holidays=&include=; calendar apps subscribe to it with `?token=`.
 *
 * Every event is an all-day event (DTEND the day after, RFC 5545 §3.6.1) whose UID comes from the festival id and
 * its BS date, so rebuilding never changes it; DTSTAMP is the start of the range, so two builds of the same data
 * give the same bytes (and the same ETag). The calendar asks to be refreshed every 12 hours (REFRESH-INTERVAL,
 * RFC 7986 §5.7, and X-PUBLISHED-TTL). No HTTP here.
 */
import ical, { ICalEventTransparency } from 'ical-generator';
import { bsToFixed, formatYmd } from '../calendar/bs.ts';
import { toDevanagariDigits } from '../calendar/digits.ts';
import {
  BS_MONTHS,
  HOLIDAY_SCOPE_NAMES,
  HOLIDAY_SCOPE_WHO,
  LANGS,
  MUHURAT_CATEGORY_NAMES,
  type Lang,
} from '../calendar/names.ts';
import { nepalMidnight, unixMsFromMoment } from '../calendar/time.ts';
import type { CuratedMonth } from '../contract/data-files.ts';
import { STATIC_FILES, staticFileData } from '../contract/endpoints.ts';
import type { DayRecord } from '../contract/day-record.ts';
import type { FestivalOccurrence, HolidayScope } from '../contract/festival.ts';
import { MUHURAT_CATEGORIES, type MuhuratFile, type MuhuratYear } from '../contract/muhurat.ts';
import { FestivalCalendar } from '../festivals/festivals.ts';
import { KNOWN_CATEGORIES, muhuratList, readMuhuratYear } from '../almanac/muhurat.ts';
import { yearMuhurats } from '../almanac/muhurat-year.ts';
import { monthFiles } from '../almanac/records.ts';
import type { FeedVariant } from './variants.ts';

/** What the feed is built from: each year's answers as the API serves them (the library's, or the built files'). */
export interface FeedSource {
  /** The BS years in the feed, in order. */
  readonly years: readonly number[];
  /** The festivals and holidays of a year (FestivalCalendar.occurrences). */
  festivals(year: number, lang: Lang): FestivalOccurrence[];
  /** The day record of a BS date `YYYY-MM-DD` (for its tithi). */
  day(bsDate: string, lang: Lang): DayRecord;
  /** The muhurats of a year (published lists, computed days elsewhere), or null. */
  muhurats(year: number): MuhuratYear | null;
  /** The first moment of the range (DTSTAMP of every event): Nepal midnight of its first day, as a Date. */
  readonly stamp: Date;
}

const TEXT = {
  name: { ne: 'नेपाली पात्रो', en: 'Nepali calendar' },
  festivals: { ne: 'चाडपर्व र बिदा', en: 'festivals and holidays' },
  holidays: { ne: 'सार्वजनिक बिदा', en: 'public holidays' },
  muhurat: { ne: 'शुभ साइत', en: 'auspicious days' },
  muhuratDay: { ne: 'शुभ साइत', en: 'Auspicious day' },
  /** Ends the summary of an item no almanac prints and no notice gives (a rule's date, a computed muhurat). */
  estimated: { ne: ' (अनुमानित)', en: ' (estimated)' },
  bs: { ne: 'वि.सं.', en: 'BS' },
  /** Marks a muhurat's time after the midnight of its day (the almanacs write it past 24). */
  nextMorning: { ne: 'भोलिपल्ट बिहान', en: 'next morning' },
  tithi: { ne: 'तिथि', en: 'Tithi' },
  description: {
    ne: 'बिक्रम सम्वत् पात्रोका चाडपर्व, बिदा र साइत; प्रकाशित पात्रो र सरकारी सूचनाबाट',
    en: 'Festivals, holidays and muhurats of the Bikram Sambat calendar, from the published almanac and government notices',
  },
} as const;

const digits = (text: string | number, lang: Lang) =>
  lang === 'ne' ? toDevanagariDigits(text) : String(text);

/**
 * A muhurat's window on a calendar's clock: the almanacs' hours past 24 (the night after the day) as the next
 * morning's. "13:50–20:40"; "20:23 – 05:23 next morning"; "04:38–06:43 next morning" (written "28:38–30:43").
 */
function windowText(window: { start: string; end: string }, lang: Lang): string {
  const next = (hhmm: string) => Number(hhmm.slice(0, 2)) >= 24;
  const clock = (hhmm: string) =>
    digits(
      next(hhmm) ? `${String(Number(hhmm.slice(0, 2)) - 24).padStart(2, '0')}${hhmm.slice(2)}` : hhmm,
      lang,
    );
  const morning = (text: string) =>
    lang === 'ne' ? `${TEXT.nextMorning.ne} ${text}` : `${text} ${TEXT.nextMorning.en}`;
  const [start, end] = [clock(window.start), clock(window.end)];
  if (next(window.start)) return morning(`${start}–${end}`);
  return next(window.end) ? `${start} – ${morning(end)}` : `${start}–${end}`;
}

/** "वि.सं. २०८३ असोज २५, आइतबार" / "BS 2083 Ashwin 25, Sunday". */
function bsDateText(day: DayRecord, lang: Lang): string {
  return `${TEXT.bs[lang]} ${digits(day.year, lang)} ${BS_MONTHS[day.month - 1]![lang]} ${digits(day.gate, lang)}, ${day.baar}`;
}

function scopeName(scope: HolidayScope, lang: Lang): string | null {
  if (scope.kind === 'none') return null;
  const name = HOLIDAY_SCOPE_NAMES[scope.kind][lang];
  const who = (text: string) => HOLIDAY_SCOPE_WHO[text]?.[lang] ?? text;
  if (scope.kind === 'regional') return `${name}: ${who(scope.where)}`;
  if (scope.kind === 'community') return `${name}: ${who(scope.whom)}`;
  return name;
}

/** A Date at UTC midnight of an ISO date: all-day values are written as that date (no time zone shift). */
const utcDate = (iso: string) => new Date(`${iso}T00:00:00Z`);
const nextDate = (iso: string) => new Date(utcDate(iso).getTime() + 86_400_000);

/**
 * The .ics text of one variant: CRLF line ends, lines folded at 75 octets (ical-generator, RFC 5545 §3.1).
 * Example: `buildFeed(source, feedVariant('ne', 'all', 'none'))`.
 */
export function buildFeed(source: FeedSource, variant: FeedVariant): string {
  const { lang } = variant;
  const first = source.years[0]!;
  const last = source.years.at(-1)!;
  const what: string[] = [variant.holidays === 'only' ? TEXT.holidays[lang] : TEXT.festivals[lang]];
  if (variant.include === 'muhurat') what.push(TEXT.muhurat[lang]);
  const calendar = ical({
    name: `${TEXT.name[lang]}: ${what.join(', ')}`,
    description: `${TEXT.description[lang]} (${TEXT.bs[lang]} ${digits(first, lang)}–${digits(last, lang)})`,
    prodId: { company: 'Panchanga service', product: 'Nepali calendar feed', language: lang.toUpperCase() },
    ttl: 12 * 3600,
    x: { 'X-WR-TIMEZONE': 'Asia/Kathmandu' },
  });
  /** An all-day event on a day: the description starts with its BS date and tithi. */
  const dayEvent = (id: string, day: DayRecord, summary: string, lines: string[], categories: string[]) =>
    calendar.createEvent({
      id,
      stamp: source.stamp,
      start: utcDate(day.englishDate),
      end: nextDate(day.englishDate),
      allDay: true,
      summary,
      description: [
        bsDateText(day, lang),
        `${TEXT.tithi[lang]}: ${day.pakshya} ${day.tithiName}`,
        ...lines,
      ].join('\n'),
      categories: categories.map((name) => ({ name })),
      transparency: ICalEventTransparency.TRANSPARENT,
    });
  for (const year of source.years) {
    for (const festival of source.festivals(year, lang)) {
      const scope = scopeName(festival.holiday, lang);
      if (variant.holidays === 'only' && !scope) continue;
      dayEvent(
        `${festival.id}-${festival.bsDate}@panchanga`,
        source.day(festival.bsDate, lang),
        festival.estimated ? `${festival.name}${TEXT.estimated[lang]}` : festival.name,
        scope ? [scope] : [],
        [festival.category, ...(scope ? ['holiday'] : [])],
      );
    }
    if (variant.include !== 'muhurat') continue;
    for (const muhurat of muhuratList(source.muhurats(year), year, MUHURAT_CATEGORIES, lang).muhurats) {
      const windows = muhurat.windows.map((w) => windowText(w, lang));
      dayEvent(
        `MUHURAT-${muhurat.category.toUpperCase()}-${muhurat.bsDate}@panchanga`,
        source.day(muhurat.bsDate, lang),
        `${TEXT.muhuratDay[lang]}: ${MUHURAT_CATEGORY_NAMES[muhurat.category]![lang]}${muhurat.estimated ? TEXT.estimated[lang] : ''}`,
        [
          ...(windows.length
            ? [`${windows.join(', ')}${muhurat.windowsEstimated ? TEXT.estimated[lang] : ''}`]
            : []),
          ...(muhurat.because ? [muhurat.because.join(', ')] : []),
          muhurat.source,
        ],
        ['muhurat', muhurat.category],
      );
    }
  }
  // RFC 5545 §3.1: every content line, the last included, ends with CRLF.
  return `${calendar.toString()}\r\n`;
}

/**
 * The feed's source from the library, as the API serves the same years: festivals with the published overlay,
 * day records of the month files, and the muhurats of each year (published lists from the files given, computed
 * days elsewhere). Example: `libraryFeedSource([2082, 2083, 2084], loadAllCurated(), loadMuhuratFiles())`.
 */
export function libraryFeedSource(
  years: readonly number[],
  curated: ReadonlyMap<string, CuratedMonth>,
  muhuratFiles: ReadonlyMap<number, MuhuratFile>,
): FeedSource {
  const muhurats = new Map(years.map((year) => [year, yearMuhurats(year, muhuratFiles.get(year) ?? null)]));
  const festivals = new FestivalCalendar({ curated });
  const days = new DayIndex();
  for (const year of years) {
    for (let month = 1; month <= 12; month++) {
      const files = monthFiles(year, month, curated.get(`${year}-${month}`), festivals.eventsOfDay);
      for (const lang of LANGS) {
        for (const day of files[lang].days) {
          days.add(lang, year, month, day);
        }
      }
    }
  }
  return {
    years,
    festivals: (year, lang) => festivals.occurrences(year, lang),
    day: (bsDate, lang) => days.get(bsDate, lang),
    muhurats: (year) => muhurats.get(year) ?? null,
    stamp: feedStamp(years),
  };
}

/**
 * The feed's source from the API files of a built tree, `read` giving a file's text by its STATIC_FILES path (null
 * when there is none): the year listings of festivals, the month files' day records and the year's muhurat files,
 * the files the functions serve. The build's feed step takes it, so the feed says what the API says and no year is
 * computed twice; it gives the same bytes as libraryFeedSource over the same data. Null when a file is missing.
 * Example: `await builtFeedSource([2082, 2083, 2084], (path) => readFileSync(join('dist', path), 'utf8'))`.
 */
export async function builtFeedSource(
  years: readonly number[],
  read: (path: string) => string | null,
): Promise<FeedSource | null> {
  const data = <T>(path: string): T | null => {
    const text = read(path);
    return text === null ? null : staticFileData<T>(JSON.parse(text));
  };
  const festivals = new Map<string, FestivalOccurrence[]>();
  const days = new DayIndex();
  const muhurats = new Map<number, MuhuratYear | null>();
  for (const year of years) {
    for (const lang of LANGS) {
      const listing = data<{ festivals: FestivalOccurrence[] }>(STATIC_FILES.festivals(year, lang));
      if (!listing) return null;
      festivals.set(`${lang}|${year}`, listing.festivals);
      for (let month = 1; month <= 12; month++) {
        const records = data<DayRecord[]>(STATIC_FILES.month(year, month, lang));
        if (!records) return null;
        for (const day of records) days.add(lang, year, month, day);
      }
    }
    const file = await readMuhuratYear(KNOWN_CATEGORIES, async (category) =>
      data<MuhuratYear>(STATIC_FILES.muhurats(year, category ?? undefined)),
    );
    if (!file) return null;
    muhurats.set(year, file);
  }
  return {
    years,
    festivals: (year, lang) => festivals.get(`${lang}|${year}`) ?? [],
    day: (bsDate, lang) => days.get(bsDate, lang),
    muhurats: (year) => muhurats.get(year) ?? null,
    stamp: feedStamp(years),
  };
}

/** Day records by language and BS date (`YYYY-MM-DD`), as a feed source gives them. */
class DayIndex {
  private readonly days = new Map<string, DayRecord>();
  add(lang: Lang, year: number, month: number, day: DayRecord): void {
    this.days.set(`${lang}|${formatYmd({ year, month, day: day.gate })}`, day);
  }
  get(bsDate: string, lang: Lang): DayRecord {
    return this.days.get(`${lang}|${bsDate}`)!;
  }
}

/** DTSTAMP of every event: Nepal midnight of the range's first day, in whole seconds (RFC 5545 §3.3.5). */
function feedStamp(years: readonly number[]): Date {
  const first = nepalMidnight(bsToFixed({ year: years[0]!, month: 1, day: 1 }));
  return new Date(Math.round(unixMsFromMoment(first) / 1000) * 1000);
}
