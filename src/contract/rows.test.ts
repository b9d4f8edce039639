import { describe, expect, it } from 'vitest';
import { hasRows, jsonWithRows, restOf, rowOf } from './rows.ts';

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
    const text = jsonWithRows(value, 'data');
    expect(hasRows(text)).toBe(true);
    expect(restOf(text)).toEqual({ ...value, data: [] });
    value.data.forEach((row, i) => expect(rowOf(text, i)).toEqual(row));
    expect(rowOf(text, value.data.length)).toBeUndefined();
    expect(rowOf(text, value.data.length + 5)).toBeUndefined();
  });

  it('is plain JSON for an empty list, and plain JSON is not taken for rows', () => {
    expect(jsonWithRows({ days: [], a: 1 }, 'days')).toBe('{"days":[],"a":1}');
    expect(hasRows(JSON.stringify(value))).toBe(false);
    expect(hasRows(JSON.stringify(value, null, 1))).toBe(false);
    expect(hasRows(JSON.stringify({ days: [[1, 2]] }, null, 1))).toBe(false);
  });
});
