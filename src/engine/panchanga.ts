/**
 * The Panchanga of one civil day at Kathmandu (or at any place): everything a printed almanac shows, as plain data
 * (indexes and moments; names and clock strings are added by the record builders in src/almanac/).
 *
 * The day runs from sunrise to the next sunrise. Each limb lists every part that holds during it, the first
 * being the one current at sunrise: a tithi that begins and ends inside the day is kshaya (skipped at
 * sunrise), and a tithi still current at the next sunrise spans two sunrises (vriddhi).
 */
import { fixedToBs } from '../calendar/bs.ts';
import { limbModelForYear, tithiModelForYear } from './almanac-model.ts';
import { dayFromMeasured, type DayPanchanga, type Part } from './day.ts';
import { LIMBS, nextCrossing, type Limb } from './elements.ts';
import { grahaPositions } from './grahas.ts';
import type { AstronomicalModel } from './model.ts';
import { modern } from './modern.ts';
import { KATHMANDU, moonrise, moonset, sunrise, sunset, type Place } from './sun.ts';
import { VARJYAM_LOOKBACK_DAYS, varjyamsBetween } from './time-windows.ts';

/** Every part of a limb from `start` until `end`, the first being the one current at `start`. */
export function partsBetween(limb: Limb, model: AstronomicalModel, start: number, end: number): Part[] {
  const parts: Part[] = [];
  const count = Math.round(360 / limb.degreesPerPart);
  let moment = start;
  let angle = limb.angle(model, start);
  let index = Math.floor(angle / limb.degreesPerPart) + 1;
  for (;;) {
    const target = (index * limb.degreesPerPart) % 360;
    const endsAt = nextCrossing(limb, model, moment, target, angle);
    parts.push({ index, endsAt });
    if (endsAt >= end || parts.length > 6) return parts;
    // The next part starts where this one ended: its angle is the boundary, its index the next one.
    moment = endsAt;
    angle = target;
    index = (index % count) + 1;
  }
}

/** The tithi current at sunrise (Kathmandu unless told) of a day (1–30) and when it ends, with a given model. */
export function tithiAtSunrise(
  fixed: number,
  model: AstronomicalModel = tithiModelForYear(fixedToBs(fixed).year),
  place: Place = KATHMANDU,
): Part {
  const rise = sunriseAt(fixed, place);
  return partsBetween(LIMBS.tithi, model, rise, rise)[0]!;
}

/** Sunrise at a place, or a RangeError naming `lat` where the Sun does not rise that day (polar day or night). */
function sunriseAt(fixed: number, place: Place): number {
  const rise = sunrise(fixed, place);
  if (rise === null) throw new RangeError(`lat ${place.lat}: the Sun does not rise there on day ${fixed}`);
  return rise;
}

export interface PanchangaOptions {
  /** The model for tithis; default: the one the year's almanac uses (data/engine/almanac-models.json). */
  readonly tithiModel?: AstronomicalModel;
  /** The model for nakshatra, yoga, karana and Moon sign; default: the year's (data/engine/almanac-models.json). */
  readonly limbModel?: AstronomicalModel;
  /** Skip grahas, moonrise/moonset and time windows (month files need only tithi, sunrise and sunset). */
  readonly lean?: boolean;
  /**
   * Where the day is seen: sunrise, sunset, moonrise and moonset there, every limb from that sunrise, the
   * grahas at it and the time windows between that sunrise and sunset. Default: Kathmandu (the almanac's
   * place; the same answers as `KATHMANDU` given explicitly). Throws a RangeError naming the field for a place
   * off the Earth, and naming `lat` where the Sun does not rise or set that day.
   */
  readonly place?: Place;
}

/** Kathmandu days (default models) remembered while a build shares them (sharingDays), and their sunrises. */
let shared: { readonly days: Map<number, DayPanchanga>; readonly rises: Map<number, number> } | null = null;

/**
 * Runs `body` with every Kathmandu day of the default models that panchangaOfDay computes in it remembered and
 * handed out again, whole (a lean request gets the full day: the same tithis, sunrise and sunset), and each
 * sunrise computed once (a day's next sunrise is the next day's sunrise). The build wraps each BS year in it,
 * so its month files, muhurats and stored days compute each day once. Example: `sharingDays(() => computeYear(2083))`.
 */
export function sharingDays<T>(body: () => T): T {
  const outer = shared;
  shared = { days: new Map(), rises: new Map() };
  try {
    return body();
  } finally {
    shared = outer;
  }
}

/**
 * The Panchanga of a Nepal civil day (fixed day number), at Kathmandu or at `options.place`.
 * Throws OutOfRangeError outside the BS table.
 * Example: `panchangaOfDay(fixed, { place: { lat: 26.4525, lon: 87.2718, elevationM: 72 } })` (Biratnagar).
 */
export function panchangaOfDay(fixed: number, options: PanchangaOptions = {}): DayPanchanga {
  const share =
    options.place === undefined && options.tithiModel === undefined && options.limbModel === undefined
      ? shared
      : null;
  const known = share?.days.get(fixed);
  if (known) return known;
  const year = fixedToBs(fixed).year;
  const tithiModel = options.tithiModel ?? tithiModelForYear(year);
  const limbModel = options.limbModel ?? limbModelForYear(year);
  const place = options.place ?? KATHMANDU;
  const riseOn = (day: number): number => {
    const known = share?.rises.get(day);
    if (known !== undefined) return known;
    const rise = sunriseAt(day, place);
    share?.rises.set(day, rise);
    return rise;
  };
  const rise = riseOn(fixed);
  const set = sunset(fixed, place);
  if (set === null) throw new RangeError(`lat ${place.lat}: the Sun does not set there on day ${fixed}`);
  const nextRise = riseOn(fixed + 1);
  const lean = share ? false : (options.lean ?? false);
  const limbs = limbModel;
  // The modern model answers from cached interpolation blocks shared by neighbouring days (src/engine/ephemeris.ts).
  const day = dayFromMeasured(
    fixed,
    { tithi: tithiModel.id, limbs: limbModel.id },
    {
      sunrise: rise,
      sunset: set,
      nextSunrise: nextRise,
      moonrise: lean ? null : moonrise(fixed, place),
      moonset: lean ? null : moonset(fixed, place),
      tithis: partsBetween(LIMBS.tithi, tithiModel, rise, nextRise),
      nakshatras: lean ? [] : partsBetween(LIMBS.nakshatra, limbs, rise, nextRise),
      yogas: lean ? [] : partsBetween(LIMBS.yoga, limbs, rise, nextRise),
      karanas: lean ? [] : partsBetween(LIMBS.karana, limbs, rise, nextRise),
      moonSigns: lean ? [] : partsBetween(LIMBS.moonSign, limbs, rise, nextRise),
      // Planetary positions are modern (the traditional model has no planets here): Sun and Moon too, for one frame.
      grahas: lean ? [] : grahaPositions(modern, rise),
      // The varjyams by the Moon's true nakshatras, as the almanac gives them whatever its nakshatras' model.
      varjyams: lean
        ? []
        : varjyamsBetween(
            partsBetween(LIMBS.nakshatra, modern, rise - VARJYAM_LOOKBACK_DAYS, nextRise),
            rise,
            nextRise,
          ),
    },
    lean,
  );
  share?.days.set(fixed, day);
  return day;
}
