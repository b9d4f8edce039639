/**
 * Nepal Sambat, the lunar national era: its year begins on Kachhalaa thwa pratipada (amanta Kartika shukla 1,
 * the day after Laxmi Puja), its months are the amanta lunar months renamed (Kachhalaa = Kartika), and a day's
 * date is the lunar date at Kathmandu sunrise by the year's tithi model.
 */
import { fixedToBs } from '../calendar/bs.ts';
import { toDevanagariDigits } from '../calendar/digits.ts';
import {
  NEPAL_SAMBAT_MONTHS,
  NEPAL_SAMBAT_PAKSHAS,
  tithiName,
  tithiOfPaksha,
  type Lang,
} from '../calendar/names.ts';
import { gregorianFromFixed } from '../calendar/time.ts';
import { tithiModelForYear } from '../engine/almanac-model.ts';
import { sunrise } from '../engine/sun.ts';
import { lunarDateAt, lunationsOfYear } from './lunar.ts';

/** NS year = AD year − 880 until the Kartika new year, − 879 from it. Source: NS 1146 began 2025-10-22. */
export const NS_AD_OFFSET = 880;
/** Amanta Kartika, the first Nepal Sambat month. */
const KARTIKA = 8;

export interface NepalSambatDate {
  readonly year: number;
  /** 1 = Kachhalaa … 12 = Kaulaa. */
  readonly month: number;
  readonly leap: boolean;
  readonly paksha: 'thwa' | 'gaa';
  /** Tithi within the paksha 1–15. */
  readonly tithi: number;
}

/** The Nepal Sambat date of a civil day (fixed). Throws OutOfRangeError outside the BS table. */
export function nepalSambatOfDay(fixed: number): NepalSambatDate {
  const bsYear = fixedToBs(fixed).year;
  const lunar = lunarDateAt(tithiModelForYear(bsYear), lunationsOfYear(bsYear), sunrise(fixed));
  const ad = gregorianFromFixed(fixed);
  const afterNewYear = lunar.month >= KARTIKA && ad.month >= 9;
  return {
    year: ad.year - NS_AD_OFFSET + (afterNewYear ? 1 : 0),
    month: ((lunar.month - KARTIKA + 12) % 12) + 1,
    leap: lunar.leap,
    paksha: lunar.paksha === 'shukla' ? 'thwa' : 'gaa',
    tithi: tithiOfPaksha(lunar.tithi),
  };
}

/** "ने.सं. ११४६ कछला थ्व १" / "NS 1146 Kachhalaa Thwa 1 (Pratipada)". */
export function nepalSambatText(date: NepalSambatDate, lang: Lang): string {
  const month = NEPAL_SAMBAT_MONTHS[date.month - 1]![lang];
  const paksha = NEPAL_SAMBAT_PAKSHAS[date.paksha === 'thwa' ? 0 : 1]![lang];
  if (lang === 'ne')
    return `ने.सं. ${toDevanagariDigits(date.year)} ${month} ${paksha} ${toDevanagariDigits(date.tithi)}`;
  const tithi = tithiName(date.paksha === 'thwa' ? date.tithi : date.tithi + 15).en;
  return `NS ${date.year} ${month} ${paksha} ${date.tithi} (${tithi})`;
}
