/**
 * Imports the published almanac days of BS 2075–2083 from ../shared/data/almanac/ into
 * data/panchanga/{YYYY}/{MM}.json, one file a month, each naming its sources. 2083 adds the details of its
 * single source (nakshatra, yoga, karana, sunrise and sunset where printed). A printed tithi label that
 * contradicts the source's own end times is replaced by the tithi they imply (src/almanac/printed-tithis.ts),
 * and the printed label kept beside it as `printedTithi`.
 *
 * Usage: npm run import:almanac [-- <path to shared data>]
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { bsToFixed } from '../src/calendar/bs.ts';
import { fromDevanagariDigits } from '../src/calendar/digits.ts';
import { curatedMonthSchema, type CuratedDay } from '../src/contract/data-files.ts';
import { SOURCES } from '../src/contract/sources.ts';
import { dataFileText } from '../src/almanac/month-check.ts';
import { tithisImpliedByEnds } from '../src/almanac/printed-tithis.ts';

const shared = resolve(process.argv[2] ?? '../shared/data');

interface AlmanacRow {
  bsY: number;
  bsM: number;
  bsD: number;
  ad: string;
  tithi: number;
  tithiSource: string;
  tithiVotes: Record<string, number>;
  events: string[];
  eventsSource?: string | null;
  holiday: boolean;
  confidence: CuratedDay['confidence'];
  tithiEnds?: string;
  nakshatra?: string;
  nakshatraEnds?: string;
  yoga?: string;
  karana?: string;
}
interface DetailRow {
  ad: string;
  sunrise: string | null;
  sunset: string | null;
}

const readJsonl = <T>(path: string): T[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);
const clock = (text: string | null | undefined) => {
  const ascii = text ? fromDevanagariDigits(text).replace('ः', ':') : '';
  return /^\d{2}:\d{2}$/.test(ascii) ? ascii : undefined;
};

let files = 0;
for (let year = 2075; year <= 2083; year++) {
  const rows = readJsonl<AlmanacRow>(resolve(shared, `almanac/${year}.jsonl`)).sort(
    (a, b) => a.bsM - b.bsM || a.bsD - b.bsD,
  );
  const implied = new Map(
    tithisImpliedByEnds(
      rows.map((r) => {
        const fixed = bsToFixed({ year: r.bsY, month: r.bsM, day: r.bsD });
        return { fixed, tithi: r.tithi, ends: r.tithiEnds };
      }),
    ).map((tithi, i) => [rows[i]!, tithi]),
  );
  const details =
    year === 2083
      ? new Map(readJsonl<DetailRow>(resolve(shared, 'almanac/2083-details.jsonl')).map((d) => [d.ad, d]))
      : undefined;
  for (let month = 1; month <= 12; month++) {
    const monthRows = rows.filter((r) => r.bsM === month);
    const sourceIds = new Set<string>();
    const days: CuratedDay[] = monthRows.map((r) => {
      Object.keys(r.tithiVotes).forEach((id) => sourceIds.add(id));
      if (r.eventsSource) sourceIds.add(r.eventsSource);
      const detail = details?.get(r.ad);
      const tithi = implied.get(r) ?? r.tithi;
      const day: CuratedDay = {
        gate: r.bsD,
        englishDate: r.ad,
        tithi,
        tithiEnds: clock(r.tithiEnds),
        printedTithi: tithi === r.tithi ? undefined : r.tithi,
        nakshatra: r.nakshatra,
        nakshatraEnds: clock(r.nakshatraEnds),
        yoga: r.yoga,
        karana: r.karana,
        sunrise: clock(detail?.sunrise),
        sunset: clock(detail?.sunset),
        events: r.events,
        holiday: r.holiday,
        confidence: r.confidence,
        tithiSource: r.tithiSource,
        eventsSource: r.eventsSource ?? undefined,
        note:
          tithi === r.tithi
            ? undefined
            : `printed tithi ${r.tithi} contradicts the source's own end times, which make this day ${tithi}`,
      };
      return Object.fromEntries(
        Object.entries(day).filter(([, v]) => v !== undefined && v !== null),
      ) as CuratedDay;
    });
    const file = curatedMonthSchema().parse({
      schemaVersion: 1,
      year,
      month,
      sources: [...sourceIds].sort().map((id) => ({ id, ...(SOURCES[id] ?? { name: id }) })),
      days,
    });
    const dir = `data/panchanga/${year}`;
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${dir}/${String(month).padStart(2, '0')}.json`, dataFileText(file));
    files++;
  }
}
console.log(`data/panchanga: ${files} month files of BS 2075–2083`);
