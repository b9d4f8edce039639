/**
 * The full record of a day from its Panchanga: the day record plus every element, named in a language, each
 * moment on the day's clock. Apart from the day records (src/almanac/records.ts, which need the glossary and
 * the festival rules), so a function answering a stored Kathmandu day loads neither.
 */
import { bsYearInfo, formatYmd } from '../calendar/bs.ts';
import {
  AYANAS,
  GRAHAS,
  karanaName,
  NAKSHATRAS,
  RASHIS,
  TIME_WINDOWS,
  tithiName,
  YOGAS,
  type Lang,
} from '../calendar/names.ts';
import { nepalTime, type NepalTime } from '../calendar/time.ts';
import type { DayMuhurat, DayRecord, FullDayRecord } from '../contract/day-record.ts';
import type { DayPanchanga } from '../engine/day.ts';

/**
 * A time field as the API gives it: `{name}` in `HH:MM` (00:00–23:59) Nepal time, and `{name}At`, the exact
 * moment in ISO 8601 with Nepal's offset, when it falls on another day than the record's (after midnight).
 */
export function timeField<K extends string>(
  name: K,
  { clock, at }: NepalTime,
): { [P in K]: string } & { [P in `${K}At`]?: string } {
  return { [name]: clock, ...(at ? { [`${name}At`]: at } : {}) } as { [P in K]: string } & {
    [P in `${K}At`]?: string;
  };
}

/** How a record gives a moment: on the day's clock, with the exact moment when it falls on another day. */
export type TimeOf = (moment: number) => NepalTime;

/** The full record of a Kathmandu day from its Panchanga (computed, or as the build stored it). */
export function kathmanduFullRecord(
  base: DayRecord,
  p: DayPanchanga,
  lang: Lang,
  muhurats: DayMuhurat[] = [],
): FullDayRecord {
  return fullDayRecordOf(base, p, lang, muhurats, (moment) => nepalTime(moment, p.fixed));
}

/**
 * The full record of a day from its Panchanga, every moment given by `time` (`HH:MM` on the day's clock, and
 * the exact moment when it falls on another day): fullDayRecord at Kathmandu; src/almanac/at-place.ts at
 * any other place.
 */
export function fullDayRecordOf(
  base: DayRecord,
  p: DayPanchanga,
  lang: Lang,
  muhurats: DayMuhurat[],
  time: TimeOf,
): FullDayRecord {
  const clock = (moment: number) => time(moment).clock;
  const ends = (moment: number) => timeField('ends', time(moment));
  const moon = p.moonSigns;
  const kshaya = p.kshayaTithis[0];
  return {
    ...base,
    bsDate: formatYmd(p.bs),
    moonrise: p.moonrise === null ? null : clock(p.moonrise),
    moonset: p.moonset === null ? null : clock(p.moonset),
    nakshatra: {
      index: p.nakshatras[0]!.index,
      name: NAKSHATRAS[p.nakshatras[0]!.index - 1]![lang],
      ...ends(p.nakshatras[0]!.endsAt),
    },
    yoga: {
      index: p.yogas[0]!.index,
      name: YOGAS[p.yogas[0]!.index - 1]![lang],
      ...ends(p.yogas[0]!.endsAt),
    },
    karana: {
      index: p.karanas[0]!.index,
      name: karanaName(p.karanas[0]!.index)[lang],
      ...ends(p.karanas[0]!.endsAt),
    },
    sunSign: RASHIS[p.sunSign - 1]![lang],
    moonSign: {
      name: RASHIS[moon[0]!.index - 1]![lang],
      ...(moon.length > 1 ? timeField('changes', time(moon[0]!.endsAt)) : { changes: null }),
      next: moon.length > 1 ? RASHIS[moon[1]!.index - 1]![lang] : null,
    },
    ayana: AYANAS[p.ayana === 'uttarayana' ? 0 : 1]![lang],
    kshayaTithi: kshaya
      ? { index: kshaya.index, name: tithiName(kshaya.index)[lang], ...ends(kshaya.endsAt) }
      : null,
    vriddhi: p.tithiVriddhi,
    timeWindows: p.timeWindows.map((w) => {
      const name = TIME_WINDOWS.find((t) => t.id === w.id)!;
      return {
        id: w.id,
        name: name[lang],
        ...timeField('start', time(w.start)),
        ...timeField('end', time(w.end)),
        auspicious: name.auspicious,
      };
    }),
    grahas: p.grahas.map((g) => ({
      id: g.id,
      name: GRAHAS.find((x) => x.id === g.id)![lang],
      longitude: Math.round(g.longitude * 1e4) / 1e4,
      rashi: RASHIS[g.rashi - 1]![lang],
      degree: Math.round(g.degreeInRashi * 1e4) / 1e4,
      retrograde: g.retrograde,
    })),
    muhurats,
    models: { tithi: p.tithiModel, limbs: p.limbModel },
    status: bsYearInfo(p.bs.year).status,
  };
}
