/**
 * Recurring observances (data/festivals/observances.json) generated for a BS year from the engine's tithis and
 * sankrantis: every ekadashi by its name, the purnima and aunsi vratas, the sankrantis, pradosh, the weekday
 * vratas, the sixteen shraddhas, the yearly jatras and vratas of a lunar date, and the national and
 * international days of a fixed BS or AD date. The grammar is in src/contract/observance.ts; each rule names the part of
 * the day its tithi must hold, and the tests measure every rule against the published almanacs 2075–2083.
 * Everything generated here is an estimate; published almanac days win over it (src/festivals/festivals.ts).
 */
import observancesFile from '../../data/festivals/observances.json' with { type: 'json' };
import { bsMonthStartFixed, bsYearInfo, daysInBsMonth } from '../calendar/bs.ts';
import { fixedFromGregorian, gregorianFromFixed, MINUTES_PER_DAY, weekdayOfFixed } from '../calendar/time.ts';
import { conventionOf } from '../contract/festival.ts';
import { observancesFileSchema, type ObservancePoint, type ObservanceRule } from '../contract/observance.ts';
import { tithiModelForYear } from '../engine/almanac-model.ts';
import { DEG_PER_TITHI, LIMBS, nextCrossing } from '../engine/elements.ts';
import type { AstronomicalModel } from '../engine/model.ts';
import { moonrise, sunrise, sunset } from '../engine/sun.ts';
import { dayHolding, lunationsBetween, type Lunation } from './lunar.ts';
import { FESTIVAL_RULES_BY_ID, ruleDays as festivalRuleDays } from './rules.ts';

/** Every observance rule, validated when loaded. */
export const OBSERVANCE_RULES: readonly ObservanceRule[] =
  observancesFileSchema.parse(observancesFile).observances;

/** Arunodaya: 4 ghatis (96 minutes) before sunrise, the dawn of the ekadashi's dashami-vedha (Hari Bhakti Vilasa). */
export const ARUNODAYA_MINUTES = 96;
/** Pradosha: the evening of 3 muhurtas (144 minutes) after sunset; its middle is the point taken. Source: Nirnaya Sindhu. */
export const PRADOSHA_MINUTES = 144;

/** Sunrise, sunset and moonrise of a Nepal civil day (src/engine/sun.ts), or a cache of them. */
export interface DayEphemeris {
  readonly sunrise: (fixed: number) => number;
  readonly sunset: (fixed: number) => number;
  readonly moonrise: (fixed: number) => number | null;
}

/**
 * The moment (fixed days, UT) of a part of a Nepal civil day (fixed day number): sunrise, arunodaya,
 * midday (half-way to sunset), aparahna (the middle of the fourth fifth of the daytime), sayahna (the middle of
 * the last fifth), pradosha (the middle of the 144 minutes after sunset), nishitha (half-way from sunset to the
 * next sunrise), moonrise (the nishitha on a day the Moon does not rise), or begins (the day's end, the next
 * sunrise: a tithi begins in the first day whose end comes after its start).
 */
export function pointOfDay(
  fixed: number,
  point: ObservancePoint,
  sun: DayEphemeris = { sunrise, sunset, moonrise },
): number {
  const rise = sun.sunrise(fixed);
  switch (point) {
    case 'sunrise':
      return rise;
    case 'arunodaya':
      return rise - ARUNODAYA_MINUTES / MINUTES_PER_DAY;
    case 'midday':
      return (rise + sun.sunset(fixed)) / 2;
    case 'aparahna':
      return rise + 0.7 * (sun.sunset(fixed) - rise);
    case 'sayahna':
      return rise + 0.9 * (sun.sunset(fixed) - rise);
    case 'pradosha':
      return sun.sunset(fixed) + PRADOSHA_MINUTES / 2 / MINUTES_PER_DAY;
    case 'nishitha':
      return (sun.sunset(fixed) + sun.sunrise(fixed + 1)) / 2;
    case 'moonrise':
      return sun.moonrise(fixed) ?? (sun.sunset(fixed) + sun.sunrise(fixed + 1)) / 2;
    case 'begins':
      return sun.sunrise(fixed + 1);
  }
}

/**
 * The span of a part of the day that has one (fixed days, UT), or null for an instant (sunrise, arunodaya,
 * moonrise): midday is the madhyahna, the third fifth of the daytime; aparahna the fourth fifth; sayahna the
 * fifth, up to sunset; pradosha the 144 minutes after sunset; nishitha the eighth of the night's fifteen
 * muhurtas. Source: Nirnaya Sindhu (the five parts of the day, the muhurtas of the night).
 */
