/**
 * The days of one festival or observance over a span of BS years (/api/festivals/{id}): "when is Dashain in each of
 * the next ten years". The build writes each year's listing (the file /api/festivals serves) one occurrence a line,
 * each line starting with its id, and then gathers every id's lines over all the built years into a file of its own
 * (festivalIdFiles), with the row where each year begins: the function reads that one file and takes the years' rows
 * as they are written, parsing none of them (a span of ten years read from the year listings carried 1.5 MB through
 * the function; an id's file is 85 KB for the median id).
 */
import { BS_MAX_YEAR, BS_MIN_YEAR } from '../calendar/bs.ts';
import { InvalidQueryError } from '../calendar/errors.ts';
import {
  DEFAULT_FESTIVAL_YEARS,
  MAX_FESTIVAL_YEARS,
  type FestivalId,
  type FestivalOccurrence,
} from '../contract/festival.ts';
import { jsonWithRows, restOf, rowsBytes } from '../contract/rows.ts';

/** The BS years of a span. */
export interface FestivalYears {
  readonly from: number;
  readonly to: number;
}

/**
 * The span the `from` and `to` queries ask for (BS years, checked by the route): `from` defaults to `current`, `to`
 * to DEFAULT_FESTIVAL_YEARS years from `from` (within the supported range). Throws InvalidQueryError naming `to`
 * when it comes before `from` or the span is longer than MAX_FESTIVAL_YEARS. Years outside the supported range are
 * the caller's to refuse (a 404 naming the field).
 */
export function festivalYears(
  from: number | undefined,
  to: number | undefined,
  current: number,
): FestivalYears {
  const first = from ?? current;
  const last = to ?? Math.min(BS_MAX_YEAR, Math.max(BS_MIN_YEAR, first) + DEFAULT_FESTIVAL_YEARS - 1);
  if (last < first)
    throw new InvalidQueryError(
      'to',
      `to (${last}) must not come before from (${first}${from === undefined ? ', the current BS year' : ''})`,
    );
  if (last - first + 1 > MAX_FESTIVAL_YEARS)
    throw new InvalidQueryError(
      'to',
      `at most ${MAX_FESTIVAL_YEARS} years at a time: from ${first} to ${last} is ${last - first + 1}`,
    );
  return { from: first, to: last };
}

/**
 * A BS year's listing as the build writes it (/api/festivals?year=): `{success, data: {year, festivals}}` with one
 * occurrence a line (src/contract/rows.ts), each line starting with its id (`{"id":"…",`), as
 * FestivalCalendar.occurrences writes them.
 */
export function festivalListingText(year: number, festivals: readonly FestivalOccurrence[]): string {
  return `{"success":true,"data":${jsonWithRows({ year, festivals }, 'festivals')}}`;
}

/** An id's file: its name, its occurrences over the built years, one a line, and the row each year begins at. */
interface FestivalIdHead extends FestivalId {
  /** The first built year. */
  readonly from: number;
  /** firstRow[y - from]: the row year y's occurrences begin at; one entry more than the years, the row count. */
  readonly firstRow: readonly number[];
}

const ID_AT = '{"id":"'.length;

/**
 * Every id's file (by id) from the listings of consecutive built years as festivalListingText writes them, in
 * year order: each id's lines as the listings have them, and the row each year begins at.
 */
export function festivalIdFiles(listings: readonly { year: number; text: string }[]): Map<string, string> {
  const from = listings[0]?.year ?? BS_MIN_YEAR;
  const byId = new Map<string, { rows: string[]; firstRow: number[] }>();
  listings.forEach(({ year, text }, i) => {
    if (year !== from + i)
      throw new Error(`the listings must be of consecutive years: ${year} after ${from + i - 1}`);
    const lines = text.includes('\n') ? text.split('\n').slice(1, -1) : [];
    for (const line of lines) {
      const row = line.endsWith(',') ? line.slice(0, -1) : line;
      const id = row.slice(ID_AT, row.indexOf('"', ID_AT));
      let file = byId.get(id);
      if (!file) byId.set(id, (file = { rows: [], firstRow: [] }));
      // Each year up to this one begins where the id's rows stand now.
      while (file.firstRow.length <= i) file.firstRow.push(file.rows.length);
      file.rows.push(row);
    }
  });
  const files = new Map<string, string>();
  for (const [id, { rows, firstRow }] of byId) {
    while (firstRow.length <= listings.length) firstRow.push(rows.length);
    // The name and category as the listings give them (the catalog's, in the listings' language).
    const { name, category } = JSON.parse(rows[0]!) as FestivalOccurrence;
    const head: FestivalIdHead = { id, name, category, from, firstRow };
    files.set(id, jsonWithRows({ ...head, festivals: rows }, 'festivals', rows));
  }
  return files;
}

/**
 * From an id's file as festivalIdFiles writes it: the festival (id, name, category) and its occurrences in `span`'s
 * years as the file's own UTF-8 JSON, one a line (src/contract/rows.ts rowsBytes: none for no occurrence); years
 * outside the file's add nothing. The function passes them on without decoding them.
 */
export function festivalDatesRows(
  bytes: Uint8Array,
  span: FestivalYears,
): { festival: FestivalId; rows: Uint8Array[] } {
  const { id, name, category, from, firstRow } = restOf(bytes) as FestivalIdHead;
  const festival = { id, name, category };
  const first = Math.max(0, span.from - from);
  const last = Math.min(firstRow.length - 2, span.to - from);
  const rows = last < first ? null : rowsBytes(bytes, 'festivals', firstRow[first]!, firstRow[last + 1]! - 1);
  return { festival, rows: rows ? [rows] : [] };
}
