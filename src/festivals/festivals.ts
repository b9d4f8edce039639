/**
 * Festivals and holidays of a BS year: the rules' dates, overridden where the government's notices or the
 * published almanac put a festival on another day (the published date wins and the occurrence says which
 * decided it and what the rule alone gave). Day events for the day records come from here too.
 */
import { fixedToBs, formatYmd } from '../calendar/bs.ts';
import type { Lang } from '../calendar/names.ts';
import { isoFromFixed } from '../calendar/time.ts';
import type { CuratedMonth } from '../contract/data-files.ts';
import type { DayEvent } from '../contract/day-record.ts';
import type { FestivalOccurrence, FestivalRule, HolidayScope } from '../contract/festival.ts';
import { noticesOfYear, NOTICE_SOURCE, ruleIdOfName } from './official.ts';
import { FESTIVAL_RULES, isActive, ruleDaysOfYear, spanDays } from './rules.ts';
import { bsToFixed } from '../calendar/bs.ts';

/** How far (days) a published date may lie from the rule's and still be the same occurrence. */
export const MAX_SHIFT_DAYS = 3;

interface Dated {
  readonly rule: FestivalRule;
  readonly fixed: number;
  readonly decidedBy: FestivalOccurrence['decidedBy'];
  readonly ruleFixed: number | null;
}

const CERTAINTY = ['rule', 'published', 'official'] as const;
/** The less certain of two ways a date was decided. */
const weakest = (a: Dated['decidedBy'], b: Dated['decidedBy']): Dated['decidedBy'] =>
  CERTAINTY[Math.min(CERTAINTY.indexOf(a), CERTAINTY.indexOf(b))]!;

/** "national", "regional: Kathmandu Valley", "community: Kirat", "women", "none". */
export function scopeText(scope: HolidayScope): string {
  if (scope.kind === 'regional') return `regional: ${scope.where}`;
  if (scope.kind === 'community') return `community: ${scope.whom}`;
  return scope.kind;
}

const RULES_BY_ID = new Map(FESTIVAL_RULES.map((r) => [r.id, r]));

export interface FestivalCalendarOptions {
  /** Curated almanac months (data/panchanga), keyed `YYYY-MM`, whose printed events override rules. */
  readonly curated?: ReadonlyMap<string, CuratedMonth>;
  /** False: the rules alone, no official or published overrides (for testing the rules). */
  readonly overlay?: boolean;
}

export class FestivalCalendar {
  private readonly years = new Map<number, Dated[]>();
  private readonly byDay = new Map<number, Dated[]>();
  constructor(private readonly options: FestivalCalendarOptions = {}) {}

  /** Every dated festival of a BS year, sorted by date. */
  dated(year: number): Dated[] {
    let dated = this.years.get(year);
    if (!dated) {
      dated = this.compute(year);
      this.years.set(year, dated);
      for (const d of dated) this.byDay.set(d.fixed, [...(this.byDay.get(d.fixed) ?? []), d]);
    }
    return dated;
  }

  private compute(year: number): Dated[] {
    const dated: Dated[] = [];
    for (const [id, days] of ruleDaysOfYear(year)) {
      const rule = RULES_BY_ID.get(id)!;
      if (rule.date.type === 'span') continue; // from the final dates of its ends, below
      for (const fixed of days) dated.push({ rule, fixed, decidedBy: 'rule', ruleFixed: null });
    }
    /** A run's first day as a notice or the almanac gives it, by span rule id. */
    const runStarts = new Map<string, { fixed: number; decidedBy: 'official' | 'published' }>();
    const place = (id: string, fixed: number, decidedBy: 'official' | 'published') => {
      if (RULES_BY_ID.get(id)!.date.type !== 'span') this.override(dated, id, fixed, decidedBy);
      else if (decidedBy === 'official' || !runStarts.has(id)) runStarts.set(id, { fixed, decidedBy });
    };
    if (this.options.overlay !== false) {
      for (const { id, fixed } of this.publishedDates(year)) place(id, fixed, 'published');
      for (const { notice, ruleId } of noticesOfYear(year))
        if (ruleId) place(ruleId, bsToFixed(notice), 'official');
    }
    for (const rule of FESTIVAL_RULES) {
      if (rule.date.type === 'span' && isActive(rule, year))
        dated.push(...this.run(rule, dated, runStarts.get(rule.id)));
    }
    return dated.sort((a, b) => a.fixed - b.fixed || a.rule.id.localeCompare(b.rule.id));
  }