export function windowOfDay(
  fixed: number,
  point: ObservancePoint,
  sun: DayEphemeris = { sunrise, sunset, moonrise },
): readonly [number, number] | null {
  const rise = sun.sunrise(fixed);
  const set = sun.sunset(fixed);
  const fifth = (set - rise) / 5;
  switch (point) {
    case 'midday':
      return [rise + 2 * fifth, rise + 3 * fifth];
    case 'aparahna':
      return [rise + 3 * fifth, rise + 4 * fifth];
    case 'sayahna':
      return [rise + 4 * fifth, set];
    case 'pradosha':
      return [set, set + PRADOSHA_MINUTES / MINUTES_PER_DAY];
    case 'nishitha': {
      const muhurta = (sun.sunrise(fixed + 1) - set) / 15;
      return [set + 7 * muhurta, set + 8 * muhurta];
    }
    default:
      return null;
  }
}

/**
 * The day whose part of the day (`window`) the tithi [start, end) covers most, the first on a tie; null when it
 * covers no day's part.
 */
export function dayCoveringMost(
  start: number,
  end: number,
  window: (fixed: number) => readonly [number, number],
): number | null {
  let best: number | null = null;
  let bestOverlap = 0;
  for (let day = Math.floor(start + 0.25) - 1; day <= Math.floor(end + 0.25) + 1; day++) {
    const [from, to] = window(day);
    const overlap = Math.min(end, to) - Math.max(start, from);
    if (overlap > bestOverlap + 1e-9) [best, bestOverlap] = [day, overlap];
  }
  return best;
}

/** A function of a day number that computes each day's answer once. */
function remembered<T>(f: (fixed: number) => T): (fixed: number) => T {
  const known = new Map<number, T>();
  return (fixed) => {
    if (!known.has(fixed)) known.set(fixed, f(fixed));
    return known.get(fixed)!;
  };
}

const amod12 = (n: number) => ((((n - 1) % 12) + 12) % 12) + 1;

/** A tithi of one lunation: its span and how Nepali almanacs name its month. */
interface TithiSpan {
  readonly start: number;
  readonly end: number;
}

/** A generated observance on a day. */
export interface DatedObservance {
  readonly rule: ObservanceRule;
  readonly fixed: number;
}

/** The lunations around a BS year, their tithi spans and the days' sunrises, each computed once. */
class YearTithis {
  /** Moments the elongation reaches 12°·k in lunation i, by `i k` (k = 0 and 30: its new moons). */
  private readonly boundaries = new Map<string, number>();
  readonly first: number;
  readonly last: number;
  private readonly model: AstronomicalModel;
  private readonly lunations: readonly Lunation[];
  /** Sunrise, sunset and moonrise of the days around the year, each searched once. */
  private readonly sun: DayEphemeris = {
    sunrise: remembered((fixed: number) => sunrise(fixed)),
    sunset: remembered((fixed: number) => sunset(fixed)),
    moonrise: remembered(moonrise),
  };
  constructor(year: number) {
    const info = bsYearInfo(year);
    this.first = info.firstFixed;
    this.last = info.firstFixed + info.days - 1;
    this.model = tithiModelForYear(year);
    this.lunations = lunationsBetween(this.model, this.first - 32, this.last + 32);
    // Day after day, each sunrise and sunset is refined from the day before's (src/engine/sun.ts): far cheaper
    // than the searches the rules' scattered days would start.
    for (let day = this.first - 3; day <= this.last + 3; day++) {
      this.sun.sunrise(day);
      this.sun.sunset(day);
    }
  }
  /** Tithi 1–30 of every lunation with the month it is named by (the dark fortnight takes the coming month's
   * name; a lunation that loses the next month's name, kshaya, also keeps that month's observances, as the
   * festival rules do: src/festivals/lunar.ts) and whether it is adhik; `wanted` picks the lunations whose span
   * is searched. */
  of(tithi: number, wanted: (month: number, adhik: boolean) => boolean): TithiSpan[] {
    const spans: TithiSpan[] = [];
    for (const [i, lunation] of this.lunations.entries()) {
      const named = tithi > 15 ? amod12(lunation.month + 1) : lunation.month;
      const names = lunation.lostNext ? [named, amod12(named + 1)] : [named];
      if (!names.some((month) => wanted(month, lunation.leap))) continue;
      spans.push({ start: this.boundary(i, tithi - 1), end: this.boundary(i, tithi) });
    }
    return spans;
  }
  /** When the elongation reaches 12°·k (k 0–30) in lunation i, searched from the boundary before it. */
  private boundary(i: number, k: number): number {
    const lunation = this.lunations[i]!;
    if (k === 0) return lunation.start;
    if (k === 30) return lunation.end;
    const key = `${i} ${k}`;
    let moment = this.boundaries.get(key);
    if (moment === undefined) {
      // A tithi lasts at least 19 hours: half a day after the previous boundary is still before this one.
      const after = k === 1 ? lunation.start + 0.5 : this.boundary(i, k - 1) + 0.5;
      moment = nextCrossing(LIMBS.tithi, this.model, after, k * DEG_PER_TITHI);
      this.boundaries.set(key, moment);
    }
    return moment;
  }
  pointOf(fixed: number, point: ObservancePoint): number {
    return pointOfDay(fixed, point, this.sun);
  }
  windowOf(fixed: number, point: ObservancePoint): readonly [number, number] | null {
    return windowOfDay(fixed, point, this.sun);
  }
}

