/**
 * Writes data/engine/eclipses.json: every eclipse seen from Kathmandu (umbral lunar eclipses with the Moon up, solar
 * eclipses with some phase seen) from a month before BS 1900 to a month after BS 2200, as src/almanac/eclipses.ts
 * searches them, so that the build and the muhurat engine read them instead of searching again. Deterministic:
 * src/almanac/muhurat-engine.test.ts searches again and fails if the file differs.
 *
 * Usage: npm run generate:eclipses
 */
import { writeFileSync } from 'node:fs';
import { BS_MAX_YEAR, BS_MIN_YEAR, bsToFixed, bsYearInfo } from '../src/calendar/bs.ts';
import { eclipsesFileSchema } from '../src/contract/eclipses.ts';
import { dataFileText } from '../src/almanac/month-check.ts';
import { ECLIPSE_TABLE_MARGIN_DAYS, searchEclipses } from '../src/almanac/eclipses.ts';

const OUT = 'data/engine/eclipses.json';
const last = bsYearInfo(BS_MAX_YEAR);
const from = bsToFixed({ year: BS_MIN_YEAR, month: 1, day: 1 }) - ECLIPSE_TABLE_MARGIN_DAYS;
const to = last.firstFixed + last.days - 1 + ECLIPSE_TABLE_MARGIN_DAYS;
const table = {
  about: `Eclipses seen from Kathmandu with their peak from ${from} to ${to} (fixed days: BS ${BS_MIN_YEAR}–${BS_MAX_YEAR} and ${ECLIPSE_TABLE_MARGIN_DAYS} days either side), in order: umbral lunar eclipses with the Moon above the horizon, solar eclipses with some phase seen; searched with astronomy-engine by src/almanac/eclipses.ts.`,
  generatedBy: 'scripts/generate-eclipses.ts',
  from,
  to,
  eclipses: searchEclipses(from, to + 1).filter((e) => e.peak <= to + 1),
};
writeFileSync(OUT, dataFileText(eclipsesFileSchema.parse(table)));
console.log(`${OUT}: ${table.eclipses.length} eclipses`);
