/**
 * Import normalization against the published almanac: a month of BS 2081 written as a text-recognition parser
 * would (Devanagari digits, tithi names with paksha, weekdays, festival text) becomes the curated month whose
 * tithis and dates are the almanac's; spelling variants and times normalize; every bad row is named.
 */
import { describe, expect, it } from 'vitest';
import { toDevanagariDigits } from '../calendar/digits.ts';
import { TITHI_NAMES, tithiOfPaksha } from '../calendar/names.ts';
import { parserRow, readSharedJsonl } from '../../test/support/shared-data.ts';
import { readFileSync } from 'node:fs';
import { importMonthSchema } from '../contract/admin.ts';
import { curatedMonthSchema } from '../contract/data-files.ts';
import example from './import-example.json' with { type: 'json' };
import { normalizeImport, parseTime } from './import.ts';

const SOURCE = { id: 'test', name: 'Test' };
const almanac = readSharedJsonl<{
  bsM: number;
  bsD: number;
  ad: string;
  tithi: number;
  events: string[];
  holiday: boolean;
}>('almanac/2081.jsonl');

describe('normalizeImport', () => {
  it('turns the documented example (BS 2083-01 as the parser reads it) into the almanac month', () => {
    const published = readSharedJsonl<{ bsM: number; ad: string; tithi: number; holiday: boolean }>(
      'almanac/2083.jsonl',
    ).filter((d) => d.bsM === 1);
    const result = normalizeImport(importMonthSchema().parse(example), SOURCE);
    if ('errors' in result) throw new Error(JSON.stringify(result.errors));
    expect(result.month.days.map((d) => [d.englishDate, d.tithi, d.holiday])).toEqual(
      published.map((d) => [d.ad, d.tithi, d.holiday]),
    );
  });

  it.each([1, 6, 12])('turns BS 2081 month %i as a parser prints it into the almanac month', (month) => {
    const days = almanac.filter((d) => d.bsM === month);
    const result = normalizeImport(
      {
        year: '२०८१',
        month: toDevanagariDigits(month),
        days: days.map((d) => ({
          ...parserRow(d),
          festivals: month === 1 ? d.events : d.events.join(', '),
          sunrise: toDevanagariDigits('5:45'),
        })),
      },
      SOURCE,
    );
    if ('errors' in result) throw new Error(JSON.stringify(result.errors));
    expect(result.month.days.map((d) => [d.englishDate, d.tithi, d.holiday])).toEqual(
      days.map((d) => [d.ad, d.tithi, d.holiday]),
    );
    expect(result.month.days.map((d) => d.events)).toEqual(
      days.map((d) => d.events.map((e) => e.trim().replace(/\s+/g, ' '))),
    );
    expect(result.month.days.every((d) => d.sunrise === '05:45' && d.confidence === 'admin')).toBe(true);
  });

  it('accepts tithi numbers 1–30, 1–15 with paksha, and name variants', () => {
    const month = almanac.filter((d) => d.bsM === 2);
    // Each day of BS 2081-02 written in one of the forms a parser gives; all must read as the almanac's tithi.
    const forms = [
      (t: number) => ({ tithi: t }),
      (t: number) => ({ tithi: toDevanagariDigits(tithiOfPaksha(t)), paksha: t > 15 ? 'कृष्ण' : 'शुक्ल' }),
      (t: number) =>
        t % 15 === 0
          ? { tithiName: t === 15 ? 'purnima' : 'औंसी' }
          : { tithiName: TITHI_NAMES[(t - 1) % 15]!.ne, paksha: t > 15 ? 'Krishna' : 'Shukla' },
      (t: number) => (t % 15 === 0 ? { tithi: t } : { tithiName: TITHI_NAMES[(t - 1) % 15]!.en, tithi: t }),
    ];
    const result = normalizeImport(
      {
        year: 2081,
        month: 2,
        days: month.map((d, i) => ({ gate: d.bsD, ...forms[i % forms.length]!(d.tithi) })),
      },
      SOURCE,
    );
    if ('errors' in result) throw new Error(JSON.stringify(result.errors));
    expect(result.month.days.map((d) => d.tithi)).toEqual(month.map((d) => d.tithi));
  });

  it('names every bad row and field, and gives no month', () => {
    const result = normalizeImport(
      {
        year: 2081,
        month: 1,
        days: [
          { gate: 1, tithi: 31 },
          { gate: 2, tithiName: 'नवमी' },
          { gate: 3, tithi: 3, englishDate: '2024-01-01' },
          { gate: 3, tithi: 3, holiday: 'perhaps' },
          { gate: '४x', tithi: 3 },
        ],
      },
      SOURCE,
    );
    expect('errors' in result && result.errors.map((e) => `${e.row}:${e.field}`)).toEqual([
      '1:tithi',
      '2:tithiName',
      '3:englishDate',
      '4:gate',
      '4:holiday',
      '5:gate',
    ]);
  });

  it('refuses a month with days missing, naming them', () => {
    const result = normalizeImport({ year: 2081, month: 1, days: [{ gate: 1, tithi: 9 }] }, SOURCE);
    expect('errors' in result && result.errors[0]!.message).toMatch(/has 31 days; missing 2, 3, .* 31$/);
  });

  it('says where a projected month length is corrected when a file disagrees with it', () => {
    // BS 2084 has no almanac in the table: its Baisakh has the projection's 31 days (data/calendar/projection.json).
    const days = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ gate: i + 1, tithi: ((i + 7) % 30) + 1 }));
    const short = normalizeImport({ year: 2084, month: 1, days: days(30) }, SOURCE);
    expect('errors' in short && short.errors[0]!.message).toMatch(
      /^BS 2084-1 has 31 days; missing 31 \(a projected length: .*CONTRIBUTING\.md/,
    );
    const long = normalizeImport({ year: 2084, month: 1, days: days(32) }, SOURCE);
    expect('errors' in long && long.errors.map((e) => e.message)).toEqual([
      expect.stringMatching(/^"32" is not a day of BS 2084-1 \(1–31\) \(a projected length/),
    ]);
    // A published year's table is the almanac's own: no such note.
    const published = normalizeImport({ year: 2081, month: 1, days: days(32) }, SOURCE);
    expect('errors' in published && published.errors[0]!.message).toBe(
      '"32" is not a day of BS 2081-1 (1–31)',
    );
  });
});

