/**
 * Recurring observances (data/festivals/observances.json) generated for a BS year from the engine's tithis and
 * sankrantis: every ekadashi by its name, the purnima and aunsi vratas, the sankrantis, pradosh, the weekday
 * vratas and the sixteen shraddhas. The grammar is in src/contract/observance.ts; each rule names the part of
 * the day its tithi must hold, and the tests measure every rule against the published almanacs 2075–2083.
 * Everything generated here is an estimate; published almanac days win over it (src/festivals/festivals.ts).
 */
import observancesFile from '../../data/festivals/observances.json' with { type: 'json' };
import { bsMonthStartFixed, bsYearInfo } from '../calendar/bs.ts';
import { MINUTES_PER_DAY, nepalMidnight, weekdayOfFixed } from '../calendar/time.ts';
import {
  observancesFileSchema,
  type ObservancePoint,
  type ObservanceRule,
} from '../contract/observance.ts';
import { tithiModelForYear } from '../engine/almanac-model.ts';
import { DEG_PER_TITHI, LIMBS, nextCrossing } from '../engine/elements.ts';
import type { AstronomicalModel } from '../engine/model.ts';
import { moonrise, sunrise, sunset } from '../engine/sun.ts';
import { lunationsBetween, type Lunation } from './lunar.ts';

/** Every observance rule, validated when loaded. */
export const OBSERVANCE_RULES: readonly ObservanceRule[] =
  observancesFileSchema.parse(observancesFile).observances;

/** Arunodaya: 4 ghatis (96 minutes) before sunrise, the dawn of the ekadashi's dashami-vedha (Hari Bhakti Vilasa). */
export const ARUNODAYA_MINUTES = 96;
/** Pradosha: the evening of 3 muhurtas (144 minutes) after sunset; its middle is the point taken. Source: Nirnaya Sindhu. */
export const PRADOSHA_MINUTES = 144;

/**
 * The moment (fixed days, UT) of a part of a Nepal civil day (fixed day number): sunrise, arunodaya,
 * midday (half-way to sunset), aparahna (the middle of the fourth fifth of the daytime), pradosha (the middle
 * of the 144 minutes after sunset), nishitha (half-way from sunset to the next sunrise), or moonrise (the
 * nishitha on a day the Moon does not rise).
 */
export function pointOfDay(fixed: number, point: ObservancePoint): number {
  const rise = sunrise(fixed);
  switch (point) {
    case 'sunrise':
      return rise;
    case 'arunodaya':
      return rise - ARUNODAYA_MINUTES / MINUTES_PER_DAY;
    case 'midday':
      return (rise + sunset(fixed)) / 2;
    case 'aparahna':
      return rise + 0.7 * (sunset(fixed) - rise);
    case 'pradosha':
      return sunset(fixed) + PRADOSHA_MINUTES / 2 / MINUTES_PER_DAY;
    case 'nishitha':
      return (sunset(fixed) + sunrise(fixed + 1)) / 2;
    case 'moonrise':
      return moonrise(fixed) ?? (sunset(fixed) + sunrise(fixed + 1)) / 2;
  }
}

/**
 * The day a tithi [start, end) is observed at a point of the day: the first day whose point falls inside it,
 * or, when none does (the tithi is skipped at that point), the day whose point it passes between.
 */
export function dayHolding(
  start: number,
  end: number,
  point: ObservancePoint,
  twice: 'first' | 'second' = 'first',
): number {
  let day = Math.floor(start + 0.25) - 1;
  while (nepalMidnight(day) > start) day--;
  while (pointOfDay(day, point) < start) day++;
  if (pointOfDay(day, point) >= end) return day - 1;
  return twice === 'second' && pointOfDay(day + 1, point) < end ? day + 1 : day;
}

const amod12 = (n: number) => ((((n - 1) % 12) + 12) % 12) + 1;

/** A tithi of one lunation: its span and how Nepali almanacs name its month. */
interface TithiSpan {
  readonly start: number;
  readonly end: number;
  readonly tithi: number;
  /** The lunar month as Nepali almanacs name it (the dark fortnight takes the coming month's name). */
  readonly month: number;
  readonly adhik: boolean;
}

function tithiSpan(model: AstronomicalModel, lunation: Lunation, tithi: number): TithiSpan {
  const start =
    tithi === 1
      ? lunation.start
      : nextCrossing(LIMBS.tithi, model, lunation.start + 0.5, (tithi - 1) * DEG_PER_TITHI);
  const end =
    tithi === 30 ? lunation.end : nextCrossing(LIMBS.tithi, model, start + 0.3, tithi * DEG_PER_TITHI);
  return {
    start,
    end,
    tithi,
    month: tithi > 15 ? amod12(lunation.month + 1) : lunation.month,
    adhik: lunation.leap,
  };
}

/** A generated observance on a day. */
export interface DatedObservance {
  readonly rule: ObservanceRule;
  readonly fixed: number;
}

/** The tithi spans of the lunations around a BS year, computed once per year and tithi. */
class YearTithis {
  private readonly spans = new Map<number, TithiSpan[]>();
  readonly first: number;
  readonly last: number;
  private readonly model: AstronomicalModel;
  private readonly lunations: readonly Lunation[];
  constructor(year: number) {
    const info = bsYearInfo(year);
    this.first = info.firstFixed;
    this.last = info.firstFixed + info.days - 1;
    this.model = tithiModelForYear(year);
    this.lunations = lunationsBetween(this.model, this.first - 32, this.last + 32);
  }
  of(tithi: number): TithiSpan[] {
    let spans = this.spans.get(tithi);
    if (!spans) {
      spans = this.lunations.map((l) => tithiSpan(this.model, l, tithi));
      this.spans.set(tithi, spans);
    }
    return spans;
  }
}

function ruleDays(rule: ObservanceRule, year: number, tithis: YearTithis): number[] {
  if ((rule.activeFrom ?? -Infinity) > year || (rule.activeTo ?? Infinity) < year) return [];
  const date = rule.date;
  if (date.type === 'sankranti') return [bsMonthStartFixed(year, date.sign)];
  const pakshas = date.paksha === 'any' ? [0, 15] : date.paksha === 'shukla' ? [0] : [15];
  const adhik = date.adhik ?? (date.months === undefined ? 'also' : 'skip');
  const days: number[] = [];
  for (const offset of pakshas) {
    for (const span of tithis.of(date.tithi + offset)) {
      if (date.months && !date.months.includes(span.month)) continue;
      if ((adhik === 'skip' && span.adhik) || (adhik === 'only' && !span.adhik)) continue;
      const day = dayHolding(span.start, span.end, date.observance, date.twice);
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
  const tithis = new YearTithis(year);
  const dated: DatedObservance[] = [];
  for (const rule of OBSERVANCE_RULES) {
    for (const fixed of ruleDays(rule, year, tithis)) dated.push({ rule, fixed });
  }
  return dated.sort((a, b) => a.fixed - b.fixed || a.rule.id.localeCompare(b.rule.id));
}

/** The observance rule of an id, or undefined. */
export const observanceById: (id: string) => ObservanceRule | undefined = (() => {
  const byId = new Map(OBSERVANCE_RULES.map((r) => [r.id, r]));
  return (id) => byId.get(id);
})();
