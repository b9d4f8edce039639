import { describe, expect, it } from 'vitest';
import tithiMismatches from '../../data/engine/tithi-mismatches.json' with { type: 'json' };
import {
  almanacYear,
  ALMANAC_YEARS,
  readSharedJsonl,
  type AlmanacDay,
} from '../../test/support/shared-data.ts';
import { bsToFixed } from '../calendar/bs.ts';
import {
  AYANAS,
  indexOfName,
  karanaName,
  KARANAS,
  NAKSHATRAS,
  RASHIS,
  TIME_WINDOWS,
  YOGAS,
} from '../calendar/names.ts';
import { fixedFromGregorian, MINUTES_PER_DAY, nepalClock, nepalClockMoment } from '../calendar/time.ts';
import { tithisImpliedByEnds } from '../almanac/printed-tithis.ts';
import { tithiModelForYear } from './almanac-model.ts';
import { lahiriAyanamsa, modern } from './modern.ts';
import { panchangaOfDay, tithiAtSunrise } from './panchanga.ts';
import { sunrise, sunset } from './sun.ts';
import { suryaSiddhanta } from './surya-siddhanta.ts';

/** Difference in minutes between our moment and a printed clock time of the same day, folded into ±12 h
 * (sources print times after midnight either as 25:10 or as 01:10). */
