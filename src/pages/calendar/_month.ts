/**
 * The month as a page (/calendar/{year}/{month}): the patro grid of a BS month from the same month records the
 * API serves (monthFiles), in Nepali and English, with the words of the page defined once. Files starting with
 * "_" are not routes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BS_MAX_YEAR, BS_MIN_YEAR, bsMonthStartFixed, fixedToBs, formatYmd } from '../../calendar/bs.ts';
import { toDevanagariDigits } from '../../calendar/digits.ts';
import { AD_MONTHS, BS_MONTHS, type Lang } from '../../calendar/names.ts';
import { gregorianFromFixed, isoFromFixed, weekdayOfFixed } from '../../calendar/time.ts';
import { monthFromAnswer, type DayRecord, type MonthFile } from '../../contract/day-record.ts';
import { SITE_PAGES, STATIC_FILES } from '../../contract/endpoints.ts';
import { API_INFO } from '../../contract/openapi.ts';
import { FestivalCalendar } from '../../festivals/festivals.ts';
import { loadAllCurated } from '../../almanac/curated.ts';
import { monthFiles } from '../../almanac/records.ts';

function envYear(name: string): number | undefined {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value >= BS_MIN_YEAR && value <= BS_MAX_YEAR ? value : undefined;
}

/** The years of the month pages this build makes: the default range within the API's built years. */
export function calendarPageYears(): { from: number; to: number } {
  return {
    from: Math.max(SITE_PAGES.monthYears.from, envYear('BS_BUILD_FROM') ?? BS_MIN_YEAR),
    to: Math.min(SITE_PAGES.monthYears.to, envYear('BS_BUILD_TO') ?? BS_MAX_YEAR),
  };
}

/** The page's words in both languages (names of months, weekdays and tithis come from names.ts). */
export const CALENDAR_TEXT = {
  title: { ne: 'नेपाली पात्रो', en: 'Nepali calendar' },
  previous: { ne: 'अघिल्लो महिना', en: 'Previous month' },
  next: { ne: 'अर्को महिना', en: 'Next month' },
  year: { ne: 'वर्ष', en: 'Year' },
  month: { ne: 'महिना', en: 'Month' },
  go: { ne: 'जानुहोस्', en: 'Go' },
  holiday: { ne: 'सार्वजनिक बिदा', en: 'Public holiday' },
  estimated: { ne: 'गणना गरिएको (पात्रोमा प्रकाशित नभएको)', en: 'Computed (not from a published almanac)' },
  projection: {
    ne: 'यो वर्षको महिना गणना गरिएको अनुमान हो',
    en: 'This year’s months are a projection, computed, not published',
  },
  report: { ne: 'फरक भेटिए जानकारी दिनुहोस्', en: 'Report a discrepancy' },
  api: { ne: 'यो महिना JSON मा', en: 'This month as JSON' },
} as const satisfies Record<string, Record<Lang, string>>;

/** The curated months and the festivals, loaded when a month is computed here. */
let computing: { curated: ReturnType<typeof loadAllCurated>; festivals: FestivalCalendar } | undefined;

/** A day number in a language's digits. */
function digits(n: number, lang: Lang): string {
  return lang === 'ne' ? toDevanagariDigits(n) : String(n);
}

/** One square of the grid: a day in both languages. */
export interface Cell {
  readonly ne: DayRecord;
  readonly en: DayRecord;
  readonly adDay: number;
}

export interface MonthPage {
  readonly year: number;
  readonly month: number;
  readonly files: Record<Lang, MonthFile>;
  /** Sunday-first weeks; null before the first and after the last day. */
  readonly weeks: readonly (readonly (Cell | null)[])[];
  readonly previous: { year: number; month: number } | null;
  readonly next: { year: number; month: number } | null;
  /** The AD months the BS month spans, e.g. "April–May 2026". */
  readonly adSpan: Record<Lang, string>;
}

