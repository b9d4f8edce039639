/**
 * Festival rules (data/festivals/rules.json) evaluated for a BS year: the days each rule gives, by the rule
 * alone. The grammar is in src/contract/festival.ts.
 */
import rulesFile from '../../data/festivals/rules.json' with { type: 'json' };
import { bsMonthStartFixed, bsYearInfo, daysInBsMonth, fixedToBs } from '../calendar/bs.ts';
import { fixedFromGregorian, gregorianFromFixed, nepalMidnight } from '../calendar/time.ts';
import {
  conventionOf,
  festivalRulesFileSchema,
  type FestivalRule,
  type HolidayScope,
  type Observance,
  type YearRanges,
} from '../contract/festival.ts';
import { tithiModelForYear } from '../engine/almanac-model.ts';
import { DEG_PER_TITHI, LIMBS, nextCrossing } from '../engine/elements.ts';
import type { AstronomicalModel } from '../engine/model.ts';
import { moonrise, sunrise, sunset } from '../engine/sun.ts';
import { hijriDays, hijriMonthsBetween, type HijriMonth } from './hijri.ts';
import { dayHolding, lunationsOfYear, type Lunation } from './lunar.ts';

/** Every rule, validated when loaded. */
export const FESTIVAL_RULES: readonly FestivalRule[] = festivalRulesFileSchema().parse(rulesFile).rules;

/** Every rule by its id. */
export const FESTIVAL_RULES_BY_ID: ReadonlyMap<string, FestivalRule> = new Map(
  FESTIVAL_RULES.map((r) => [r.id, r]),
);

/** The moment of a day's observance point: sunrise, morning (the end of pratahkala, the first fifth of the daytime:
 * three of its fifteen muhurtas), midday (half-way to sunset), sunset, midnight (nishita, half-way from sunset to
 * the next sunrise), or moonrise (on a civil day without one, the day's end). */
export function observancePoint(fixed: number, observance: Observance): number {
  switch (observance) {
    case 'sunrise':
      return sunrise(fixed);
    case 'morning':
      return sunrise(fixed) + (sunset(fixed) - sunrise(fixed)) / 5;
    case 'midday':
      return (sunrise(fixed) + sunset(fixed)) / 2;
    case 'sunset':
      return sunset(fixed);
    case 'midnight':
      return (sunset(fixed) + sunrise(fixed + 1)) / 2;
    case 'moonrise':
      return moonrise(fixed) ?? nepalMidnight(fixed + 1);
  }
}

/**
 * The day a tithi interval [start, end) is observed: the first day whose observance point falls inside it (the
 * second when `twice` says so and two do), or, when none does (the tithi is skipped at that point), the earlier of
 * the two days whose points it lies between (the later when `skipped` says so).
 */
export function observanceDay(
  start: number,
  end: number,
  observance: Observance,
  twice: 'first' | 'second' = 'first',
  skipped: 'earlier' | 'later' = 'earlier',
): number {
  return dayHolding(start, end, (day) => observancePoint(day, observance), twice, skipped);
}

const amod12 = (n: number) => ((((n - 1) % 12) + 12) % 12) + 1;

/** Per-year context: the lunations around the BS year by the year's tithi model; the Hijri months that begin in
 * the year or the month before it, found when a rule first asks. */
interface YearContext {
  readonly first: number;
  readonly last: number;
  readonly model: AstronomicalModel;
  readonly lunations: readonly Lunation[];
  readonly hijriMonths: () => readonly HijriMonth[];
}

/** Days before a BS year in which a Hijri month that reaches into it may begin. */
const HIJRI_MONTH_DAYS = 30;

function yearContext(bsYear: number): YearContext {
  const info = bsYearInfo(bsYear);
  const first = info.firstFixed;
  const last = first + info.days - 1;
  const model = tithiModelForYear(bsYear);
  let hijri: readonly HijriMonth[] | undefined;
  return {
    first,
    last,
    model,
    lunations: lunationsOfYear(bsYear),
    hijriMonths: () => (hijri ??= hijriMonthsBetween(first - HIJRI_MONTH_DAYS, last)),
  };
}

/** The [start, end) moments of tithi 1–30 in a lunation. */
function tithiInterval(ctx: YearContext, lunation: Lunation, tithi: number): [number, number] {
  const start =
    tithi === 1
      ? lunation.start
      : nextCrossing(LIMBS.tithi, ctx.model, lunation.start + 0.5, (tithi - 1) * DEG_PER_TITHI);
  const end =
    tithi === 30
      ? lunation.end
      : nextCrossing(LIMBS.tithi, ctx.model, start + 0.3, (tithi * DEG_PER_TITHI) % 360);
  return [start, end];
}