const minutesOff = (moment: number, fixed: number, printed: string) => {
  const d = ((moment - nepalClockMoment(printed, fixed)!) * MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return d > 720 ? d - MINUTES_PER_DAY : d < -720 ? d + MINUTES_PER_DAY : d;
};
/** The tithi most of a day's sources print (tithiVotes by source). */
const majorityTithi = (day: AlmanacDay) => {
  const votes = Object.values(day.tithiVotes);
  return votes.sort((a, b) => votes.filter((v) => v === b).length - votes.filter((v) => v === a).length)[0]!;
};
/** The published tithi of a day: as printed, or on a disputed day the majority of its sources. */
const publishedTithi = (day: AlmanacDay) => (day.confidence === 'disputed' ? majorityTithi(day) : day.tithi);
/** Both models, each measured against every year. */
const MODELS = [suryaSiddhanta, modern];
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

describe('tithi at sunrise against the published almanacs 2075–2083, each year with its model', () => {
  const listed = new Map(tithiMismatches.mismatches.map((m) => [`${m.year}-${m.month}-${m.day}`, m]));
  const rows: string[] = [];
  for (const year of ALMANAC_YEARS) {
    it(`matches BS ${year}`, () => {
      const model = tithiModelForYear(year);
      const days = almanacYear(year).map((d) => ({
        ...d,
        key: `${d.bsY}-${d.bsM}-${d.bsD}`,
        fixed: bsToFixed({ year: d.bsY, month: d.bsM, day: d.bsD }),
      }));
      // What the source's own end times say of its labels, with no tithi model (years that print end times).
      const implied = tithisImpliedByEnds(
        days.map((d) => ({ fixed: d.fixed, tithi: d.tithi, ends: d.tithiEnds })),
      );
      const contradicted = new Set(
        days.filter((d, i) => implied[i] !== null && implied[i] !== d.tithi).map((d) => d.key),
      );
      let asPrinted = 0;
      let agree = 0;
      let agreeOwnEnds = 0;
      // Per model: days as printed, days with the majority on disputed days.
      const byModel = new Map(MODELS.map((m) => [m.id, [0, 0]]));
      const misses: string[] = [];
      for (const [i, d] of days.entries()) {
        const majority = majorityTithi(d);
        // Agreement: the tithi the file prints, or on a disputed day the majority of its sources.
        const agrees = (t: number) => t === d.tithi || (d.confidence === 'disputed' && t === majority);
        const tithis = new Map(MODELS.map((m) => [m.id, tithiAtSunrise(d.fixed, m).index]));
        for (const [id, t] of tithis) {
          const counts = byModel.get(id)!;
          counts[0]! += Number(t === d.tithi);
          counts[1]! += Number(agrees(t));
        }
        const ours = tithis.get(model.id)!;
        if (ours === d.tithi) asPrinted++;
        if (agrees(ours)) agree++;
        else misses.push(d.key);
        if (contradicted.has(d.key) ? ours === implied[i] : agrees(ours)) agreeOwnEnds++;
      }
      const pct = (n: number, of = days.length) => `${((100 * n) / of).toFixed(1)} %`;
      const disputed = days.filter((d) => d.confidence === 'disputed').length;
      const runs = misses.filter((m) => listed.get(m)?.kind === 'single-source-run').length;
      rows.push(
        [
          `${year} (${model.id}): as printed ${asPrinted}/${days.length} = ${pct(asPrinted)}`,
          disputed &&
            `with the majority of the sources on ${disputed} disputed day(s) ${agree}/${days.length} = ${pct(agree)}`,
          implied.some((t) => t !== null) &&
            `labels read as the source's own end times imply them (${contradicted.size} contradict them) ${agreeOwnEnds}/${days.length} = ${pct(agreeOwnEnds)}`,
          runs && `without the ${runs}-day single-source run ${pct(agreeOwnEnds, days.length - runs)}`,
          `[as printed / with majorities: ${MODELS.map(
            (m) =>
              `${m.id} ${byModel
                .get(m.id)!
                .map((n) => pct(n))
                .join(' / ')}`,
          ).join(', ')}]`,
        ]
          .filter(Boolean)
          .join('; '),
      );
      console.log(rows.at(-1));
      // Every miss is a listed one and every listed one still a miss, so the list shrinks as the engine improves …
      for (const miss of misses) expect(listed.has(miss), `unlisted tithi miss ${miss}`).toBe(true);
      for (const [key, m] of listed)
        if (m.year === year) expect(misses, `${key} is listed but matches`).toContain(key);
      // … a listed contradiction is one the source's end times prove, and every one they prove is listed …
      for (const [key, m] of listed)
        if (m.year === year && m.kind === 'contradicts-own-end-times')
          expect(contradicted, key).toContain(key);
      for (const key of contradicted) expect(listed.get(key)?.kind, key).toBe('contradicts-own-end-times');
      // … and the engine reaches 99 % of the year's days, labels read as the source's own end times imply them;
      // a single-source run that no model reproduces (listed with its evidence) is left out of the count.
      expect(agreeOwnEnds / (days.length - runs)).toBeGreaterThanOrEqual(0.99);
      expect(agree / days.length).toBeGreaterThanOrEqual(0.98);
    });
  }
});

describe('the list of tithi misses', () => {
  it('only shrinks: at most 16 days, at most 7 of them a single-source run', () => {
    const kinds = tithiMismatches.mismatches.map((m) => m.kind);
    expect(kinds.length).toBeLessThanOrEqual(16);
    expect(kinds.filter((k) => k === 'single-source-run').length).toBeLessThanOrEqual(7);
    for (const kind of kinds)
      expect(['near-sunrise', 'single-source-run', 'contradicts-own-end-times']).toContain(kind);
  });
});

describe('2083 limbs and end times against the published almanac', () => {
  const days = almanacYear(2083) as unknown as {
    bsY: number;
    bsM: number;
    bsD: number;
    tithi: number;
    tithiEnds?: string;
    nakshatra: string;
    nakshatraEnds?: string;
    yoga: string;
    karana: string;
  }[];
  const records = days.map((d) => ({
    d,
    p: panchangaOfDay(bsToFixed({ year: d.bsY, month: d.bsM, day: d.bsD })),
  }));

  it('tithi end times: within ±2 min on at least 95 % of days (the source prints whole minutes)', () => {
    const diffs = records
      .filter(({ d, p }) => d.tithiEnds && p.tithis[0]!.index === d.tithi)
      .map(({ d, p }) => minutesOff(p.tithis[0]!.endsAt, p.fixed, d.tithiEnds!))
      .sort((a, b) => a - b);
    const within = diffs.filter((x) => Math.abs(x) <= 2).length;
    console.log(
      `2083 tithi end − published (min): n=${diffs.length} p5=${quantile(diffs, 0.05).toFixed(1)} median=${quantile(diffs, 0.5).toFixed(1)} p95=${quantile(diffs, 0.95).toFixed(1)}; within ±2 min: ${within}`,
    );
    expect(diffs.length).toBeGreaterThan(340);
    expect(within / diffs.length).toBeGreaterThanOrEqual(0.95);
  });

  it('nakshatra at sunrise (the year’s limb model) on at least 97 % of days, its end within ±2 min on at least 95 %', () => {
    let same = 0;
    const diffs: number[] = [];
    for (const { d, p } of records) {
      const published = indexOfName(NAKSHATRAS, d.nakshatra) + 1;
      expect(published, d.nakshatra).toBeGreaterThan(0);
      if (p.nakshatras[0]!.index !== published) continue;
      same++;
      if (d.nakshatraEnds) diffs.push(minutesOff(p.nakshatras[0]!.endsAt, p.fixed, d.nakshatraEnds));
    }
    diffs.sort((a, b) => a - b);
    const within = diffs.filter((x) => Math.abs(x) <= 2).length;
    console.log(
      `2083 nakshatra (${records[0]!.p.limbModel}): ${same}/${records.length} at sunrise; end − published (min): p5=${quantile(diffs, 0.05).toFixed(1)} median=${quantile(diffs, 0.5).toFixed(1)} p95=${quantile(diffs, 0.95).toFixed(1)}; within ±2 min: ${within}/${diffs.length}`,
    );
    expect(same / records.length).toBeGreaterThanOrEqual(0.97);
    expect(within / diffs.length).toBeGreaterThanOrEqual(0.95);
  });

  it('yoga and karana at sunrise (the year’s limb model) on at least 97 % of days', () => {
    let yoga = 0;
    let karana = 0;
    for (const { d, p } of records) {
      if (p.yogas[0]!.index === indexOfName(YOGAS, d.yoga) + 1) yoga++;
      // The sources print a karana current during the day; accept any karana of the day (a day holds 2–3).
      const printed = indexOfName(KARANAS, d.karana);
      if (p.karanas.some((k) => KARANAS.indexOf(karanaName(k.index)) === printed)) karana++;
    }
    console.log(`2083 yoga ${yoga}/${records.length}, karana ${karana}/${records.length}`);
    expect(yoga / records.length).toBeGreaterThanOrEqual(0.97);
    expect(karana / records.length).toBeGreaterThanOrEqual(0.97);
  });

  it('Sun sign, Moon sign at sunrise and ayana as printed on at least 97 % of days', () => {
    const details = readSharedJsonl<{ ad: string; moonSign: string; sunSign: string; ayana: string }>(
      'almanac/2083-details.jsonl',
    );
    let sun = 0;
    let moon = 0;
    let moonPrinted = 0;
    let ayana = 0;
    for (const [i, { p }] of records.entries()) {
      const d = details[i]!;
      if (RASHIS[p.sunSign - 1]!.ne === d.sunSign) sun++;
      if (AYANAS[p.ayana === 'uttarayana' ? 0 : 1]!.ne === d.ayana) ayana++;
      // The text recognition sometimes put the sign-change time in the sign's place: compare printed signs only,
      // with any sign the Moon holds during the day (the almanac prints the one it enters on change days).
      const printed = indexOfName(RASHIS, d.moonSign) + 1;
      if (printed === 0) continue;
      moonPrinted++;
      if (p.moonSigns.some((m) => m.index === printed)) moon++;
    }
    console.log(
      `2083 sun sign ${sun}, ayana ${ayana} of ${records.length}; moon sign ${moon}/${moonPrinted} printed`,
    );
    for (const n of [sun, ayana]) expect(n / records.length).toBeGreaterThanOrEqual(0.97);
    expect(moonPrinted).toBeGreaterThan(150);
    expect(moon / moonPrinted).toBeGreaterThanOrEqual(0.97);
  });

  it('every time window within ±5 min of the printed one on 95 % of days (varjyam ±10), the four of the day division within ±3 min', () => {
    const details = readSharedJsonl<{ ad: string; muhurtas: { label: string; time: string }[] }>(
      'almanac/2083-details.jsonl',
    );
    // A printed label is a window's Nepali name or alias; a second window of a day is printed with " 2".
    const idOf = (label: string) =>
      TIME_WINDOWS.find((t) =>
        ([t.ne, ...('aliases' in t ? t.aliases : [])] as readonly string[]).includes(
          label.replace(/ 2$/, ''),
        ),
      )?.id;
    const checked = new Map<string, number>();
    let malformed = 0;
    const within = {
      3: new Map<string, number>(),
      5: new Map<string, number>(),
      10: new Map<string, number>(),
    };
    for (const day of details) {
      const [y, m, dd] = day.ad.split('-').map(Number) as [number, number, number];
      const fixed = fixedFromGregorian(y, m, dd);
      const p = panchangaOfDay(fixed);
      for (const printed of day.muhurtas) {
        const id = idOf(printed.label);
        if (!id) continue;
        const [start, end] = printed.time.split('-') as [string, string];
        // A varjyam lasts four ghatis of a nakshatra, 86–107 minutes: the text recognition left some without a
        // start or an end, or with another time's digits (18 of 329), and those are not compared.
        const printedLength =
          start && end
            ? (minutesOff(nepalClockMoment(end, fixed)!, fixed, start) + MINUTES_PER_DAY) % MINUTES_PER_DAY
            : NaN;
        if (id === 'varjyam' && !(printedLength >= 80 && printedLength <= 115)) {
          malformed++;
          continue;
        }
        checked.set(id, (checked.get(id) ?? 0) + 1);
        for (const minutes of [3, 5, 10] as const) {
          // Tuesday's dur muhurta of the night: the almanac ends it a daytime muhurta after its start (an hour
          // in June, 40 minutes in December) where a muhurta of the night is a fifteenth of it: its start is compared.
          const near = p.timeWindows.some(
            (w) =>
              w.id === id &&
              Math.abs(minutesOff(w.start, fixed, start)) <= minutes &&
              ((w.id === 'durMuhurta' && w.start >= p.sunset) ||
                Math.abs(minutesOff(w.end, fixed, end)) <= minutes),
          );
          if (near) within[minutes].set(id, (within[minutes].get(id) ?? 0) + 1);
        }
      }
    }
    const share = (minutes: 3 | 5 | 10, ids: readonly string[]) =>
      ids.reduce((n, id) => n + (within[minutes].get(id) ?? 0), 0) /
      ids.reduce((n, id) => n + checked.get(id)!, 0);
    console.log(
      '2083 time windows within ±3, ±5 and ±10 min:',
      [...checked]
        .map(
          ([id, n]) => `${id} ${([3, 5, 10] as const).map((k) => within[k].get(id) ?? 0).join(', ')} of ${n}`,
        )
        .join(', '),
      `(${malformed} malformed printed varjyams left out)`,
    );
    // Every window the engine gives is printed. The almanac's varjyams follow a Moon a few arcminutes off the true
    // one, so they begin up to about 7 minutes from the true Moon's (data/README.md).
    expect([...checked.keys()].sort()).toEqual(TIME_WINDOWS.map((t) => t.id).sort());
    for (const [id, n] of checked) {
      expect(n, id).toBeGreaterThan(300);
      expect(share(id === 'varjyam' ? 10 : 5, [id]), id).toBeGreaterThanOrEqual(0.95);
    }
    expect(share(5, ['varjyam'])).toBeGreaterThanOrEqual(0.8);
    expect(share(3, ['rahuKaal', 'yamaganda', 'gulikaKaal', 'abhijitMuhurta'])).toBeGreaterThanOrEqual(0.95);
  });

  it('gives each weekday its dur muhurtas and amrit belas, and every window begins inside the day', () => {
    for (
      let fixed = bsToFixed({ year: 2083, month: 1, day: 1 });
      fixed < bsToFixed({ year: 2083, month: 1, day: 8 });
      fixed++
    ) {
      const p = panchangaOfDay(fixed);
      const count = (id: string) => p.timeWindows.filter((w) => w.id === id).length;
      expect(count('durMuhurta')).toBe([1, 2, 2, 1, 2, 2, 1][p.weekday]);
      expect(count('amritBela')).toBe(p.weekday === 1 ? 2 : 1);
      for (const w of p.timeWindows) {
        expect(w.start).toBeGreaterThanOrEqual(p.sunrise);
        // A varjyam is the day's when it begins in it, and may run past the next sunrise.
        if (w.id === 'varjyam') expect(w.start).toBeLessThan(p.nextSunrise);
        else expect(w.end).toBeLessThanOrEqual(p.nextSunrise);
        expect(w.end).toBeGreaterThan(w.start);
      }
    }
  });
});

describe('sunrise and sunset against the published Kathmandu table 2019–2025', () => {
  it('within ±1 min on at least 99 % of days (the table prints whole minutes)', () => {
    const rows = readSharedJsonl<{ ad: string; sunrise: string; sunset: string }>(
      'sun/kathmandu-2019-2025.jsonl',
    );
    let rise = 0;
    let set = 0;
    for (const r of rows) {
      const [y, m, d] = r.ad.split('-').map(Number) as [number, number, number];
      const fixed = fixedFromGregorian(y, m, d);
      if (Math.abs(minutesOff(sunrise(fixed), fixed, r.sunrise)) <= 1) rise++;
      if (Math.abs(minutesOff(sunset(fixed), fixed, r.sunset)) <= 1) set++;
    }
    console.log(`sunrise within ±1 min: ${rise}/${rows.length}; sunset: ${set}/${rows.length}`);
    expect(rows.length).toBeGreaterThan(2500);
    expect(rise / rows.length).toBeGreaterThanOrEqual(0.99);
    expect(set / rows.length).toBeGreaterThanOrEqual(0.99);
  });
});

describe('the Lahiri ayanamsa', () => {
  it('is 23°51′25.5″ at J2000.0 (Swiss Ephemeris Lahiri), within 1″', () => {
    expect(Math.abs(lahiriAyanamsa(730120.5) - (23 + 51 / 60 + 25.5 / 3600)) * 3600).toBeLessThan(1);
  });
});

describe('properties of the day', () => {
  it('kshaya and vriddhi: consecutive sunrise tithis step by 0, 1 or 2, and the record says which', () => {
    const start = bsToFixed({ year: 2083, month: 1, day: 1 });
    let kshaya = 0;
    let vriddhi = 0;
    for (let fixed = start; fixed < start + 365; fixed++) {
      const today = panchangaOfDay(fixed, { lean: true });
      const tomorrow = tithiAtSunrise(fixed + 1, tithiModelForYear(2083));
      const step = (tomorrow.index - today.tithis[0]!.index + 30) % 30;
      expect([0, 1, 2]).toContain(step);
      expect(today.tithiVriddhi).toBe(step === 0);
      expect(today.kshayaTithis.length).toBe(step === 2 ? 1 : 0);
      if (step === 2) kshaya++;
      if (step === 0) vriddhi++;
    }
    console.log(`2083: ${kshaya} kshaya and ${vriddhi} vriddhi tithis`);
    expect(kshaya).toBeGreaterThan(0);
    expect(vriddhi).toBeGreaterThan(0);
  });

  it('kshaya and vriddhi fall where the published almanacs 2078–2081 skip or repeat a tithi (disputed days: the majority)', () => {
    let days = 0;
    let [kshaya, vriddhi] = [0, 0];
    for (const year of [2078, 2079, 2080, 2081]) {
      const rows = almanacYear(year);
      for (let i = 0; i + 1 < rows.length; i++) {
        const [today, tomorrow] = [rows[i]!, rows[i + 1]!];
        const step = (publishedTithi(tomorrow) - publishedTithi(today) + 30) % 30;
        const p = panchangaOfDay(bsToFixed({ year, month: today.bsM, day: today.bsD }), { lean: true });
        expect(p.tithiVriddhi, `${year}-${today.bsM}-${today.bsD}`).toBe(step === 0);
        expect(
          p.kshayaTithis.map((t) => t.index),
          `${year}-${today.bsM}-${today.bsD}`,
        ).toEqual(step === 2 ? [(today.tithi % 30) + 1] : []);
        [kshaya, vriddhi, days] = [kshaya + Number(step === 2), vriddhi + Number(step === 0), days + 1];
      }
    }
    console.log(
      `2078–2081: ${kshaya} skipped and ${vriddhi} repeated tithis in ${days} published days, all as computed`,
    );
    expect(kshaya).toBeGreaterThan(10);
    expect(vriddhi).toBeGreaterThan(10);
  });

  it('end times are increasing and the clock strings read like the almanac', () => {
    const fixed = bsToFixed({ year: 2083, month: 1, day: 1 });
    const p = panchangaOfDay(fixed);
    expect(nepalClock(p.tithis[0]!.endsAt, fixed)).toBe('21:32'); // printed in the 2083 almanac
    for (const parts of [p.tithis, p.nakshatras, p.yogas, p.karanas])
      for (let i = 1; i < parts.length; i++) expect(parts[i]!.endsAt).toBeGreaterThan(parts[i - 1]!.endsAt);
    expect(p.grahas).toHaveLength(9);
  });
});