type TithiDate = Extract<ObservanceRule['date'], { type: 'tithi' }>;

/**
 * The part of the day and the lunar months a tithi rule takes in a BS year: the first `until` convention the year
 * falls in (where it names them), else its own.
 */
export function conventionIn(
  date: TithiDate,
  year: number,
): { observance: ObservancePoint; months: readonly number[] | undefined } {
  const until = conventionOf(date.until, year);
  return { observance: until?.observance ?? date.observance, months: until?.months ?? date.months };
}

function ruleDays(rule: ObservanceRule, year: number, tithis: YearTithis): number[] {
  const printed =
    rule.printedFrom === undefined || year >= rule.printedFrom || year <= (rule.printedUntil ?? -Infinity);
  if (!printed || (rule.activeFrom ?? -Infinity) > year || (rule.activeTo ?? Infinity) < year) return [];
  const date = rule.date;
  if (date.type === 'sankranti') return [bsMonthStartFixed(year, date.sign)];
  if (date.type === 'on-festival') {
    const festival = FESTIVAL_RULES_BY_ID.get(date.id);
    return festival ? festivalRuleDays(festival, year) : [];
  }
  if (date.type === 'bs')
    return date.day <= daysInBsMonth(year, date.month)
      ? [bsMonthStartFixed(year, date.month) + date.day - 1]
      : [];
  if (date.type === 'gregorian') {
    const firstAd = gregorianFromFixed(tithis.first).year;
    // With a weekday, the first such weekday on or after the date (the first Saturday of July: day 1, weekday 6).
    const onOrAfter = (fixed: number) =>
      date.weekday === undefined ? fixed : fixed + ((date.weekday - weekdayOfFixed(fixed) + 7) % 7);
    return [firstAd, firstAd + 1]
      .map((y) => onOrAfter(fixedFromGregorian(y, date.month, date.day)))
      .filter((d) => d >= tithis.first && d <= tithis.last);
  }
  const pakshas = date.paksha === 'any' ? [0, 15] : date.paksha === 'shukla' ? [0] : [15];
  const { observance, months } = conventionIn(date, year);
  const adhik = date.adhik ?? (months === undefined ? 'also' : 'skip');
  const days: number[] = [];
  for (const offset of pakshas) {
    const wanted = (month: number, leap: boolean) =>
      (!months || months.includes(month)) && !(adhik === 'skip' && leap) && !(adhik === 'only' && !leap);
    for (const span of tithis.of(date.tithi + offset, wanted)) {
      const at = (fixed: number) => tithis.pointOf(fixed, observance);
      const window = tithis.windowOf(tithis.first, observance) !== null;
      // A tithi within one day (sunrise to sunrise) begins in that day, not the day before; one that holds no
      // arunodaya is kept the day after, as the arunodaya of the day it begins in is the tithi before's (vedha).
      const skipped = observance === 'begins' || observance === 'arunodaya' ? 'later' : 'earlier';
      const day =
        (window ? dayCoveringMost(span.start, span.end, (f) => tithis.windowOf(f, observance)!) : null) ??
        dayHolding(span.start, span.end, at, date.twice, skipped);
      if (date.weekdays && !date.weekdays.includes(weekdayOfFixed(day))) continue;
      if (day >= tithis.first && day <= tithis.last) days.push(day);
    }
  }
  return days;
}

/**
 * Every observance of a BS year by its rule, sorted by day, including those a festival rule also gives
 * (`rule.festival`; FestivalCalendar leaves those to the festival). Example: `observancesOfYear(2084)`.
 */
export function observancesOfYear(year: number): DatedObservance[] {
  return observancesOfRules(OBSERVANCE_RULES, year);
}

/**
 * The days of a BS year that some observance rules give, sorted by day: how a candidate rule is tried against
 * the almanacs before it enters the data. Example: `observancesOfRules([rule], 2080)`.
 */
export function observancesOfRules(rules: readonly ObservanceRule[], year: number): DatedObservance[] {
  const tithis = new YearTithis(year);
  const dated: DatedObservance[] = [];
  for (const rule of rules) {
    for (const fixed of ruleDays(rule, year, tithis)) dated.push({ rule, fixed });
  }
  return dated.sort((a, b) => a.fixed - b.fixed || a.rule.id.localeCompare(b.rule.id));
}

/** The observance rule of an id, or undefined. */
export const observanceById: (id: string) => ObservanceRule | undefined = (() => {
  const byId = new Map(OBSERVANCE_RULES.map((r) => [r.id, r]));
  return (id) => byId.get(id);
})();
