/**
 * Imports the government's public holiday notices (Ministry of Home Affairs, BS 2078–2083, text-recognized)
 * from ../shared/data/holidays/moha-2078-2083.jsonl into data/holidays/moha-notices.json, keeping each
 * notice line as printed, so official dates can override festival rules and tests can check the rules.
 *
 * Usage: npm run import:holidays [-- <path to shared data>]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { daysInBsMonth } from '../src/calendar/bs.ts';
import { holidayNoticesSchema } from '../src/festivals/official.ts';
import { dataFileText } from '../src/almanac/month-check.ts';

const shared = resolve(process.argv[2] ?? '../shared/data');
interface Row {
  bsY: number;
  bsM: number;
  bsD: number;
  ad: string;
  name: string;
  weekdayMatches: boolean | null;
  parseConfidence: string;
  line: string;
  source: string;
}
const rows = readFileSync(resolve(shared, 'holidays/moha-2078-2083.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as Row);
// A notice whose recognized date does not exist (e.g. "भदौ १३८") is kept aside, not guessed at; so is a line with
// an ASCII digit ("असोज 2"): the notices print Devanagari digits only, so the recognizer misread it (Constitution
// Day 2080, Asoj 3 in every notice, read as Asoj 2).
const exists = (r: Row) =>
  r.bsM >= 1 && r.bsM <= 12 && r.bsD >= 1 && r.bsD <= daysInBsMonth(r.bsY, r.bsM) && !/[0-9]/.test(r.line);
const file = holidayNoticesSchema.parse({
  about:
    'Public holidays in the Ministry of Home Affairs annual notices, BS 2078–2083, as text-recognized (names keep their recognition errors; `line` is the notice line).',
  source: rows[0]?.source,
  unreadable: rows.filter((r) => !exists(r)).map((r) => ({ year: r.bsY, name: r.name, line: r.line })),
  notices: rows.filter(exists).map((r) => ({
    year: r.bsY,
    month: r.bsM,
    day: r.bsD,
    name: r.name,
    line: r.line,
    weekdayMatches: r.weekdayMatches,
    parseConfidence: r.parseConfidence,
  })),
});
writeFileSync('data/holidays/moha-notices.json', dataFileText(file));
console.log(`data/holidays/moha-notices.json: ${file.notices.length} notices`);
