/**
 * Eclipses seen from Kathmandu, as almanac days: a muhurat condition (no ceremony on an eclipse day). Lunar
 * eclipses count from the umbral (partial or total) phase with the Moon above the horizon, as Nepali almanacs
 * print only the eclipses visible in Nepal; penumbral ones are not observed. Solar eclipses count when some phase
 * is seen from Kathmandu. From astronomy-engine's eclipse searches (Espenak's canon reproduces to under a minute);
 * for BS 1900–2200 as those searches stored them in data/engine/eclipses.json (`npm run generate:eclipses`).
 */
import {
  Body,
  Equator,
  Horizon,
  EclipseKind,
  NextLocalSolarEclipse,
  NextLunarEclipse,
  Observer,
  SearchLocalSolarEclipse,
  SearchLunarEclipse,
  type AstroTime,
} from 'astronomy-engine';
import table from '../../data/engine/eclipses.json' with { type: 'json' };
import { J2000_FIXED_MOMENT, MINUTES_PER_DAY, nepalLocal } from '../calendar/time.ts';
import type { EclipsesFile } from '../contract/eclipses.ts';
import {
  KATHMANDU_HEIGHT_M,
  KATHMANDU_LATITUDE_DEG,
  KATHMANDU_LONGITUDE_DEG,
  sunrise,
} from '../engine/sun.ts';

const KATHMANDU = new Observer(KATHMANDU_LATITUDE_DEG, KATHMANDU_LONGITUDE_DEG, KATHMANDU_HEIGHT_M);

export interface Eclipse {
  readonly kind: 'lunar' | 'solar';
  /** Moment (fixed days, UT) of greatest eclipse. */
  readonly peak: number;
  /** The almanac day (sunrise to next sunrise, Nepal) holding the peak. */
  readonly fixed: number;
}

const momentOf = (time: AstroTime) => time.ut + J2000_FIXED_MOMENT;
/** astronomy-engine takes a number as days of UT since J2000. */
const dateOf = (moment: number) => moment - J2000_FIXED_MOMENT;

/** The almanac day of a moment: its Nepal civil day, or the day before when it falls before that day's sunrise. */
export function almanacDayOf(moment: number): number {
  const { fixed } = nepalLocal(moment);
  return moment < sunrise(fixed) ? fixed - 1 : fixed;
}

function moonUp(moment: number): boolean {
  const date = dateOf(moment);
  const eq = Equator(Body.Moon, date, KATHMANDU, true, true);
  return Horizon(date, KATHMANDU, eq.ra, eq.dec, 'normal').altitude > 0;
}

/**
 * A walk through one kind of eclipse in time order, remembered: the searches are the costly part (a local solar
 * eclipse of Kathmandu can be years after the last), so consecutive ranges (a build's years, a year's
 * neighbours) extend the walk instead of searching from their start again. The walk holds every eclipse of its
 * kind from its start to its last entry, which lies past the last range asked; a range beginning before the walk
 * or after that entry starts a new walk.
 */
class EclipseWalk<E> {
  private start = Infinity;
  private found: E[] = [];

  private readonly first: (from: number) => E;
  private readonly next: (previous: E) => E;
  private readonly peakOf: (e: E) => number;

  constructor(first: (from: number) => E, next: (previous: E) => E, peakOf: (e: E) => number) {
    this.first = first;
    this.next = next;
    this.peakOf = peakOf;
  }

  /** The eclipses of this kind with peaks in [from, to], in order. */
  between(from: number, to: number): E[] {
    const last = this.found[this.found.length - 1];
    // Walked already up to a peak past `from`: go on from there; else (before the walk, or past its end) anew.
    if (last === undefined || from < this.start || from > this.peakOf(last)) {
      this.start = from;
      this.found = [this.first(from)];
    }
    while (this.peakOf(this.found[this.found.length - 1]!) <= to)
      this.found.push(this.next(this.found[this.found.length - 1]!));
    return this.found.filter((e) => this.peakOf(e) >= from && this.peakOf(e) <= to);
  }
}

const lunarEclipses = new EclipseWalk(
  (from) => SearchLunarEclipse(dateOf(from)),
  (e) => NextLunarEclipse(e.peak),
  (e) => momentOf(e.peak),
);

const solarEclipses = new EclipseWalk(
  (from) => SearchLocalSolarEclipse(dateOf(from), KATHMANDU),
  (e) => NextLocalSolarEclipse(e.peak.time, KATHMANDU),
  (e) => momentOf(e.peak.time),
);

/**
 * Eclipses seen from Kathmandu whose peak lies between two moments (fixed days, UT), in order, as the searches
 * find them (what data/engine/eclipses.json stores; eclipsesBetween reads that).
 * Example: `searchEclipses(fixedFromGregorian(2025, 1, 1), fixedFromGregorian(2026, 1, 1))`.
 */
export function searchEclipses(from: number, to: number): Eclipse[] {
  const found: Eclipse[] = [];
  for (const e of lunarEclipses.between(from, to)) {
    if (e.kind === EclipseKind.Penumbral) continue;
    const peak = momentOf(e.peak);
    const half = e.sd_partial / MINUTES_PER_DAY;
    if ([peak - half, peak, peak + half].some(moonUp)) {
      found.push({ kind: 'lunar', peak, fixed: almanacDayOf(peak) });
    }
  }
  for (const e of solarEclipses.between(from, to)) {
    const peak = momentOf(e.peak.time);
    found.push({ kind: 'solar', peak, fixed: almanacDayOf(peak) });
  }
  return found.sort((a, b) => a.peak - b.peak);
}

/** Days before BS 1900 and after BS 2200 the stored table covers (a muhurat year looks 16 days beyond its ends). */
export const ECLIPSE_TABLE_MARGIN_DAYS = 30;

const stored = table as EclipsesFile;

/** The index of the first stored eclipse whose peak is at or after a moment. */
function firstFrom(moment: number): number {
  let [lo, hi] = [0, stored.eclipses.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (stored.eclipses[mid]!.peak < moment) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Eclipses seen from Kathmandu whose peak lies between two moments (fixed days, UT), in order: read from
 * data/engine/eclipses.json within its range (BS 1900–2200 and a month either side), searched outside it.
 * Example: `eclipsesBetween(fixedFromGregorian(2025, 1, 1), fixedFromGregorian(2026, 1, 1))`.
 */
export function eclipsesBetween(from: number, to: number): Eclipse[] {
  if (from < stored.from || to > stored.to + 1) return searchEclipses(from, to);
  const found: Eclipse[] = [];
  for (let i = firstFrom(from); i < stored.eclipses.length && stored.eclipses[i]!.peak <= to; i++)
    found.push(stored.eclipses[i]!);
  return found;
}
