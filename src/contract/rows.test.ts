import { describe, expect, it } from 'vitest';
import { hasRows, jsonWithRows, restOf, rowOf, rowsBytes, rowsText } from './rows.ts';

/** A file's bytes, as a function reads them. */
const bytes = (text: string) => new TextEncoder().encode(text);

describe('a file with a line a row', () => {
  const value = {
    success: true,
    data: [
      { name: 'a\nb', list: [1, [2]], text: '],[\n' },
      { name: 'Dwadashi', nested: { days: [3] } },
      null,
      'x',
    ],
    meta: { year: 2083, note: 'ends in [' },
  };

  it('is the same JSON as JSON.stringify writes, a row to each line between the head and the rest', () => {
    const text = jsonWithRows(value, 'data');
    expect(JSON.parse(text)).toEqual(value);
    expect(text.split('\n')).toHaveLength(value.data.length + 2);
    expect(text.replaceAll('\n', '')).toBe(JSON.stringify(value));
  });

  it('gives each row alone, and everything else with the list left empty', () => {
    const file = bytes(jsonWithRows(value, 'data'));
    expect(hasRows(file)).toBe(true);
    expect(restOf(file)).toEqual({ ...value, data: [] });
    value.data.forEach((row, i) => expect(rowOf(file, i)).toEqual(row));
    expect(rowOf(file, value.data.length)).toBeUndefined();
    expect(rowOf(file, value.data.length + 5)).toBeUndefined();
  });

  it('gives any run of rows as the text JSON.stringify writes of them, unparsed from rows; null past the rows', () => {
    const file = bytes(jsonWithRows(value, 'data'));
    const n = value.data.length;
    for (let first = 0; first < n; first++)
      for (let last = first; last < n; last++)
        for (const layout of [file, bytes(JSON.stringify(value))])
          expect(rowsText(layout, 'data', first, last), `${first}–${last}`).toBe(
            JSON.stringify(value.data.slice(first, last + 1)).slice(1, -1),
          );
    for (const layout of [file, bytes(JSON.stringify(value))]) {
      expect(rowsText(layout, 'data', 0, n)).toBeNull();
      expect(rowsText(layout, 'data', n, n)).toBeNull();
      expect(rowsText(layout, 'data', 2, 1)).toBeNull();
    }
  });

  it('gives any run of rows as the file’s own bytes: that text, a line break after each comma, or null', () => {
    const file = bytes(jsonWithRows(value, 'data'));
    const n = value.data.length;
    const decoded = (rows: Uint8Array | null) => rows && new TextDecoder().decode(rows);
    for (let first = 0; first < n; first++)
      for (let last = first; last < n; last++) {
        const rows = rowsBytes(file, 'data', first, last);
        expect(rows?.buffer, 'the file’s own buffer').toBe(file.buffer);
        expect(decoded(rows)).toBe(
          value.data
            .slice(first, last + 1)
            .map((r) => JSON.stringify(r))
            .join(',\n'),
        );
        // A file laid out otherwise: rowsText's text, encoded.
        expect(decoded(rowsBytes(bytes(JSON.stringify(value)), 'data', first, last))).toBe(
          rowsText(file, 'data', first, last),
        );
      }
    for (const layout of [file, bytes(JSON.stringify(value))]) {
      expect(rowsBytes(layout, 'data', 0, n)).toBeNull();
      expect(rowsBytes(layout, 'data', 2, 1)).toBeNull();
    }
  });

  it('decodes a row of Devanagari as written', () => {
    const days = {
      data: [{ tithi: 'द्वादशी', events: ['नववर्ष प्रारम्भ', 'मेष संक्रान्ति'] }, { tithi: 'त्रयोदशी' }],
    };
    const file = bytes(jsonWithRows(days, 'data'));
    expect(rowOf(file, 0)).toEqual(days.data[0]);
    expect(rowOf(file, 1)).toEqual(days.data[1]);
    expect(rowsText(file, 'data', 0, 1)).toBe(JSON.stringify(days.data).slice(1, -1));
  });

  it('is plain JSON for an empty list, and plain JSON is not taken for rows', () => {
    expect(jsonWithRows({ days: [], a: 1 }, 'days')).toBe('{"days":[],"a":1}');
    expect(hasRows(bytes(JSON.stringify(value)))).toBe(false);
    expect(hasRows(bytes(JSON.stringify(value, null, 1)))).toBe(false);
    expect(hasRows(bytes(JSON.stringify({ days: [[1, 2]] }, null, 1)))).toBe(false);
  });
});
