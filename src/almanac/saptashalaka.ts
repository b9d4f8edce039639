/**
 * The Saptashalaka chakra (Muhurta Chintamani 6.57): the 28 nakshatras, Abhijit among them, at the ends of seven
 * lines each way, every nakshatra facing one other, which a graha standing in it pierces (vedha). The muhurat rules
 * name its lines (src/almanac/muhurat-rules.ts checks them) and the engine cuts the pierced nakshatras out of a day
 * (src/almanac/muhurat-engine.ts). Numbers: 1 = Ashwini … 27 = Revati as in the Panchanga, 28 = Abhijit.
 */
import type { GrahaPosition } from '../engine/day.ts';
import { DEG_PER_NAKSHATRA } from '../engine/elements.ts';

/** Abhijit's number on the chakra, after the 27 nakshatras of the Panchanga (src/calendar/names.ts ABHIJIT). */
export const ABHIJIT_NUMBER = 28;
const ROHINI = 4;

/**
 * The chakra's lines by nakshatra number, as the text pairs them: Jyeshtha–Pushya, Shatabhisha–Swati, Purva
 * Ashadha–Ardra, Revati–Uttara Phalguni, Dhanishtha–Vishakha, Uttara Ashadha–Mrigashira, Ashwini–Purva Phalguni,
 * Ashlesha–Anuradha, Hasta–Uttara Bhadrapada, Mula–Punarvasu, Chitra–Purva Bhadrapada, Bharani–Magha,
 * Krittika–Shravana, Abhijit–Rohini.
 */
const LINES: readonly (readonly [number, number])[] = [
  [18, 8],
  [24, 15],
  [20, 6],
  [27, 12],
  [23, 16],
  [21, 5],
  [1, 11],
  [9, 17],
  [13, 26],
  [19, 7],
  [14, 25],
  [2, 10],
  [3, 22],
  [ABHIJIT_NUMBER, ROHINI],
];
const FACING = new Map(
  LINES.flatMap(
    ([a, b]) =>
      [
        [a, b],
        [b, a],
      ] as const,
  ),
);
/** Abhijit: the last pada of Uttara Ashadha and the first fifteenth of Shravana, degrees of sidereal longitude. */
const ABHIJIT_DEG = [276 + 40 / 60, 280 + 53 / 60 + 20 / 3600] as const;

/** The nakshatra (1 = Ashwini … 27 = Revati) a graha stands in, by its sidereal longitude. */
export const nakshatraOf = (g: GrahaPosition): number => Math.floor(g.longitude / DEG_PER_NAKSHATRA) + 1;

/** Whether two nakshatras (chakra numbers) face each other on the chakra. Example: `onOneLine(2, 10)` (true). */
export function onOneLine(a: number, b: number): boolean {
  return FACING.get(a) === b;
}

/**
 * The nakshatras (chakra numbers) a graha pierces from where it stands: the one facing its own on the chakra's 28 (a
 * graha in Abhijit stands there, not in Uttara Ashadha or Shravana), none along a line `except` names (pairs of
 * chakra numbers, in either order). Example: `piercedBy(saturn, [[2, 10]])`.
 */
export function piercedBy(g: GrahaPosition, except: readonly (readonly [number, number])[] = []): number[] {
  const own = g.longitude >= ABHIJIT_DEG[0] && g.longitude < ABHIJIT_DEG[1] ? ABHIJIT_NUMBER : nakshatraOf(g);
  const facing = FACING.get(own);
  const excepted = except.some(([a, b]) => (a === own && b === facing) || (a === facing && b === own));
  return facing !== undefined && !excepted ? [facing] : [];
}