function lunarDays(rule: Extract<FestivalRule['date'], { type: 'lunar' }>, ctx: YearContext): number[] {
  const amanta = rule.paksha === 'krishna' ? amod12(rule.month - 1) : rule.month;
  const tithi = rule.paksha === 'shukla' ? rule.tithi : 15 + rule.tithi;
  const days: number[] = [];
  for (const lunation of ctx.lunations) {
    const named = lunation.month === amanta || (lunation.lostNext && amod12(lunation.month + 1) === amanta);
    if (!named || lunation.leap) continue;
    days.push(
      observanceDay(...tithiInterval(ctx, lunation, tithi), rule.observance, rule.twice, rule.skipped),
    );
  }
  return days;
}

/** The first day of a BS month, from its day `fromDay`, on which the tithi of either paksha is observed (none when
 * it is not). */
function solarTithiDays(
  rule: Extract<FestivalRule['date'], { type: 'solar-tithi' }>,
  bsYear: number,
  ctx: YearContext,
): number[] {
  const monthStart = bsMonthStartFixed(bsYear, rule.month);
  const first = monthStart + rule.fromDay - 1;
  const last = monthStart + daysInBsMonth(bsYear, rule.month) - 1;
  const days = ctx.lunations
    .filter((lunation) => lunation.end >= first - 1 && lunation.start <= last + 1)
    .flatMap((lunation) =>
      [rule.tithi, 15 + rule.tithi].map((t) =>
        observanceDay(...tithiInterval(ctx, lunation, t), rule.observance),
      ),
    )
    .filter((d) => d >= first && d <= last);
  return days.length ? [Math.min(...days)] : [];
}

/** How many days a span may run (Dashain's holidays are the longest run: Fulpati to Ekadashi, 5–6 days). */
export const MAX_SPAN_DAYS = 10;

/** The longest adhik (leap) lunation in days: a span's ends may lie this much further apart when one parts them. */
const LUNATION_DAYS = 30;

/**
 * Whether a day belongs to an adhik (leap) lunar month: the lunation current at its sunrise, by its year's tithi
 * model, is one in which the Sun enters no sign.
 */
export function inAdhikMonth(fixed: number): boolean {
  const at = sunrise(fixed);
  return lunationsOfYear(fixedToBs(fixed).year).some((l) => l.leap && l.start <= at && at < l.end);
}

/**
 * The days of a span: from each start day to the first end day on or after it, inclusive, at most MAX_SPAN_DAYS,
 * leaving out the days of an adhik month between them (`inAdhik`). Festivals skip the adhik month (lunarDays), so
 * one may part a run's ends: Tihar in an adhik Kartik (BS 2085 and 2142 by Surya Siddhanta) runs on Laxmi Puja, the
 * aunsi before the adhik month, and again from Govardhan Puja, the nija month's first day, to Bhai Tika (and the day
 * after); the adhik month's days are no holidays (data/festivals/README.md).
 * Example: `spanDays([100], [104])` → `[100, 101, 102, 103, 104]`.
 */
export function spanDays(
  starts: readonly number[],
  ends: readonly number[],
  inAdhik: (fixed: number) => boolean = () => false,
): number[] {
  const days: number[] = [];
  for (const start of starts) {
    const end = ends
      .filter((e) => e >= start && e - start < MAX_SPAN_DAYS + LUNATION_DAYS)
      .sort((a, b) => a - b)[0];
    if (end === undefined) continue;
    const run = Array.from({ length: end - start + 1 }, (_, i) => start + i);
    // A run of at most MAX_SPAN_DAYS has no room for an adhik month: only a longer one is looked into.
    const kept = run.length <= MAX_SPAN_DAYS ? run : run.filter((day) => !inAdhik(day));
    if (kept.length <= MAX_SPAN_DAYS) days.push(...kept);
  }
  return days;
}

/** Whether a BS year lies in one of the ranges. */
const inYears = (ranges: YearRanges, bsYear: number) =>
  ranges.some((r) => bsYear >= ('from' in r ? r.from : -Infinity) && bsYear <= (r.until ?? Infinity));