  /**
   * The days of a holiday run (a `span` rule) from the final dates of the rules at its ends; a notice that gives
   * the run's first day moves it there. A run is as certain as its least certain end (or the notice).
   */
  private run(
    rule: FestivalRule,
    dated: readonly Dated[],
    start: { fixed: number; decidedBy: 'official' | 'published' } | undefined,
  ): Dated[] {
    if (rule.date.type !== 'span') return [];
    const { from, to } = rule.date;
    const starts = dated.filter((d) => d.rule.id === from);
    const ends = dated.filter((d) => d.rule.id === to);
    const runs: Dated[] = [];
    for (const first of start ? [{ fixed: start.fixed, decidedBy: start.decidedBy }] : starts) {
      const end = ends.filter((e) => e.fixed >= first.fixed).sort((a, b) => a.fixed - b.fixed)[0];
      const days = spanDays([first.fixed], end ? [end.fixed] : []);
      const decidedBy =
        start?.decidedBy === 'official' ? 'official' : weakest(first.decidedBy, end?.decidedBy ?? 'rule');
      for (const fixed of days) runs.push({ rule, fixed, decidedBy, ruleFixed: null });
    }
    return runs;
  }

  /** Move the rule's nearest occurrence to a published date (or add it when the rule gave none). */
  private override(dated: Dated[], id: string, fixed: number, decidedBy: 'official' | 'published'): void {
    const rule = RULES_BY_ID.get(id)!;
    const same = dated
      .map((d, i) => ({ d, i }))
      .filter(({ d }) => d.rule.id === id && Math.abs(d.fixed - fixed) <= MAX_SHIFT_DAYS)
      .sort((a, b) => Math.abs(a.d.fixed - fixed) - Math.abs(b.d.fixed - fixed))[0];
    if (same && same.d.fixed === fixed) {
      if (decidedBy === 'official' || same.d.decidedBy === 'rule') dated[same.i] = { ...same.d, decidedBy };
      return;
    }
    // A second printed day of one occurrence (an almanac printing a festival on two days) does not move it
    // again: only a more certain source does (a notice over the almanac).
    if (
      same &&
      same.d.decidedBy !== 'rule' &&
      CERTAINTY.indexOf(decidedBy) <= CERTAINTY.indexOf(same.d.decidedBy)
    )
      return;
    if (same) {
      const ruleFixed = same.d.ruleFixed ?? same.d.fixed;
      dated[same.i] = { rule, fixed, decidedBy, ruleFixed: ruleFixed === fixed ? null : ruleFixed };
      return;
    }
    // Far from every date the rule gives this year: a misread or unrelated mention, not a move. Added only
    // when the rule gives no date this year (e.g. an explicit rule, or a festival the rule misses).
    if (dated.some((d) => d.rule.id === id)) return;
    dated.push({ rule, fixed, decidedBy, ruleFixed: null });
  }

  /** Days on which the curated almanac prints an event that names a rule. */
  private publishedDates(year: number): { id: string; fixed: number }[] {
    const found: { id: string; fixed: number }[] = [];
    for (let month = 1; month <= 12; month++) {
      const curated = this.options.curated?.get(`${year}-${month}`);
      for (const day of curated?.days ?? []) {
        for (const event of day.events) {
          const id = ruleIdOfName(event);
          if (id) found.push({ id, fixed: bsToFixed({ year, month, day: day.gate }) });
        }
      }
    }
    return found;
  }

  /** The festivals of a BS year as the API lists them. */
  occurrences(year: number, lang: Lang): FestivalOccurrence[] {
    return this.dated(year).map((d) => ({
      id: d.rule.id,
      name: d.rule[lang],
      category: d.rule.category,
      holiday: d.rule.holiday,
      bsDate: formatYmd(fixedToBs(d.fixed)),
      englishDate: isoFromFixed(d.fixed),
      decidedBy: d.decidedBy,
      ruleDate: d.ruleFixed === null ? null : formatYmd(fixedToBs(d.ruleFixed)),
      source: d.decidedBy === 'official' ? `${NOTICE_SOURCE}; ${d.rule.source}` : d.rule.source,
      estimated: d.decidedBy === 'rule',
    }));
  }

  /** Whether a day is a national public holiday (by a notice, or by a holiday rule where no notice moves it). */
  isPublicHoliday(fixed: number): boolean {
    return this.eventsOfDay(fixed, 'en').some((e) => e.holiday);
  }

  /** The events of one day for its day record. */
  eventsOfDay = (fixed: number, lang: Lang): DayEvent[] => {
    this.dated(fixedToBs(fixed).year);
    return (this.byDay.get(fixed) ?? []).map((d) => ({
      id: d.rule.id,
      name: d.rule[lang],
      category: d.rule.category,
      scope: scopeText(d.rule.holiday),
      holiday: d.rule.holiday.kind === 'national',
      source: d.decidedBy === 'rule' ? 'rule' : d.decidedBy,
      estimated: d.decidedBy === 'rule',
    }));
  };
}
