/**
 * Lunar months as Nepali almanacs reckon them. A lunation runs from one new moon to the next; its amanta
 * month is named after the sign the Sun enters next: the month after the Sun's sign at the new moon that
 * starts it (Reingold & Dershowitz, hindu-lunar-from-fixed), so 1 = Chaitra … 12 = Phalguna. A lunation in
 * which the Sun changes no sign is adhik (leap) and repeats the next month's name; a month whose name no
 * lunation carries is kshaya (lost). Nepali almanacs name the dark fortnight after the coming month
 * (purnimanta): Krishna Janmashtami is "Bhadra krishna ashtami", amanta Shravana krishna 8. Here too the day
 * a tithi is kept on (dayHolding), which the festival rules and the observances both use.
 */
import { bsYearInfo, fixedToBs } from '../calendar/bs.ts';
import { nepalMidnight } from '../calendar/time.ts';
import { tithiModelForYear } from '../engine/almanac-model.ts';
import { LIMBS, limbIndex, nextCrossing } from '../engine/elements.ts';
import type { AstronomicalModel } from '../engine/model.ts';
import { SYNODIC_MONTH_DAYS } from '../engine/surya-siddhanta.ts';

export interface Lunation {
  /** Moment (UT) of the new moon that starts it. */
  readonly start: number;
  /** Moment of the new moon that ends it. */
  readonly end: number;
  /** Amanta month 1–12 (1 = Chaitra). */
  readonly month: number;
  /** Adhik (leap): the Sun enters no new sign during the lunation. */
  readonly leap: boolean;
  /** The Sun enters two signs during the lunation: the next month's name is lost (kshaya masa), and the
   * lost month's festivals are kept in this lunation. */
  readonly lostNext: boolean;
}

export interface LunarDate {
  /** Amanta month 1–12 (1 = Chaitra). */
  readonly month: number;
  /** Month as Nepali almanacs name it: krishna paksha takes the next month's name (purnimanta), except in an
   * adhik lunation, whose both halves carry its own name ("अधिक जेठ कृष्ण त्रयोदशी", 2083). */
  readonly nepaliMonth: number;
  readonly leap: boolean;
  /** Tithi 1–30. */
  readonly tithi: number;
  readonly paksha: 'shukla' | 'krishna';
}

const sign = (model: AstronomicalModel, moment: number) => Math.floor(model.sunLongitude(moment) / 30) + 1;
const amod12 = (n: number) => ((((n - 1) % 12) + 12) % 12) + 1;

/** The month a lunation's paksha is printed under: see LunarDate.nepaliMonth. */
const nepaliMonthOf = (lunation: Lunation, paksha: 'shukla' | 'krishna') =>
  paksha === 'krishna' && !lunation.leap ? amod12(lunation.month + 1) : lunation.month;

/** The new moon (elongation 0°) at or before a moment, by a model. */
export function newMoonBefore(model: AstronomicalModel, moment: number): number {
  const elongation = LIMBS.tithi.angle(model, moment);
  const estimate = moment - elongation / LIMBS.tithi.meanRateDegPerDay;
  let found = nextCrossing(LIMBS.tithi, model, estimate - 3, 0);
  if (found > moment) found = nextCrossing(LIMBS.tithi, model, found - SYNODIC_MONTH_DAYS - 3, 0);
  return found;
}

/** Lunations covering [from, to] (moments), in order. */
export function lunationsBetween(model: AstronomicalModel, from: number, to: number): Lunation[] {
  const lunations: Lunation[] = [];
  let start = newMoonBefore(model, from);
  while (start <= to) {
    const end = nextCrossing(LIMBS.tithi, model, start + SYNODIC_MONTH_DAYS - 3, 0);
    const startSign = sign(model, start);
    const signsEntered = (sign(model, end) - startSign + 12) % 12;
    lunations.push({
      start,
      end,
      month: amod12(startSign + 1),
      leap: signsEntered === 0,
      lostNext: signsEntered === 2,
    });
    start = end;
  }
  return lunations;
}

/** The lunar date at a moment, given the lunations around it. */
export function lunarDateAt(
  model: AstronomicalModel,
  lunations: readonly Lunation[],
  moment: number,
): LunarDate {
  const lunation = lunations.find((l) => l.start <= moment && moment < l.end);
  if (!lunation) throw new RangeError('moment outside the given lunations');
  return lunarDateIn(lunation, limbIndex(LIMBS.tithi, model, moment));
}

/** The lunar date of tithi 1–30 in a lunation. */
function lunarDateIn(lunation: Lunation, tithi: number): LunarDate {
  const paksha = tithi <= 15 ? 'shukla' : 'krishna';
  return {
    month: lunation.month,
    nepaliMonth: nepaliMonthOf(lunation, paksha),
    leap: lunation.leap,
    tithi,
    paksha,
  };
}

/** The lunations around each BS year (40 days either side) by the year's tithi model, computed once a year. */
const LUNATIONS_OF_YEAR = new Map<number, readonly Lunation[]>();
export function lunationsOfYear(bsYear: number): readonly Lunation[] {
  let lunations = LUNATIONS_OF_YEAR.get(bsYear);
  if (!lunations) {
    const info = bsYearInfo(bsYear);
    lunations = lunationsBetween(
      tithiModelForYear(bsYear),
      info.firstFixed - 40,
      info.firstFixed + info.days + 40,
    );
    LUNATIONS_OF_YEAR.set(bsYear, lunations);
  }
  return lunations;
}

/**
 * The lunar date of a civil day as the almanac prints it: the lunation current at its sunrise by the year's
 * tithi model, named for the day's tithi (1–30: the printed one where there is one), which also decides on which
 * side of a new moon close to sunrise the day lies.
 * Parameters: the day (fixed), its sunrise (moment), the model's tithi at that sunrise, the day's tithi.
 * Example: `lunarDateOfDay(fixed, sunrise(fixed), 28, 28)` → `{ nepaliMonth: 3, leap: true, tithi: 28, … }` on
 * 2083-02-29 ("अधिक जेठ कृष्ण त्रयोदशी").
 */
export function lunarDateOfDay(
  fixed: number,
  sunriseMoment: number,
  computedTithi: number,
  tithi: number,
): LunarDate {
  const lunations = lunationsOfYear(fixedToBs(fixed).year);
  let moment = sunriseMoment;
  // A printed tithi across a new moon from the computed one: the lunation on the printed side.
  if (tithi >= 28 && computedTithi <= 3) moment -= 3;
  else if (tithi <= 3 && computedTithi >= 28) moment += 3;
  const lunation = lunations.find((l) => l.start <= moment && moment < l.end);
  if (!lunation) throw new RangeError(`no lunation around day ${fixed}`);
  return lunarDateIn(lunation, tithi);
}

/**
 * The day a tithi [start, end) is observed at a point of the day (`at`: the moment of that point on a day): the
 * first day whose point falls inside it (`twice: 'second'`: the second, when two do), or, when none does (the
 * tithi is skipped at that point), the earlier of the two days whose points it lies between (`skipped: 'later'`:
 * the later).
 */
export function dayHolding(
  start: number,
  end: number,
  at: (fixed: number) => number,
  twice: 'first' | 'second' = 'first',
  skipped: 'earlier' | 'later' = 'earlier',
): number {
  let day = Math.floor(start + 0.25) - 1;
  while (nepalMidnight(day) > start) day--;
  while (at(day) < start) day++;
  if (at(day) >= end) return skipped === 'later' ? day : day - 1;
  return twice === 'second' && at(day + 1) < end ? day + 1 : day;
}
