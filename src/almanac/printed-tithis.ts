/**
 * What a printed almanac's own tithi end times say about its tithi labels, with no tithi model (only the day's
 * sunrise, to place an end printed after midnight): a tithi lasts
 * between TITHI_HOURS.min and TITHI_HOURS.max, so the time from one printed end to the next tells how many
 * tithis lie between them. A label that disagrees with that count is the almanac contradicting itself (for
 * example a scrape that took the name of the tithi that follows), not a question of which model it used.
 */
import { nepalClockMoment } from '../calendar/time.ts';
import { sunrise } from '../engine/sun.ts';

/**
 * Shortest and longest tithi, hours. Measured over BS 2000–2100 (src/almanac/printed-tithis.test.ts):
 * 20.0–26.8 h in the modern model, 21.5–26.2 h in Surya Siddhanta; the margin covers printed minutes.
 * One tithi (19.5–27.5 h) and two (39–55 h) cannot be confused.
 */
export const TITHI_HOURS = { min: 19.5, max: 27.5 } as const;

/** Two printed ends this close are the same boundary (a tithi spanning two sunrises printed on both days). */
const SAME_END_HOURS = 5 / 60;

export interface PrintedTithiDay {
  /** The civil day (fixed day number); days must be consecutive and in order. */
  readonly fixed: number;
  /** The printed tithi, 1–30. */
  readonly tithi: number;
  /** The printed end `HH:MM` (Latin or Devanagari digits; after midnight as 25:10 or as 01:10), if any. */
  readonly ends?: string | null | undefined;
}

/**
 * The moment a printed end time stands for, or null when the day prints none (or not as `HH:MM`). An end
 * printed before the day's Kathmandu sunrise belongs to the night that follows.
 */
export function printedEndMoment(day: PrintedTithiDay): number | null {
  const moment = day.ends ? nepalClockMoment(day.ends, day.fixed) : null;
  if (moment === null) return null;
  return moment < sunrise(day.fixed) ? moment + 1 : moment;
}

/** How many tithis end after one printed end up to another (0: the same end), or null when no count fits. */
export function tithisBetween(earlier: number, later: number): number | null {
  const hours = (later - earlier) * 24;
  if (Math.abs(hours) <= SAME_END_HOURS) return 0;
  for (let k = 1; k * TITHI_HOURS.min <= hours; k++) if (hours <= k * TITHI_HOURS.max) return k;
  return null;
}

/**
 * The tithi of each day as the days' own end times imply it. Consecutive days whose ends are consistent form a
 * stretch, counted from end to end; the stretch is anchored where more than half of its printed labels agree with
 * the count. null for a day that prints no end time, or whose stretch has no such majority.
 */
export function tithisImpliedByEnds(days: readonly PrintedTithiDay[]): (number | null)[] {
  const implied: (number | null)[] = days.map(() => null);
  let stretch: { i: number; count: number }[] = [];
  const anchor = () => {
    const votes = new Map<number, number>();
    for (const { i, count } of stretch) {
      const offset = (((days[i]!.tithi - 1 - count) % 30) + 30) % 30;
      votes.set(offset, (votes.get(offset) ?? 0) + 1);
    }
    const [offset, n] = [...votes].sort((a, b) => b[1] - a[1])[0] ?? [0, 0];
    if (n * 2 > stretch.length) for (const { i, count } of stretch) implied[i] = ((count + offset) % 30) + 1;
    stretch = [];
  };
  let previous: { fixed: number; end: number; count: number } | null = null;
  for (const [i, day] of days.entries()) {
    const end = printedEndMoment(day);
    const k: number | null =
      end !== null && previous?.fixed === day.fixed - 1 ? tithisBetween(previous.end, end) : null;
    if (k === null) anchor();
    if (end === null) {
      previous = null;
      continue;
    }
    const count: number = k === null ? 0 : previous!.count + k;
    stretch.push({ i, count });
    previous = { fixed: day.fixed, end, count };
  }
  anchor();
  return implied;
}
