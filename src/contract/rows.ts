/**
 * The layout of the static files a function reads one day of (a month's day records, its stored days): the
 * JSON of the file as `JSON.stringify` writes it, but with the elements of its one list of days each on a line of
 * their own. The text is the same JSON to every reader; a function that wants one day parses that line alone
 * instead of the month (a warm by-English-date request parsed about 40 KB for one day, a third of its CPU, and the
 * garbage of it set its p99). JSON.stringify never writes a line break inside a value, so the lines are the rows.
 */

/**
 * JSON of `value` with the list at `key` one element a line: the head up to `[`, the elements (a comma after each
 * but the last), then `]` and the rest. `texts`: the elements' JSON when the caller has it already (a day's record
 * is written in its month file and in its stored day), else written here. Example:
 * `jsonWithRows({ a: 1, days: [1, 2] }, 'days')` → `'{"a":1,"days":[\n1,\n2\n]}'`.
 */
export function jsonWithRows<T extends object>(
  value: T,
  key: keyof T & string,
  texts?: readonly string[],
): string {
  const rows = value[key];
  if (!Array.isArray(rows) || rows.length === 0) return JSON.stringify(value);
  // The list's place, marked by a string no value holds (JSON writes U+0000 escaped).
  const mark = JSON.stringify('\u0000rows\u0000');
  const text = JSON.stringify({ ...value, [key]: '\u0000rows\u0000' });
  const at = text.indexOf(mark);
  const lines = texts ?? rows.map((row) => JSON.stringify(row));
  return `${text.slice(0, at)}[\n${lines.join(',\n')}\n]${text.slice(at + mark.length)}`;
}

const NEWLINE = 0x0a;
const OPEN = 0x5b; // [
const CLOSE = 0x5d; // ]
const COMMA = 0x2c;
const utf8 = new TextDecoder();

/**
 * The readers take the file's bytes (UTF-8) and decode only what they parse: a month file in Nepali is about 28 KB of
 * Devanagari, and decoding it whole for one day's line was most of what a Nepali by-English-date request spent more
 * than an English one.
 */

/** Whether a file is laid out by jsonWithRows (any other JSON is parsed whole). */
export function hasRows(bytes: Uint8Array): boolean {
  const end = bytes.indexOf(NEWLINE);
  const last = bytes.lastIndexOf(NEWLINE);
  return end > 0 && bytes[end - 1] === OPEN && last > end && bytes[last + 1] === CLOSE;
}

/** Row `index` of a file laid out by jsonWithRows, parsed; undefined past its end. The file is read up to it. */
export function rowOf(bytes: Uint8Array, index: number): unknown {
  let start = bytes.indexOf(NEWLINE) + 1;
  for (let i = 0; i < index && start > 0; i++) start = bytes.indexOf(NEWLINE, start) + 1;
  const end = start > 0 ? bytes.indexOf(NEWLINE, start) : -1;
  if (end < 0 || bytes[start] === CLOSE) return undefined;
  return JSON.parse(utf8.decode(bytes.subarray(start, bytes[end - 1] === COMMA ? end - 1 : end)));
}

/**
 * Rows `first`–`last` (indices, both included) of the list at `key`, as the JSON text of those elements joined by
 * commas: the text JSON.stringify writes of them. From a file laid out by jsonWithRows they are neither parsed nor
 * written again (its line breaks are the layout's, never a value's); a file laid out otherwise is parsed whole. Null
 * when the list has no such rows. Example: rows 1–2 of `'{"d":[\n1,\n2,\n3\n]}'` are `'2,3'`.
 */
export function rowsText(bytes: Uint8Array, key: string, first: number, last: number): string | null {
  if (last < first || first < 0) return null;
  if (!hasRows(bytes)) {
    const rows = (JSON.parse(utf8.decode(bytes)) as Record<string, unknown>)[key];
    return Array.isArray(rows) && last < rows.length
      ? JSON.stringify(rows.slice(first, last + 1)).slice(1, -1)
      : null;
  }
  const rows = rowsSpan(bytes, first, last);
  return rows && utf8.decode(rows).replaceAll('\n', '');
}

/**
 * rowsText's rows as UTF-8, not decoded: from a file laid out by jsonWithRows, the bytes of the file itself, the
 * layout's line breaks left between the rows (whitespace to a JSON reader, so the text still parses to the same
 * values); from a file laid out otherwise, rowsText's encoded. A function that only passes the rows on neither
 * decodes nor encodes them again (a year's span at Kathmandu spent two fifths of its CPU doing so). Null when the
 * list has no such rows. Example: rows 1–2 of `'{"d":[\n1,\n2,\n3\n]}'` are the bytes of `'2,\n3'`.
 */
export function rowsBytes(bytes: Uint8Array, key: string, first: number, last: number): Uint8Array | null {
  if (last < first || first < 0) return null;
  if (!hasRows(bytes)) {
    const text = rowsText(bytes, key, first, last);
    return text === null ? null : new TextEncoder().encode(text);
  }
  return rowsSpan(bytes, first, last);
}

/** The bytes of rows `first`–`last` of a file laid out by jsonWithRows, the line breaks between them included. */
function rowsSpan(bytes: Uint8Array, first: number, last: number): Uint8Array | null {
  let start = bytes.indexOf(NEWLINE) + 1;
  for (let i = 0; i < first && start > 0; i++) start = bytes.indexOf(NEWLINE, start) + 1;
  let end = start;
  for (let i = first; i <= last; i++) {
    if (end <= 0 || bytes[end] === CLOSE) return null; // past the file's rows
    end = bytes.indexOf(NEWLINE, end) + 1;
  }
  if (end <= 0) return null;
  // The last row's line ends in a comma unless it is the file's last row.
  return bytes.subarray(start, bytes[end - 2] === COMMA ? end - 2 : end - 1);
}

/** Everything of a file laid out by jsonWithRows but its rows (the list left empty), parsed. */
export function restOf(bytes: Uint8Array): unknown {
  const head = utf8.decode(bytes.subarray(0, bytes.indexOf(NEWLINE)));
  return JSON.parse(head + utf8.decode(bytes.subarray(bytes.lastIndexOf(NEWLINE) + 1)));
}

/**
 * A file whose list at `key` a reader wants one row of: row `index` and the rest of the file, from the row's line
 * when it is laid out by jsonWithRows, else from the whole file parsed once (a file written before that layout).
 */
export function rowsFile(bytes: Uint8Array, key: string): { row(index: number): unknown; rest(): unknown } {
  if (hasRows(bytes)) return { row: (index) => rowOf(bytes, index), rest: () => restOf(bytes) };
  const whole = JSON.parse(utf8.decode(bytes)) as Record<string, unknown>;
  const rows = whole[key];
  return { row: (index) => (Array.isArray(rows) ? rows[index] : undefined), rest: () => whole };
}
