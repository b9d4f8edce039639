/**
 * The layout of the static files a function reads one day of (a month's day records, its stored days): the
 * JSON of the file as `JSON.stringify` writes it, but with the elements of its one list of days each on a line of
 * their own. The text is the same JSON to every reader; a function that wants one day parses that line alone
 * instead of the month (a warm by-English-date request parsed about 40 KB for one day, a third of its CPU, and the
 * garbage of it set its p99). JSON.stringify never writes a line break inside a value, so the lines are the rows.
 */

/**
 * JSON of `value` with the list at `key` one element a line: the head up to `[`, the elements (a comma after each
 * but the last), then `]` and the rest. Example: `jsonWithRows({ a: 1, days: [1, 2] }, 'days')` →
 * `'{"a":1,"days":[\n1,\n2\n]}'`.
 */
export function jsonWithRows<T extends object>(value: T, key: keyof T & string): string {
  const rows = value[key];
  if (!Array.isArray(rows) || rows.length === 0) return JSON.stringify(value);
  // The list's place, marked by a string no value holds (JSON writes U+0000 escaped).
  const mark = JSON.stringify('\u0000rows\u0000');
  const text = JSON.stringify({ ...value, [key]: '\u0000rows\u0000' });
  const at = text.indexOf(mark);
  return `${text.slice(0, at)}[\n${rows.map((row) => JSON.stringify(row)).join(',\n')}\n]${text.slice(at + mark.length)}`;
}

/** A file in that layout: everything but the rows (the list left empty), and each row's text. */
export interface Rows {
  readonly rest: unknown;
  readonly rows: readonly string[];
}

/** The parts of a text laid out by jsonWithRows, or null when it is not (any other JSON: parse it whole). */
export function splitRows(text: string): Rows | null {
  const lines = text.split('\n');
  const head = lines[0]!;
  const tail = lines.at(-1)!;
  if (lines.length < 3 || !head.endsWith('[') || !tail.startsWith(']')) return null;
  return { rest: JSON.parse(head + tail), rows: lines.slice(1, -1) };
}

/** One row of a split file, parsed; undefined past its end. */
export function parseRow(rows: Rows, index: number): unknown {
  const line = rows.rows[index];
  if (line === undefined) return undefined;
  return JSON.parse(line.endsWith(',') ? line.slice(0, -1) : line);
}