/** The days a span runs past its `to` rule's day in a BS year (its `after`, in the years it gives). */
export function spanDaysAfter(rule: FestivalRule, bsYear: number): number {
  const after = rule.date.type === 'span' ? rule.date.after : undefined;
  return after && inYears(after.years, bsYear) ? after.days : 0;
}

/** Whether a BS year is one of a rule's `holidayYears` (every year when it gives none). */
const inHolidayYears = (rule: FestivalRule, bsYear: number) =>
  !rule.holidayYears || inYears(rule.holidayYears, bsYear);

/** Who gets a rule's day off in a BS year: its `holiday`, or none in a year outside its `holidayYears`. */
export function holidayIn(rule: FestivalRule, bsYear: number): HolidayScope {
  return inHolidayYears(rule, bsYear) ? rule.holiday : NO_HOLIDAY;
}
const NO_HOLIDAY: HolidayScope = { kind: 'none' };

/** The rules whose days the almanacs print in red without a national holiday (`printedRed`), by id. */
const PRINTED_RED = new Map(FESTIVAL_RULES.filter((r) => r.printedRed).map((r) => [r.id, r]));

/**
 * Whether the almanacs print a rule's day red in a BS year without a national holiday: a `printedRed` rule, in the
 * years it is a holiday for some (its `holidayYears`; Christmas is printed red since it became one, not before).
 * Example: `printedRedIn('CHRISTMAS', 2084)` is true, `printedRedIn('CHRISTMAS', 2060)` false.
 */
export function printedRedIn(id: string, bsYear: number): boolean {
  const rule = PRINTED_RED.get(id);
  return rule !== undefined && inHolidayYears(rule, bsYear);
}

/** Whether a rule applies in a BS year (its active range). */
export const isActive = (rule: FestivalRule, bsYear: number): boolean =>
  (rule.activeFrom === undefined || bsYear >= rule.activeFrom) &&
  (rule.activeTo === undefined || bsYear <= rule.activeTo);

/** A rule's date in a BS year: the first convention it names (`until`) that the year falls in, else its own. */
function dateIn(rule: FestivalRule, bsYear: number): FestivalRule['date'] {
  return conventionOf(rule.until, bsYear)?.date ?? rule.date;
}

/** The fixed days a rule gives in a BS year, by the rule alone (before official or published dates). */
export function ruleDays(
  rule: FestivalRule,
  bsYear: number,
  ctx: YearContext = yearContext(bsYear),
): number[] {
  if (!isActive(rule, bsYear)) return [];
  const date = dateIn(rule, bsYear);
  let days: number[];
  switch (date.type) {
    case 'lunar':
      days = lunarDays(date, ctx);
      break;
    case 'solar-tithi':
      days = solarTithiDays(date, bsYear, ctx);
      break;
    case 'span':
      // The days between two other rules' dates: see ruleDaysOfYear (and FestivalCalendar, after overrides).
      days = [];
      break;
    case 'bs':
      days =
        date.day <= daysInBsMonth(bsYear, date.month)
          ? [bsMonthStartFixed(bsYear, date.month) + date.day - 1]
          : [];
      break;
    case 'gregorian': {
      const firstAd = gregorianFromFixed(ctx.first).year;
      days = [firstAd, firstAd + 1].map((y) => fixedFromGregorian(y, date.month, date.day));
      break;
    }
    case 'hijri':
      days = hijriDays(ctx.hijriMonths(), date.month, date.day, ctx.first, ctx.last);
      break;
    case 'explicit':
      days = (date.dates[String(bsYear)] ?? []).map((iso) => {
        const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
        return bsMonthStartFixed(y, m) + d - 1;
      });
      break;
  }
  return days.map((d) => d + (rule.offsetDays ?? 0)).filter((d) => d >= ctx.first && d <= ctx.last);
}

/** Every rule's days in a BS year, spans from the days of the rules they join. */
export function ruleDaysOfYear(bsYear: number): Map<string, number[]> {
  const ctx = yearContext(bsYear);
  const days = new Map(FESTIVAL_RULES.map((rule) => [rule.id, ruleDays(rule, bsYear, ctx)]));
  for (const rule of FESTIVAL_RULES) {
    if (rule.date.type === 'span' && isActive(rule, bsYear))
      days.set(
        rule.id,
        spanDays(
          days.get(rule.date.from) ?? [],
          (days.get(rule.date.to) ?? []).map((end) => end + spanDaysAfter(rule, bsYear)),
          inAdhikMonth,
        ),
      );
  }
  return days;
}