/**
 * The month's files as the static API serves them: read from DIST_DIR (default dist), where `npm run build`
 * (scripts/build.ts) writes the API before the pages, so a month is computed once per build; computed when they
 * are not there (`astro build` alone empties its output first).
 */
function monthFilesOfPage(year: number, month: number): Record<Lang, MonthFile> {
  const built = (lang: Lang) => join(process.env.DIST_DIR ?? 'dist', STATIC_FILES.month(year, month, lang));
  if (existsSync(built('ne')) && existsSync(built('en'))) {
    const read = (lang: Lang) => monthFromAnswer(JSON.parse(readFileSync(built(lang), 'utf8')));
    return { ne: read('ne'), en: read('en') };
  }
  if (!computing) {
    const curated = loadAllCurated();
    computing = { curated, festivals: new FestivalCalendar({ curated }) };
  }
  return monthFiles(year, month, computing.curated.get(`${year}-${month}`), computing.festivals.eventsOfDay);
}

/** The page of a BS month. Example: `monthPage(2083, 1).weeks[0]`. */
export function monthPage(year: number, month: number): MonthPage {
  const files = monthFilesOfPage(year, month);
  const start = bsMonthStartFixed(year, month);
  const cells: (Cell | null)[] = Array.from({ length: weekdayOfFixed(start) }, () => null);
  files.ne.days.forEach((ne, i) =>
    cells.push({ ne, en: files.en.days[i]!, adDay: gregorianFromFixed(start + i).day }),
  );
  while (cells.length % 7) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
  const range = calendarPageYears();
  const previous = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  const first = gregorianFromFixed(start);
  const last = gregorianFromFixed(start + files.ne.days.length - 1);
  const adSpan = (lang: Lang) => {
    const name = (m: number) => AD_MONTHS[m - 1]![lang];
    const y = (n: number) => digits(n, lang);
    return first.year === last.year
      ? `${name(first.month)}–${name(last.month)} ${y(first.year)}`
      : `${name(first.month)} ${y(first.year)} – ${name(last.month)} ${y(last.year)}`;
  };
  return {
    year,
    month,
    files,
    weeks,
    previous: previous.year >= range.from ? previous : null,
    next: next.year <= range.to ? next : null,
    adSpan: { ne: adSpan('ne'), en: adSpan('en') },
  };
}

/** The month's title, e.g. "Baisakh 2083" / "बैशाख २०८३". */
export function monthTitle(year: number, month: number, lang: Lang): string {
  return `${BS_MONTHS[month - 1]![lang]} ${digits(year, lang)}`;
}

/**
 * The repository's "date discrepancy" issue form, prefilled with the day (GitHub fills form fields from query
 * parameters named by their ids in .github/ISSUE_TEMPLATE/date-discrepancy.yml).
 */