describe('parseTime', () => {
  it.each([
    ['६:१५', '06:15'],
    ['6.15', '06:15'],
    ['०६:१५ बजे', '06:15'],
    ['5:07 PM', '17:07'],
    ['25:30', '25:30'],
    ['6', null],
    ['48:00', null],
    ['6:75', null],
  ])('%s → %s', (text, time) => expect(parseTime(text)).toBe(time));
});

describe('imports checked against the sky', () => {
  // BS 2083-07 as curated from the almanac (the tithis its own printed end times imply): the reference that passes.
  const published = curatedMonthSchema().parse(
    JSON.parse(readFileSync(new URL('../../data/panchanga/2083/07.json', import.meta.url), 'utf8')),
  ).days;
  const rows = () =>
    published.map((d) => ({
      gate: d.gate,
      tithi: d.tithi,
      ...(d.tithiEnds ? { tithiEnds: d.tithiEnds } : {}),
    }));

  it('the published month passes', () => {
    const result = normalizeImport({ year: 2083, month: 7, days: rows() }, SOURCE);
    expect('errors' in result ? result.errors : []).toEqual([]);
  });

  it('an end time implying a tithi shorter than 19.5 h or longer than 27.5 h is refused on its row', () => {
    const days = rows();
    const i = days.findIndex(
      (d, k) => k > 2 && d.tithiEnds && days[k - 1]!.tithiEnds && days[k + 1]?.tithiEnds,
    );
    const [h, m] = days[i]!.tithiEnds!.split(':').map(Number) as [number, number];
    // Ten hours earlier: the tithi before it becomes ~10 h shorter (too short), the one after ~10 h longer.
    days[i]!.tithiEnds = `${String((h + 14) % 24).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
    const result = normalizeImport({ year: 2083, month: 7, days }, SOURCE);
    if (!('errors' in result)) throw new Error('expected errors');
    // The moved end is too close to one neighbour's or too far from the other's (an end before sunrise
    // belongs to the next night): the error names its row or the next, and the end time.
    expect(result.errors.length).toBeGreaterThan(0);
    for (const e of result.errors)
      expect([`${i + 1}:tithiEnds`, `${i + 2}:tithiEnds`]).toContain(`${e.row}:${e.field}`);
    expect(result.errors[0]!.message).toMatch(/19\.5–27\.5 h/);
  });

  it('labels out of sequence where no end time is printed are refused on their row', () => {
    const days = rows().map(({ gate, tithi }) => ({ gate, tithi }));
    days[9]!.tithi = ((days[9]!.tithi + 9) % 30) + 1;
    const result = normalizeImport({ year: 2083, month: 7, days }, SOURCE);
    if (!('errors' in result)) throw new Error('expected errors');
    expect(result.errors.map((e) => `${e.row}:${e.field}`)).toEqual(['10:tithi', '11:tithi']);
  });

  it('an import may set printedTithi, and it is kept', () => {
    const days = rows().map((d, i) => (i === 4 ? { ...d, printedTithi: (d.tithi % 30) + 1 } : d));
    const result = normalizeImport({ year: 2083, month: 7, days }, SOURCE);
    if ('errors' in result) throw new Error(JSON.stringify(result.errors));
    expect(result.month.days[4]!.printedTithi).toBe((published[4]!.tithi % 30) + 1);
  });
});
