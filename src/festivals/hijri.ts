/**
 * The months of the Islamic (Hijri) calendar as Nepal keeps its Muslim festivals: a month begins on the day after
 * the evening its new crescent is first seen with the naked eye at Kathmandu (src/engine/crescent.ts), as the
 * sighting that decides the Ministry of Home Affairs' Eid holiday does ("the date may differ", the almanacs print beside it).
 * Months are counted in lunations from the one that began Shawwal 1446 (Eid al-Fitr on 31 March 2025).
 */
import { fixedFromGregorian } from '../calendar/time.ts';
import { conjunctionAfter, firstCrescentEvening } from '../engine/crescent.ts';
import { SYNODIC_MONTH_DAYS } from '../engine/surya-siddhanta.ts';

export interface HijriMonth {
  /** Year of the Hijra (AH). */
  readonly year: number;
  /** Month 1–12: 1 Muharram … 9 Ramadan, 10 Shawwal, 12 Dhu al-Hijjah. */
  readonly month: number;
  /** Its first day (fixed). */
  readonly first: number;
}

/** The conjunction that began Shawwal 1446: 29 March 2025, 10:58 UT (astronomy-engine). */
const SHAWWAL_1446_CONJUNCTION = fixedFromGregorian(2025, 3, 29) + (10 + 58 / 60) / 24;
const SHAWWAL = 10;
const SHAWWAL_1446_YEAR = 1446;

/** The Hijri month a conjunction opens: whole lunations from Shawwal 1446's (true ones stray from the mean by under a
 * day). */
function monthOf(conjunction: number): { year: number; month: number } {
  const count = SHAWWAL - 1 + Math.round((conjunction - SHAWWAL_1446_CONJUNCTION) / SYNODIC_MONTH_DAYS);
  return { year: SHAWWAL_1446_YEAR + Math.floor(count / 12), month: (((count % 12) + 12) % 12) + 1 };
}

/**
 * Every Hijri month that begins within [from, to] (fixed days), in order. Example: `hijriMonthsBetween(f, f + 40)`
 * from 1 March 2025 → Ramadan 1446 (2 March) and Shawwal 1446 (31 March).
 */
export function hijriMonthsBetween(from: number, to: number): HijriMonth[] {
  const months: HijriMonth[] = [];
  // The conjunction before `from` may open a month that begins on or after it.
  let conjunction = conjunctionAfter(from - SYNODIC_MONTH_DAYS - 3);
  while (conjunction <= to + 1) {
    const first = firstCrescentEvening(conjunction) + 1;
    if (first >= from && first <= to) months.push({ ...monthOf(conjunction), first });
    conjunction = conjunctionAfter(conjunction + SYNODIC_MONTH_DAYS - 3);
  }
  return months;
}

/** The days (fixed) within [from, to] that are day `day` (1–29) of Hijri month `month`, from the months given. */
export function hijriDays(
  months: readonly HijriMonth[],
  month: number,
  day: number,
  from: number,
  to: number,
): number[] {
  return months
    .filter((m) => m.month === month)
    .map((m) => m.first + day - 1)
    .filter((d) => d >= from && d <= to);
}
