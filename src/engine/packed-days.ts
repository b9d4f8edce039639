/**
 * The Kathmandu days of a BS month as the build stores them for the functions (one small JSON file a month):
 * only what is measured of each day (moments and parts, src/engine/day.ts MeasuredDay), in arrays; the
 * rest of the Panchanga is assembled again by the engine's own dayFromMeasured, so a day read back is the day
 * panchangaOfDay computes, number for number (JSON keeps every double exactly). Reading one costs no astronomy.
 */
import { GRAHAS } from '../calendar/names.ts';
import { dayFromMeasured, grahaAt, type DayPanchanga, type Part } from './day.ts';
import type { ModelId } from './model.ts';

/** Parts as [index, endsAt, index, endsAt, …]. */
type PackedParts = number[];

/**
 * One day: sunrise, sunset, next sunrise, moonrise, moonset (moments, fixed days UT; null where none), the
 * tithis, nakshatras, yogas, karanas and Moon signs, the grahas in names.ts GRAHAS order as
 * [longitude, 1 if retrograde else 0, …], and the varjyams as [start, end, start, end, …].
 */
export type PackedDay = [
  number,
  number,
  number,
  number | null,
  number | null,
  PackedParts,
  PackedParts,
  PackedParts,
  PackedParts,
  PackedParts,
  number[],
  number[],
];

/** A month's stored days. `schemaVersion` changes with the layout; a reader refuses another. */
export interface PackedMonth {
  readonly schemaVersion: typeof PACKED_SCHEMA_VERSION;
  /** Fixed day number of the month's first day. */
  readonly first: number;
  readonly models: { readonly tithi: ModelId; readonly limbs: ModelId };
  readonly days: readonly PackedDay[];
}

export const PACKED_SCHEMA_VERSION = 2;

/** A month's stored days without the days: what unpacking one of them needs besides it. */
export type PackedHead = Omit<PackedMonth, 'days'>;

function packParts(parts: readonly Part[]): PackedParts {
  const packed: PackedParts = [];
  for (const p of parts) packed.push(p.index, p.endsAt);
  return packed;
}

function unpackParts(packed: PackedParts): Part[] {
  const parts: Part[] = [];
  for (let i = 0; i < packed.length; i += 2) parts.push({ index: packed[i]!, endsAt: packed[i + 1]! });
  return parts;
}

/** The stored form of consecutive full (not lean) days of one month at Kathmandu, all of one pair of models. */
export function packMonth(days: readonly DayPanchanga[]): PackedMonth {
  const first = days[0]!;
  return {
    schemaVersion: PACKED_SCHEMA_VERSION,
    first: first.fixed,
    models: { tithi: first.tithiModel, limbs: first.limbModel },
    days: days.map((p, i): PackedDay => {
      if (p.fixed !== first.fixed + i || p.tithiModel !== first.tithiModel || p.limbModel !== first.limbModel)
        throw new RangeError(`packMonth: day ${p.fixed} does not follow ${first.fixed} in the same models`);
      return [
        p.sunrise,
        p.sunset,
        p.nextSunrise,
        p.moonrise,
        p.moonset,
        packParts(p.tithis),
        packParts(p.nakshatras),
        packParts(p.yogas),
        packParts(p.karanas),
        packParts(p.moonSigns),
        p.grahas.flatMap((g, k) => {
          if (g.id !== GRAHAS[k]!.id) throw new RangeError(`packMonth: graha ${g.id} out of order`);
          return [g.longitude, g.retrograde ? 1 : 0];
        }),
        p.timeWindows.filter((w) => w.id === 'varjyam').flatMap((w) => [w.start, w.end]),
      ];
    }),
  };
}

/**
 * The Panchanga of day `fixed` from its month's stored days, or null when the month does not hold it (or was
 * stored in another layout).
 */
export function unpackDay(month: PackedMonth, fixed: number): DayPanchanga | null {
  return unpackStoredDay(month, month.days[fixed - month.first], fixed);
}

/**
 * The Panchanga of day `fixed` from its stored form and its month's head (a function reads the one day's line of
 * the file: src/contract/rows.ts), or null when there is none or the month was stored in another layout.
 */
export function unpackStoredDay(
  head: PackedHead,
  packed: PackedDay | undefined,
  fixed: number,
): DayPanchanga | null {
  if (head.schemaVersion !== PACKED_SCHEMA_VERSION || !packed) return null;
  const [
    sunrise,
    sunset,
    nextSunrise,
    moonrise,
    moonset,
    tithis,
    nakshatras,
    yogas,
    karanas,
    moonSigns,
    g,
    v,
  ] = packed;
  return dayFromMeasured(fixed, head.models, {
    sunrise,
    sunset,
    nextSunrise,
    moonrise,
    moonset,
    tithis: unpackParts(tithis),
    nakshatras: unpackParts(nakshatras),
    yogas: unpackParts(yogas),
    karanas: unpackParts(karanas),
    moonSigns: unpackParts(moonSigns),
    grahas: GRAHAS.map(({ id }, k) => grahaAt(id, g[2 * k]!, g[2 * k + 1] === 1)),
    varjyams: Array.from({ length: v.length / 2 }, (_, k) => [v[2 * k]!, v[2 * k + 1]!] as const),
  });
}
