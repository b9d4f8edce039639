/**
 * Imports the published BS month table (BS 1970–2083) from ../shared/data/calendar/month-lengths.json into
 * data/calendar/month-lengths.json, keeping the sources that support or dissent from each row.
 * Years marked "projection" in the source are left out: our projections come from the Surya Siddhanta model
 * (scripts/project-calendar.ts), not from tables that disagree with each other.
 *
 * Usage: npm run import:calendar [-- <path to shared data>]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { calendarTableSchema } from '../src/contract/calendar-table.ts';
import { dataFileText } from '../src/almanac/month-check.ts';

const sharedData = resolve(process.argv[2] ?? '../shared/data');
interface SourceTable {
  about: string;
  anchor: { bs: string; ad: string };
  years: Record<string, { status: string }>;
}
// The source's projection rows are not validated: they are dropped (one even has a 364-day year).
const source = JSON.parse(
  readFileSync(resolve(sharedData, 'calendar/month-lengths.json'), 'utf8'),
) as SourceTable;
const years = Object.fromEntries(Object.entries(source.years).filter(([, y]) => y.status === 'published'));
const out = {
  about: `Published BS month lengths (Baisakh..Chaitra) and the AD date of 1 Baisakh, ${Object.keys(years)[0]}–${Object.keys(years).at(-1)}. ${source.about}`,
  source:
    'shared/data/calendar/month-lengths.json: majority of 7 libraries/tables and 6 published calendars; rows name the sources that support and dissent.',
  anchor: source.anchor,
  years,
};
writeFileSync('data/calendar/month-lengths.json', dataFileText(calendarTableSchema.parse(out)));
console.log(`data/calendar/month-lengths.json: ${Object.keys(years).length} published years`);
