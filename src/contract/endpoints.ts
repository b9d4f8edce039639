/**
 * Every path of the API and every static file the build writes for it, named once. The router
 * (src/http/routes.ts) declares its routes with these, the build scripts write their files here, and the feed,
 * the docs page and the tests refer to them instead of spelling paths again. OpenAPI path templates use
 * `{name}`; the router turns them into its own `:name` patterns.
 */

/** Public paths of the API, as OpenAPI templates. */
export const API_PATHS = {
  today: '/api/panchanga',
  month: '/api/panchanga/{year}/{month}',
  byEnglishDate: '/api/panchanga/by-english-date/{date}',
  byBsDate: '/api/panchanga/{year}/{month}/{day}',
  availableMonths: '/api/panchanga/available-months',
  range: '/api/panchanga/range',
  convertDate: '/api/date-converter',
  festivals: '/api/festivals',
  upcomingFestivals: '/api/festivals/upcoming',
  festivalIds: '/api/festivals/ids',
  festivalDates: '/api/festivals/{id}',
  places: '/api/places',
  muhurats: '/api/muhurats',
  upcomingMuhurats: '/api/muhurats/upcoming',
  calendarFeed: '/api/v1/calendar.ics',
  feedFile: '/api/v1/feeds/{file}',
  openapi: '/api/openapi.json',
  login: '/api/admin/login',
  logout: '/api/admin/logout',
  session: '/api/admin/session',
  adminMonth: '/api/admin/month',
  adminHistory: '/api/admin/history',
  restoreMonth: '/api/admin/restore',
  setDay: '/api/panchanga',
  importMonth: '/api/panchanga/import',
  deleteMonth: '/api/panchanga/delete',
} as const;

/** Every API path starts here; anything under it that no route answers is a 404 problem. */
export const API_PREFIX = '/api/';
/** The webcal feed's public path. */
export const FEED_PATH = API_PATHS.calendarFeed;
/** Where the build writes the feed files (one a variant); also served at their own paths. */
export const FEED_ASSET_DIR = '/api/v1/feeds';
/** The OpenAPI document: public, like any documentation. */
export const OPENAPI_PATH = API_PATHS.openapi;
/** The explanation page of each problem type: `/problems/{kind}`. */
export const PROBLEM_PAGES_DIR = '/problems';

/** The site's pages that other code links or redirects to. */
export const SITE_PAGES = {
  /** The calendar's index: every year that has month pages. */
  calendar: '/calendar',
  /**
   * The BS years that get month pages (src/pages/calendar/_month.ts). The API covers BS 1900–2200 (about 8,000
   * files); one page a month for both languages keeps the pages at 12 a year: the published years and the next
   * generation's (1,212 pages). BS_BUILD_FROM/BS_BUILD_TO narrow them with the API.
   */
  monthYears: { from: 2000, to: 2100 },
  /** `/calendar/2083/01`: a BS month's page (two-digit month). */
  month: (year: number, month: number) => `/calendar/${year}/${String(month).padStart(2, '0')}`,
} as const;

/** Static files of the build, by what they hold (paths in dist/, served at the same clean URLs). */
export const STATIC_FILES = {
  /** One BS month's day records; `en`: the English file beside it. */
  month: (year: number, month: number, lang: 'ne' | 'en' = 'ne') =>
    `/api/panchanga/${year}/${String(month).padStart(2, '0')}${lang === 'en' ? '.en' : ''}`,
  availableMonths: (lang: 'ne' | 'en' = 'ne') =>
    `/api/panchanga/available-months${lang === 'en' ? '.en' : ''}`,
  /** A BS year's festivals and observances, one a line (src/contract/rows.ts), each line starting with its id. */
  festivals: (year: number, lang: 'ne' | 'en' = 'ne') =>
    `/api/festivals/${year}${lang === 'en' ? '.en' : ''}`,
  /**
   * One festival's or observance's occurrences over every built year, one a line, with the row each year begins at
   * (src/festivals/dates.ts festivalIdFiles), read by /api/festivals/{id}: under /api/, so no URL serves it.
   */
  festivalById: (id: string, lang: 'ne' | 'en' = 'ne') =>
    `/api/festivals/by-id/${id.toLowerCase()}${lang === 'en' ? '.en' : ''}`,
  /** Every festival and observance id with its name (src/festivals/festivals.ts festivalCatalog). */
  festivalIds: (lang: 'ne' | 'en' = 'ne') => `/api/festivals/ids${lang === 'en' ? '.en' : ''}`,
  /**
   * Every event name the glossary knows, as printed (data/festivals/glossary.json), a JSON list read by the admin's
   * changes through env.ASSETS to name those it does not know: under /api/, so no URL serves it.
   */
  printedNames: () => '/api/festivals/printed-names',
  /**
   * Every festival and observance id with its names in both languages and the words it is found by, from every name
   * it is known by (src/festivals/festivals.ts festivalSearchEntries), a JSON list read by /api/festivals/ids?q= and
   * an unknown id's answer: under /api/, so no URL serves it.
   */
  festivalSearch: () => '/api/festivals/search',
  /**
   * A year's muhurats as built (src/almanac/muhurat.ts muhuratFiles): the three main categories (MUHURAT_CATEGORIES)
   * in `/api/muhurats/{year}`, each other category in `/api/muhurats/{year}.{category}`, so that the default answer
   * reads none of the others (Rudri and homa are computed on some 150 days a year each, shop opening on some 50).
   */
  muhurats: (year: number, category?: string) => `/api/muhurats/${year}${category ? `.${category}` : ''}`,
  /**
   * A BS month's Kathmandu days as the build measured them (src/engine/packed-days.ts), each with its records in
   * both languages, and their muhurat categories (scripts/api-year.ts storedMonthText), read by the functions
   * through env.ASSETS (src/http/assets.ts readStoredDay): under /api/, so no URL serves it (the router answers every
   * /api/ path and declares none here).
   */
  storedDays: (year: number, month: number) => `/api/stored-days/${year}/${String(month).padStart(2, '0')}`,
  /**
   * The interpolation blocks of the Sun, the Moon, the sidereal time and the planets over a BS year (src/engine/sky.ts,
   * little-endian doubles), beside its stored days: a function seeds them before it computes a day at a place.
   */
  sky: (year: number) => `/api/stored-days/${year}/sky`,
  feed: (file: string) => `${FEED_ASSET_DIR}/${file}`,
  openapi: () => OPENAPI_PATH,
  schema: (name: string) => `/schemas/${name}.json`,
} as const;

/**
 * What a static file's JSON holds: the `data` of an answer (`{ success, data }`, as the functions send it), else
 * the file itself (a muhurat year's file). Example: `staticFileData<DayRecord[]>(JSON.parse(monthFileText))`.
 */
export function staticFileData<T>(body: unknown): T {
  return body && typeof body === 'object' && 'success' in body && 'data' in body
    ? (body.data as T)
    : (body as T);
}
