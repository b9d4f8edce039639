import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadAllCurated } from '../src/almanac/curated.ts';
import { DataFileError } from '../src/almanac/month-check.ts';

const REAL = 'data/panchanga/2083/01.json';

/** The data trees the tests made, removed after each test. */
const made: string[] = [];
afterEach(() => {
  for (const root of made.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** An empty data tree under the system's temporary directory, removed after the test. */
function tempRoot(prefix: string): string {
  const root = mkdtempSync(join(tmpdir(), prefix));
  made.push(root);
  return root;
}

/** A data tree holding one mutated copy of a real curated month file. */
function fixture(mutate: (month: { days: Record<string, unknown>[] }) => void): string {
  const root = tempRoot('bad-data-');
  const month = JSON.parse(readFileSync(REAL, 'utf8'));
  mutate(month);
  mkdirSync(join(root, 'data/panchanga/2083'), { recursive: true });
  writeFileSync(join(root, REAL), JSON.stringify(month));
  return root;
}

function validate(root: string): { status: number; output: string } {
  try {
    const out = execFileSync('npx', ['tsx', 'scripts/validate-data.ts', root], {
      encoding: 'utf8',
      stdio: 'pipe',
    });
    return { status: 0, output: out };
  } catch (error) {
    const e = error as { status: number; stdout: string; stderr: string };
    return { status: e.status, output: e.stdout + e.stderr };
  }
}

const CASES: [string, (m: { days: Record<string, unknown>[] }) => void, RegExp][] = [
  ['a tithi out of range', (m) => (m.days[2]!.tithi = 31), /data\/panchanga\/2083\/01\.json: day 3: tithi: /],
  [
    'a malformed time',
    (m) => (m.days[4]!.tithiEnds = '25:61'),
    /data\/panchanga\/2083\/01\.json: day 5: tithiEnds: /,
  ],
  ['an unknown field', (m) => (m.days[6]!.tithee = 3), /day 7: .*(additional|tithee)/],
  ['a missing field', (m) => delete m.days[7]!.englishDate, /day 8: englishDate: /],
  [
    'a missing day',
    (m) => m.days.pop(),
    /data\/panchanga\/2083\/01\.json: days: has 30 days but BS 2083-1 has 31/,
  ],
  [
    'a wrong AD date',
    (m) => (m.days[9]!.englishDate = '2026-04-25'),
    /day 10: englishDate: is 2026-04-25 but the BS table gives 2026-04-23/,
  ],
  [
    'a tithi label its own end times contradict',
    (m) => (m.days[11]!.tithi = ((m.days[11]!.tithi as number) % 30) + 1),
    /day 12: tithi: is \d+ but the month's own end times make it \d+/,
  ],
];

describe('data validation names the file, the day and the field', () => {
  it('passes on the repository data', () => {
    const result = validate('.');
    expect(result.output).toMatch(/0 problem\(s\)/);
    expect(result.status).toBe(0);
  });

  it.each(CASES)('fails on %s', (_name, mutate, expected) => {
    const root = fixture(mutate);
    const result = validate(root);
    expect(result.status).toBe(1);
    expect(result.output).toMatch(expected);
    // The build's loader fails on the same file too, naming it.
    expect(() => loadAllCurated(join(root, 'data/panchanga'))).toThrow(DataFileError);
  });

  it('fails on a festival rule whose Islamic month is out of range, naming the rule and the field', () => {
    const root = tempRoot('bad-rules-');
    const file = JSON.parse(readFileSync('data/festivals/rules.json', 'utf8')) as {
      rules: { id: string; date: { month?: number } }[];
    };
    const at = file.rules.findIndex((r) => r.id === 'EID_UL_FITR');
    file.rules[at]!.date.month = 13;
    mkdirSync(join(root, 'data/festivals'), { recursive: true });
    writeFileSync(join(root, 'data/festivals/rules.json'), JSON.stringify(file));
    const result = validate(root);
    expect(result.status).toBe(1);
    expect(result.output).toContain(`data/festivals/rules.json: rules.${at}.date.month: must be <= 12`);
  });

  it('fails on a festival rule whose holiday years give neither a first nor a last year, naming the rule and the field', () => {
    const root = tempRoot('bad-rules-');
    const file = JSON.parse(readFileSync('data/festivals/rules.json', 'utf8')) as {
      rules: { id: string; holidayYears?: object[] }[];
    };
    const at = file.rules.findIndex((r) => r.id === 'PRITHVI_JAYANTI');
    file.rules[at]!.holidayYears = [{ from: 2007, until: 2062 }, {}];
    mkdirSync(join(root, 'data/festivals'), { recursive: true });
    writeFileSync(join(root, 'data/festivals/rules.json'), JSON.stringify(file));
    const result = validate(root);
    expect(result.status).toBe(1);
    expect(result.output).toContain(`data/festivals/rules.json: rules.${at}.holidayYears.1`);
  });
});
