/**
 * The one gate in front of every API byte. Cloudflare Pages (and `wrangler pages dev`) find a static file by a
 * decoded, case- and dot-tolerant reading of the path, so `//api/…`, `/%61pi/…`, `/api%2F…`, `/API/…` and
 * `/api./…` all reached the files under dist/api/ while a check on the raw path saw no API request. The gate
 * decides from the path as the file layer would read it: percent-escapes decoded (repeatedly), `\` as `/`,
 * empty, `.` and `..` segments resolved, trailing dots and spaces of a segment dropped, letters lowered. Every
 * path whose reading lies under /api is an API path and needs a token (unless reads are public); the routing
 * file (scripts/build.ts, its routing step) sends every path through the middleware, so no file is served around it.
 *
 * Pure: no I/O, no configuration. Example: `apiPath('//%61PI/panchanga/./2083/01.')` → `'/api/panchanga/2083/01'`.
 */

import { API_PATHS, SITE_PAGES } from '../contract/endpoints.ts';

/** The prefix of every API path (files and functions). */
export const API_PREFIX = '/api';

/** How many rounds of percent-decoding the gate undoes: more than any file layer does. */
const DECODE_ROUNDS = 4;

/** Control characters (C0 and DEL) after decoding: no path has them, and file lookups choke on them. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

export type PathReading =
  /** The path read as the file layer would; `canonical` is the spelling the API answers at. */
  | { kind: 'read'; canonical: string }
  /** A path that cannot be read (malformed escape, control character). */
  | { kind: 'unreadable'; reason: string };

/** Read a URL path as the static file layer would (see the module comment). */
export function readPath(rawPath: string): PathReading {
  let path = rawPath;
  for (let round = 0; round < DECODE_ROUNDS && path.includes('%'); round++) {
    try {
      path = decodeURIComponent(path);
    } catch {
      return { kind: 'unreadable', reason: 'The path has a malformed percent-escape.' };
    }
  }
  if (path.includes('%') && /%[0-9a-f]{2}/i.test(path))
    return { kind: 'unreadable', reason: 'The path is percent-encoded too many times.' };
  if (CONTROL.test(path)) return { kind: 'unreadable', reason: 'The path contains control characters.' };
  // `;params` are ignored by some file layers, trailing dots and spaces of a segment by others.
  const resolved: string[] = [];
  for (const raw of path.replace(/\\/g, '/').split('/')) {
    const segment = raw.replace(/;.*$/, '').replace(/[. ]+$/, '');
    if (/^\.\.[. ]*$/.test(raw)) resolved.pop();
    else if (segment !== '') resolved.push(segment.toLowerCase());
  }
  return { kind: 'read', canonical: '/' + resolved.join('/') };
}

/** Whether a canonical path is an API path (`/api` or under it). */
export function isApiPath(canonical: string): boolean {
  return canonical === API_PREFIX || canonical.startsWith(`${API_PREFIX}/`);
}

/**
 * What the middleware does with a path:
 * - `site`: not an API path; served as the site (pages, schemas, assets).
 * - `page`: a month's page spelled short (`/calendar/2084/1`, or the year alone, `/calendar/2084`); `path` is the
 *   month's page (the year's Baisakh for a year), where a `status` redirect (301; 302 for a year) sends it.
 * - `api`: an API path, spelled as the API answers it (a trailing slash allowed); `path` is that spelling.
 * - `redirect`: an API path spelled another way; after the token check, a 308 to `path` (its canonical form).
 * - `refuse`: a path that cannot be read; a 400 problem with `reason`.
 */
export type GateDecision =
  | { kind: 'site' }
  | { kind: 'page'; path: string; status: 301 | 302 }
  | { kind: 'api'; path: string }
  | { kind: 'redirect'; path: string }
  | { kind: 'refuse'; reason: string };

/**
 * `/api/festivals/{id}` with the id in any case of ASCII letters (src/http/routes.ts festivalDates): the router
 * answers it as spelled, and the path is the router's, not a file's (a festival's file is under `by-id/`).
 */
const FESTIVAL_ID_PATH = new RegExp(`^${API_PATHS.festivalDates.replace('{id}', '[A-Za-z][A-Za-z0-9_]*')}$`);

/** Decide a request path. Example: `gatePath('/%61pi/x')` → `{ kind: 'redirect', path: '/api/x' }`. */
export function gatePath(rawPath: string): GateDecision {
  const reading = readPath(rawPath);
  // What cannot be read cannot be shown not to be an API path.
  if (reading.kind === 'unreadable') return { kind: 'refuse', reason: reading.reason };
  // The canonical path as a URL carries it: a redirect to it reads back as itself, so it cannot loop.
  const path = '/' + reading.canonical.split('/').filter(Boolean).map(encodeURIComponent).join('/');
  if (!isApiPath(reading.canonical)) return shortMonthPage(reading.canonical) ?? { kind: 'site' };
  const spelled = rawPath.length > 1 && rawPath.endsWith('/') ? rawPath.slice(0, -1) : rawPath;
  if (spelled === path) return { kind: 'api', path };
  // A festival id is answered in any case (its listings give it in capitals): no redirect for its letters alone.
  if (FESTIVAL_ID_PATH.test(spelled) && spelled.toLowerCase() === path) return { kind: 'api', path: spelled };
  return { kind: 'redirect', path };
}

/** `/calendar/{year}` or `/calendar/{year}/{m}` (a one-digit month) of a year that has month pages: the month page's
 * path, which the pages spell with two digits (the API takes both). Built from the numbers alone, so it cannot
 * point off the site; a year without pages is left to the 404 page, which names the years that have them. */
const SHORT_MONTH_PAGE = new RegExp(`^${SITE_PAGES.calendar}/(\\d{4})(?:/(\\d))?$`);

function shortMonthPage(canonical: string): GateDecision | null {
  const match = SHORT_MONTH_PAGE.exec(canonical);
  if (!match) return null;
  const year = Number(match[1]);
  const month = match[2] === undefined ? 1 : Number(match[2]);
  if (month < 1 || year < SITE_PAGES.monthYears.from || year > SITE_PAGES.monthYears.to) return null;
  return { kind: 'page', path: SITE_PAGES.month(year, month), status: match[2] ? 301 : 302 };
}
