/**
 * The day's time windows by the usual day-division rules: the daytime (sunrise to sunset) in eight parts,
 * rahu kaal, yamaganda and gulika kaal each taking one part chosen by the weekday; abhijit muhurta the eighth
 * of the fifteen daytime muhurtas (the one around local noon); the dur muhurtas, inauspicious muhurtas of the day
 * (and on Tuesday of the night: sunset to the next sunrise in fifteen) chosen by the weekday; the amrit bela, the
 * daytime's Amrit choghadiya; and the varjyam, four ghatis of each nakshatra beginning a number of ghatis into it
 * set for each nakshatra. The Nepali almanac of 2083 prints all of them every day
 * (`../shared/data/almanac/2083-details.jsonl`, checked in src/engine/panchanga.test.ts).
 */
import type { TimeWindowId } from '../calendar/names.ts';
import type { Part } from './day.ts';

/** The part (1–8) of the daytime each window takes, by weekday 0 = Sunday … 6 = Saturday. Source: traditional tables. */
export const RAHU_KAAL_PART = [8, 2, 7, 5, 6, 4, 3] as const;
export const YAMAGANDA_PART = [5, 4, 3, 2, 1, 7, 6] as const;
export const GULIKA_KAAL_PART = [7, 6, 5, 4, 3, 2, 1] as const;
/** Daytime muhurtas and the abhijit's place among them. */
export const DAY_MUHURTAS = 15;
export const ABHIJIT_MUHURTA = 8;

/**
 * The dur muhurtas by weekday: the muhurta (1–15) of the daytime, or of the night where `night`. As the 2083
 * almanac prints them on every day of its year: Sunday the 14th, Monday the 9th and 12th, Tuesday the 4th and
 * the night's 7th, Wednesday the 8th, Thursday the 6th and 12th, Friday the 4th and 9th, Saturday the 3rd.
 */
export const DUR_MUHURTAS: readonly (readonly { readonly muhurta: number; readonly night?: true }[])[] = [
  [{ muhurta: 14 }],
  [{ muhurta: 9 }, { muhurta: 12 }],
  [{ muhurta: 4 }, { muhurta: 7, night: true }],
  [{ muhurta: 8 }],
  [{ muhurta: 6 }, { muhurta: 12 }],
  [{ muhurta: 4 }, { muhurta: 9 }],
  [{ muhurta: 3 }],
];

/**
 * The parts (1–8) of the daytime that are the Amrit choghadiya, by weekday. The daytime's eight choghadiyas run
 * Udveg, Char, Labh, Amrit, Kaal, Shubh, Rog and round again, beginning with the weekday lord's (Sunday Udveg,
 * Monday Amrit, Tuesday Rog, Wednesday Labh, Thursday Shubh, Friday Char, Saturday Kaal), so Monday's begins and
 * ends with Amrit. The 2083 almanac prints one a day as its amrit bela (on Mondays mostly the first).
 */
export const AMRIT_BELA_PARTS: readonly (readonly number[])[] = [[4], [1, 8], [5], [2], [6], [3], [7]];

/**
 * The varjyam (tyajya, visha ghatis) of each nakshatra, Ashwini to Revati: the ghati (a sixtieth of the
 * nakshatra's span) at which its four inauspicious ghatis begin (Muhurta Chintamani's विषघटी of the nakshatras; Ardra 21,
 * Hasta 21, Mula 56 and Uttara Bhadrapada 24, of the readings the texts give, as the 2083 almanac prints them).
 */
export const VARJYAM_GHATIS = [
  50, 24, 30, 40, 14, 21, 30, 20, 32, 30, 20, 18, 21, 20, 14, 14, 10, 14, 56, 24, 20, 10, 10, 18, 16, 24, 30,
] as const;
/** A varjyam's length, in sixtieths of its nakshatra's span. */
export const VARJYAM_LENGTH_GHATIS = 4;
/** Ghatis in a nakshatra's span. */
const GHATIS = 60;

/**
 * How far before a day's sunrise the nakshatras for its varjyams are taken, in days: a varjyam begins at most 56
 * ghatis into its nakshatra, and a nakshatra lasts at most about 1.11 days (66.6 ghatis of a day), so the
 * nakshatra of one that begins after sunrise began less than 1.04 days before it; the first part found, whose
 * start is not known, began before this and has its varjyam before sunrise.
 */
export const VARJYAM_LOOKBACK_DAYS = 1.1;

/**
 * The varjyams that begin from `from` until `to` (moments), as [start, end], from the nakshatras that hold from
 * VARJYAM_LOOKBACK_DAYS before `from` (src/engine/panchanga.ts partsBetween: the first current then, each ending
 * where the next begins). The almanac takes them from the Moon's true (modern) nakshatras, whatever model its
 * printed nakshatras follow.
 */
export function varjyamsBetween(nakshatras: readonly Part[], from: number, to: number): [number, number][] {
  const found: [number, number][] = [];
  for (let i = 1; i < nakshatras.length; i++) {
    const begins = nakshatras[i - 1]!.endsAt;
    const span = nakshatras[i]!.endsAt - begins;
    const start = begins + (VARJYAM_GHATIS[nakshatras[i]!.index - 1]! / GHATIS) * span;
    if (start >= from && start < to) found.push([start, start + (VARJYAM_LENGTH_GHATIS / GHATIS) * span]);
  }
  return found;
}

export interface TimeWindow {
  readonly id: TimeWindowId;
  /** Moments (fixed days, UT). */
  readonly start: number;
  readonly end: number;
}

/**
 * The windows of a day from its sunrise, sunset and next sunrise moments, weekday (0 = Sunday) and varjyams
 * (varjyamsBetween), in the order of TIME_WINDOWS (src/calendar/names.ts); a weekday with two dur muhurtas or amrit
 * belas has two windows of that id, and a day may have none, one or two varjyams.
 */
export function timeWindows(
  sunriseMoment: number,
  sunsetMoment: number,
  nextSunriseMoment: number,
  weekday: number,
  varjyams: readonly (readonly [number, number])[] = [],
): TimeWindow[] {
  const span = (id: TimeWindowId, from: number, length: number, n: number): TimeWindow => ({
    id,
    start: from + (n - 1) * length,
    end: from + n * length,
  });
  const eighth = (sunsetMoment - sunriseMoment) / 8;
  const part = (id: TimeWindowId, n: number) => span(id, sunriseMoment, eighth, n);
  const muhurta = (sunsetMoment - sunriseMoment) / DAY_MUHURTAS;
  const nightMuhurta = (nextSunriseMoment - sunsetMoment) / DAY_MUHURTAS;
  return [
    part('rahuKaal', RAHU_KAAL_PART[weekday]!),
    part('yamaganda', YAMAGANDA_PART[weekday]!),
    part('gulikaKaal', GULIKA_KAAL_PART[weekday]!),
    span('abhijitMuhurta', sunriseMoment, muhurta, ABHIJIT_MUHURTA),
    ...DUR_MUHURTAS[weekday]!.map((d) =>
      d.night
        ? span('durMuhurta', sunsetMoment, nightMuhurta, d.muhurta)
        : span('durMuhurta', sunriseMoment, muhurta, d.muhurta),
    ),
    ...AMRIT_BELA_PARTS[weekday]!.map((n) => part('amritBela', n)),
    ...varjyams.map(([start, end]): TimeWindow => ({ id: 'varjyam', start, end })),
  ];
}