function reportUrl(repository: string, day: DayRecord): string {
  const bs = formatYmd({ year: day.year, month: day.month, day: day.gate });
  const fields: [string, string][] = [
    ['template', 'date-discrepancy.yml'],
    ['title', `Date discrepancy: BS ${bs}`],
    ['bs-date', bs],
    ['ad-date', day.englishDate],
    [
      'api',
      `GET /api/panchanga/by-english-date/${day.englishDate} → tithi ${day.tithiIndex} (${day.tithiName}), festivals "${day.festivals}", holiday ${day.holiday}`,
    ],
  ];
  // encodeURIComponent, not URLSearchParams: the same query to GitHub, written in a tenth of the time (a link on
  // each of the 37,000 days of the month pages).
  return `${repository}/issues/new?${fields.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
}

/** Text as HTML, escaped as astro escapes an expression's text (& < > ' "). */
function html(text: string | number): string {
  return String(text).replace(/[&<>'"]/g, (c) => HTML_ESCAPES[c]!);
}
const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  "'": '&#39;',
  '"': '&quot;',
};

/** An attribute's value, escaped as astro escapes one (& and "). */
const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** Both languages' spans of a text, as every square writes them (the page's switch shows one). */
const both = (ne: string | number, en: string | number) =>
  `<span class="ne" lang="ne">${html(ne)}</span><span class="en" lang="en">${html(en)}</span>`;

/** The flag a square's report link shows. */
const REPORT_FLAG =
  '<svg aria-hidden="true" viewBox="0 0 10 12" width="9" height="11"><path d="M1 0v12M1 1h7l-2 2.5 2 2.5H1" fill="none" stroke="currentColor" stroke-width="1.3"></path></svg>';

/**
 * The grid's rows (the table's body) as HTML: each day's square, written here as one string rather than through
 * astro's expressions, which took most of a page's time (about 37,000 squares across the site's month pages). The
 * markup is what the page's template wrote: the BS day in both digits, the AD day, the tithi, the events, the
 * estimated mark and the report link; no whitespace between a square's tags.
 */
export function gridRowsHtml(page: MonthPage, repository: string): string {
  const estimatedMark = `<abbr class="mark" title="${attr(`${CALENDAR_TEXT.estimated.ne} · ${CALENDAR_TEXT.estimated.en}`)}">*</abbr>`;
  const reportTitle = attr(`${CALENDAR_TEXT.report.ne} · ${CALENDAR_TEXT.report.en}`);
  const square = (cell: Cell | null) => {
    if (cell === null) return '<td class="blank"></td>';
    const { ne, en } = cell;
    const classes = `day${en.holiday ? ' holiday' : ''}${en.estimated ? ' estimated' : ''}`;
    return (
      `<td class="${classes}" data-ad="${attr(en.englishDate)}" data-bs="${formatYmd({ year: page.year, month: page.month, day: en.gate })}">` +
      `<span class="bs">${both(digits(en.gate, 'ne'), en.gate)}</span><span class="ad">${cell.adDay}</span>` +
      `<span class="tithi">${both(ne.tithiName, en.tithiName)} ${en.estimated ? estimatedMark : ''}</span>` +
      (en.festivals ? `<span class="events">${both(ne.festivals, en.festivals)}</span>` : '') +
      `<a class="report" href="${attr(reportUrl(repository, en))}" title="${reportTitle}">${REPORT_FLAG}` +
      `<span class="visually-hidden">${html(CALENDAR_TEXT.report.en)}</span></a></td>`
    );
  };
  return page.weeks.map((week) => `<tr>${week.map(square).join('')}</tr>`).join('\n');
}

/**
 * The repository issues are filed in: PUBLIC_REPOSITORY_URL, else GitHub Actions' GITHUB_REPOSITORY (owner/name)
 * at build, else the project's home as the OpenAPI document names it.
 */
export function repositoryUrl(): string {
  if (process.env.PUBLIC_REPOSITORY_URL) return process.env.PUBLIC_REPOSITORY_URL.replace(/\/$/, '');
  if (process.env.GITHUB_REPOSITORY) return `https://github.com/${process.env.GITHUB_REPOSITORY}`;
  return API_INFO.contact.url;
}

/** The first day (AD, ISO) of each month with a page, for the scripts that find today's month in the browser. */
export function monthStarts(from: number, to: number): [string, string][] {
  const starts: [string, string][] = [];
  for (let year = from; year <= to; year++)
    for (let month = 1; month <= 12; month++) {
      starts.push([isoFromFixed(bsMonthStartFixed(year, month)), SITE_PAGES.month(year, month)]);
    }
  return starts;
}

/** The month holding a fixed day, within the years that have pages. */
export function monthOfDay(fixed: number): { year: number; month: number } {
  const { year, month } = fixedToBs(fixed);
  const range = calendarPageYears();
  if (year < range.from) return { year: range.from, month: 1 };
  if (year > range.to) return { year: range.to, month: 12 };
  return { year, month };
}
