/**
 * Day records at a place other than Kathmandu: sunrise, sunset, moonrise, the tithi current at that place's
 * sunrise and every end time and window, printed on that place's clock (its IANA zone). The BS date, the
 * festivals and the holidays stay those of the Nepali almanac: the calendar is Nepal's wherever one lives.
 * Every value the place changes is computed, so the record says its tithi is computed and `estimated`; the lunar
 * date follows the tithi at the place's sunrise.
 */
import type { ResolvedPlace } from '../calendar/places.ts';
import { zonedTime } from '../calendar/zone.ts';
import type { DayMuhurat, DayRecord, FullDayRecord } from '../contract/day-record.ts';
import type { DayPanchanga } from '../engine/day.ts';
import { panchangaOfDay } from '../engine/panchanga.ts';
import type { Lang } from '../calendar/names.ts';
import { lunarOfDay, tithiFields } from './day-fields.ts';
import { fullDayRecordOf, timeField, type TimeOf } from './full-record.ts';

/**
 * The Panchanga of a civil day (fixed; the AD date the record is for) at a place, its planets from their blocks as
 * at Kathmandu: the functions seed the year's stored sky first (src/http/sky.ts), so no block is fitted.
 */
function panchangaAt(fixed: number, place: ResolvedPlace, lean: boolean): DayPanchanga {
  return panchangaOfDay(fixed, {
    place: { lat: place.latitude, lon: place.longitude, elevationM: place.elevationM },
    lean,
  });
}

/** The day record's place-dependent fields replaced by those of the place's Panchanga. */
function overlay(base: DayRecord, p: DayPanchanga, lang: Lang, time: TimeOf): DayRecord {
  const tithi = p.tithis[0]!;
  const { tithiEndsAt: _kathmandu, ...rest } = base;
  return {
    ...rest,
    ...tithiFields(tithi.index, lang),
    ...timeField('tithiEnds', time(tithi.endsAt)),
    sunrise: time(p.sunrise).clock,
    sunset: time(p.sunset).clock,
    ...lunarOfDay(p, tithi.index, lang),
    source: { ...base.source, tithi: 'computed' },
    estimated: true,
  };
}

const clockAt =
  (fixed: number, place: ResolvedPlace): TimeOf =>
  (moment: number) =>
    zonedTime(moment, fixed, place.timeZone);

/**
 * A day record (from a month file) as it holds at a place.
 * Example: `dayRecordAt(monthFile.days[0], fixed, 'en', resolvePlace({ place: 'london' })!)`.
 */
export function dayRecordAt(base: DayRecord, fixed: number, lang: Lang, place: ResolvedPlace): DayRecord {
  return overlay(base, panchangaAt(fixed, place, true), lang, clockAt(fixed, place));
}

/** The full record of a day (its day record from the month file, plus every element) at a place. */
export function fullDayRecordAt(
  base: DayRecord,
  fixed: number,
  lang: Lang,
  muhurats: DayMuhurat[],
  place: ResolvedPlace,
): FullDayRecord {
  const p = panchangaAt(fixed, place, false);
  const clock = clockAt(fixed, place);
  return fullDayRecordOf(overlay(base, p, lang, clock), p, lang, muhurats, clock);
}
