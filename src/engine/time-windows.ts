/**
 * The day's time windows by the usual day-division rules: the daytime (sunrise to sunset) in eight parts,
 * rahu kaal, yamaganda and gulika kaal each taking one part chosen by the weekday; abhijit muhurta the eighth
 * of the fifteen daytime muhurtas (the one around local noon).
 */
import type { TimeWindowId } from '../calendar/names.ts';

/** The part (1–8) of the daytime each window takes, by weekday 0 = Sunday … 6 = Saturday. Source: traditional tables. */
export const RAHU_KAAL_PART = [8, 2, 7, 5, 6, 4, 3] as const;
export const YAMAGANDA_PART = [5, 4, 3, 2, 1, 7, 6] as const;
export const GULIKA_KAAL_PART = [7, 6, 5, 4, 3, 2, 1] as const;
/** Daytime muhurtas and the abhijit's place among them. */
export const DAY_MUHURTAS = 15;
export const ABHIJIT_MUHURTA = 8;

export interface TimeWindow {
  readonly id: TimeWindowId;
  /** Moments (fixed days, UT). */
  readonly start: number;
  readonly end: number;
}

/** The four windows of a day from its sunrise and sunset moments and weekday (0 = Sunday). */
export function timeWindows(sunriseMoment: number, sunsetMoment: number, weekday: number): TimeWindow[] {
  const eighth = (sunsetMoment - sunriseMoment) / 8;
  const part = (id: TimeWindowId, n: number): TimeWindow => ({
    id,
    start: sunriseMoment + (n - 1) * eighth,
    end: sunriseMoment + n * eighth,
  });
  const muhurta = (sunsetMoment - sunriseMoment) / DAY_MUHURTAS;
  return [
    part('rahuKaal', RAHU_KAAL_PART[weekday]!),
    part('yamaganda', YAMAGANDA_PART[weekday]!),
    part('gulikaKaal', GULIKA_KAAL_PART[weekday]!),
    {
      id: 'abhijitMuhurta',
      start: sunriseMoment + (ABHIJIT_MUHURTA - 1) * muhurta,
      end: sunriseMoment + ABHIJIT_MUHURTA * muhurta,
    },
  ];
}
