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

/** Whether a text is laid out by jsonWithRows (any other JSON is parsed whole). */
export function hasRows(text: string): boolean {
  const end = text.indexOf('\n');
  return end > 0 && text[end - 1] === '[' && text.startsWith('\n]', text.lastIndexOf('\n'));
}

/** Row `index` of a text laid out by jsonWithRows, parsed; undefined past its end. The text is read up to it. */
export function rowOf(text: string, index: number): unknown {
  let start = text.indexOf('\n') + 1;
  for (let i = 0; i < index && start > 0; i++) start = text.indexOf('\n', start) + 1;
  const end = start > 0 ? text.indexOf('\n', start) : -1;
  if (end < 0 || text[start] === ']') return undefined;
  return JSON.parse(text.slice(start, text[end - 1] === ',' ? end - 1 : end));
}

/** Everything of a text laid out by jsonWithRows but its rows (the list left empty), parsed. */
export function restOf(text: string): unknown {
  return JSON.parse(text.slice(0, text.indexOf('\n')) + text.slice(text.lastIndexOf('\n') + 1));
}
