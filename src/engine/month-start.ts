/**
 * The BS month-start rule (DESIGN.md): month m of a BS year starts at the sankranti when the Surya Siddhanta
 * sidereal Sun reaches 30°·(m−1) (Baisakh = Mesha 0°), on the Nepal civil date containing that instant, except
 * Shrawan (Karka), where an instant between midnight and sunrise starts the month the previous day, and Magh
 * (Makara), where an instant after sunset starts it the next day.
 *
 * Measured against the published table: see month-start.test.ts and data/calendar/month-start-mismatches.json.
 */
import { ssSankrantiAfter } from './surya-siddhanta.ts';
import { sunrise, sunset } from './sun.ts';
import { fixedFromGregorian, MINUTES_PER_DAY, nepalLocal } from '../calendar/time.ts';

/** BS year minus AD year for dates from 1 Baisakh to 31 December (Baisakh falls in April). */
export const BS_AD_YEAR_OFFSET = 57;
const SHRAWAN = 4;
const MAGH = 10;
/** Months whose sankranti lies this close to the cut-off deciding its day are flagged "near boundary". */
export const NEAR_BOUNDARY_MINUTES = 30;

export interface MonthStart {
  /** BS month 1–12. */
  readonly month: number;
  /** The sankranti moment (fixed days, UT). */
  readonly sankranti: number;
  /** Fixed day number of the first day of the month. */
  readonly startFixed: number;
  /** Minutes between the sankranti and the nearest cut-off that decides its day (midnight, or sunrise/sunset). */
  readonly minutesFromCutoff: number;
}

/** The civil day a month starts on, and how close the sankranti came to changing it. */
function startOfMonth(month: number, sankranti: number): { startFixed: number; minutesFromCutoff: number } {
  const { fixed, minutes } = nepalLocal(sankranti);
  const toMinutes = (moment: number) => Math.abs(moment - sankranti) * MINUTES_PER_DAY;
  if (month === SHRAWAN) {
    // Before sunrise (after midnight) belongs to the previous day: the cut-off is sunrise.
    const rise = sunrise(fixed);
    return {
      startFixed: sankranti < rise ? fixed - 1 : fixed,
      minutesFromCutoff: Math.min(toMinutes(rise), toMinutes(sunrise(fixed + 1))),
    };
  }
  if (month === MAGH) {
    // After sunset belongs to the next day: the cut-off is sunset.
    const set = sunset(fixed);
    return {
      startFixed: sankranti > set ? fixed + 1 : fixed,
      minutesFromCutoff: Math.min(toMinutes(set), toMinutes(sunset(fixed - 1))),
    };
  }
  return { startFixed: fixed, minutesFromCutoff: Math.min(minutes, MINUTES_PER_DAY - minutes) };
}

/**
 * The 12 month starts of a BS year and the first day of the next year, by the rule above.
 * Valid for any BS year the astronomy covers (tested over BS 1900–2200); never fails.
 */
export function monthStarts(bsYear: number): { months: MonthStart[]; nextYearStartFixed: number } {
  const adYear = bsYear - BS_AD_YEAR_OFFSET;
  // Mesha sankranti falls around 13–15 April in these centuries: search from 1 April.
  let after = fixedFromGregorian(adYear, 4, 1);
  const months: MonthStart[] = [];
  for (let month = 1; month <= 13; month++) {
    const target = (30 * (month - 1)) % 360;
    const sankranti = ssSankrantiAfter(after, target);
    months.push({
      month: ((month - 1) % 12) + 1,
      sankranti,
      ...startOfMonth(((month - 1) % 12) + 1, sankranti),
    });
    after = sankranti + 20;
  }
  const next = months.pop()!;
  return { months, nextYearStartFixed: next.startFixed };
}

export interface ProjectedYear {
  readonly lengths: number[];
  readonly firstFixed: number;
  readonly nearBoundaryMonths: { month: number; minutesFromCutoff: number }[];
}

/** Month lengths, first day and near-boundary months of a BS year computed by the rule. */
export function projectedYear(bsYear: number): ProjectedYear {
  const { months, nextYearStartFixed } = monthStarts(bsYear);
  const starts = [...months.map((m) => m.startFixed), nextYearStartFixed];
  return {
    lengths: months.map((_, i) => starts[i + 1]! - starts[i]!),
    firstFixed: starts[0]!,
    nearBoundaryMonths: months
      .filter((m) => m.minutesFromCutoff < NEAR_BOUNDARY_MINUTES)
      .map((m) => ({ month: m.month, minutesFromCutoff: m.minutesFromCutoff })),
  };
}
