/**
 * A day's Panchanga as data: its shape (DayPanchanga), what is measured of it (MeasuredDay) and the one assembly
 * of the rest from those measurements (dayFromMeasured), for a day src/engine/panchanga.ts computes and for one
 * the build stored (src/engine/packed-days.ts). No astronomy here: a function reading a stored day does not load
 * astronomy-engine or the models.
 */
import { fixedToBs, type BsDate } from '../calendar/bs.ts';
import type { GrahaId } from '../calendar/names.ts';
import { weekdayOfFixed } from '../calendar/time.ts';
import type { ModelId } from './model.ts';
import { timeWindows, type TimeWindow } from './time-windows.ts';

export interface Part {
  /** One-based index (tithi 1–30, karana 1–60, nakshatra and yoga 1–27, sign 1–12). */
  readonly index: number;
  /** Moment (fixed days, UT) the part ends. */
  readonly endsAt: number;
}

export interface DayPanchanga {
  readonly fixed: number;
  readonly bs: BsDate;
  /** 0 = Sunday … 6 = Saturday. */
  readonly weekday: number;
  readonly sunrise: number;
  readonly sunset: number;
  readonly nextSunrise: number;
  readonly moonrise: number | null;
  readonly moonset: number | null;
  readonly tithiModel: ModelId;
  /** The model of nakshatra, yoga, karana and the Moon's sign. */
  readonly limbModel: ModelId;
  /** Tithis holding between sunrise and the next sunrise; the first is the day's tithi. */
  readonly tithis: readonly Part[];
  /** True when the day's tithi is still current at the next sunrise (vriddhi). */
  readonly tithiVriddhi: boolean;
  /** Tithis that neither day sees at sunrise (kshaya): every part but the first that ends before the next sunrise. */
  readonly kshayaTithis: readonly Part[];
  readonly paksha: 'shukla' | 'krishna';
  readonly nakshatras: readonly Part[];
  readonly yogas: readonly Part[];
  readonly karanas: readonly Part[];
  /** The Sun's sign 1–12: that of the solar (BS) month, as Nepali almanacs print it (Baisakh = Mesha). */
  readonly sunSign: number;
  readonly moonSigns: readonly Part[];
  readonly ayana: 'uttarayana' | 'dakshinayana';
  readonly grahas: readonly GrahaPosition[];
  readonly timeWindows: readonly TimeWindow[];
}

export interface GrahaPosition {
  readonly id: GrahaId;
  /** Sidereal longitude, degrees [0, 360). */
  readonly longitude: number;
  /** Sign 1–12 (1 = Mesha). */
  readonly rashi: number;
  /** Degrees within the sign [0, 30). */
  readonly degreeInRashi: number;
  readonly retrograde: boolean;
}

/** A graha's position from its sidereal longitude (degrees, [0, 360)) and direction of motion. */
export function grahaAt(id: GrahaId, longitude: number, retrograde: boolean): GrahaPosition {
  return { id, longitude, rashi: Math.floor(longitude / 30) + 1, degreeInRashi: longitude % 30, retrograde };
}

/**
 * What is measured of a day (moments and parts); the rest of its Panchanga follows from these, its day number
 * and models (dayFromMeasured). The build stores these for every Kathmandu day (src/engine/packed-days.ts).
 */
export type MeasuredDay = Pick<
  DayPanchanga,
  | 'sunrise'
  | 'sunset'
  | 'nextSunrise'
  | 'moonrise'
  | 'moonset'
  | 'tithis'
  | 'nakshatras'
  | 'yogas'
  | 'karanas'
  | 'moonSigns'
  | 'grahas'
> & {
  /** The day's varjyams as [start, end] moments (src/engine/time-windows.ts varjyamsBetween). */
  readonly varjyams: readonly (readonly [number, number])[];
};

/**
 * The Panchanga of a day from what was measured of it: the one assembly of panchangaOfDay and of a day read
 * back from the build's files. `lean`: no time windows (the measured lists are empty too).
 */
export function dayFromMeasured(
  fixed: number,
  models: { readonly tithi: ModelId; readonly limbs: ModelId },
  m: MeasuredDay,
  lean = false,
): DayPanchanga {
  const bs = fixedToBs(fixed);
  const weekday = weekdayOfFixed(fixed);
  const tithis = m.tithis;
  return {
    fixed,
    bs,
    weekday,
    sunrise: m.sunrise,
    sunset: m.sunset,
    nextSunrise: m.nextSunrise,
    moonrise: m.moonrise,
    moonset: m.moonset,
    tithiModel: models.tithi,
    limbModel: models.limbs,
    tithis,
    tithiVriddhi: tithis[0]!.endsAt >= m.nextSunrise,
    kshayaTithis: tithis.slice(1).filter((t) => t.endsAt < m.nextSunrise),
    paksha: tithis[0]!.index <= 15 ? 'shukla' : 'krishna',
    nakshatras: m.nakshatras,
    yogas: m.yogas,
    karanas: m.karanas,
    sunSign: bs.month,
    moonSigns: m.moonSigns,
    // Uttarayana from the Makara sankranti (Magh 1) to the Karka sankranti (Shrawan 1), as Nepali almanacs print.
    ayana: bs.month >= 10 || bs.month <= 3 ? 'uttarayana' : 'dakshinayana',
    grahas: m.grahas,
    timeWindows: lean ? [] : timeWindows(m.sunrise, m.sunset, m.nextSunrise, weekday, m.varjyams),
  };
}
