/**
 * A day at any place: rise and set against the US Naval Observatory's published tables at two places far from
 * Kathmandu, the Kathmandu coordinates giving exactly the default answers, limbs from the place's sunrise, and
 * clear errors for places off the Earth or days without a sunrise.
 *
 * Reference: test/reference/usno-riseset-2019.txt, rise and set times for 2019 from the USNO's "Sun or Moon
 * Rise/Set Table for One Year" (aa.usno.navy.mil), as astronomy-engine keeps them for its own tests
 * (cosinekitty/astronomy, generate/riseset/riseset.txt): the Sun at 29° N 81° W and at 60° N 0°, the Moon at
 * 29° N 81° W. The USNO prints whole minutes of UT, so a moment may be 30 s off by rounding alone.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bsToFixed } from '../calendar/bs.ts';
import { momentFromUnixMs } from '../calendar/time.ts';
import { LIMBS, limbIndex } from './elements.ts';
import { modern } from './modern.ts';
import { panchangaOfDay, tithiAtSunrise } from './panchanga.ts';
import {
  KATHMANDU_HEIGHT_M,
  KATHMANDU_LATITUDE_DEG,
  KATHMANDU_LONGITUDE_DEG,
  moonrise,
  moonset,
  placeDayStart,
  sunrise,
  sunset,
  type Place,
} from './sun.ts';

/** Whole printed minutes (±30 s) plus a few seconds between the two models (measured worst: 0.53 min). */
const USNO_TOLERANCE_MIN = 0.6;

interface UsnoEvent {
  body: 'Sun' | 'Moon';
  place: Place;
  moment: number;
  kind: 'r' | 's';
}
const usno: UsnoEvent[] = readFileSync('test/reference/usno-riseset-2019.txt', 'utf8')
  .trim()
  .split('\n')
  .map((line) => {
    const [body, lon, lat, iso, kind] = line.trim().split(/\s+/);
    return {
      body: body as UsnoEvent['body'],
      place: { lat: Number(lat), lon: Number(lon), elevationM: 0 },
      moment: momentFromUnixMs(Date.parse(iso!)),
      kind: kind as UsnoEvent['kind'],
    };
  });

/** The civil day (fixed) of a place that contains a moment. */
function dayAt(place: Place, moment: number): number {
  let fixed = Math.floor(moment);
  while (placeDayStart(fixed, place) > moment) fixed--;
  while (placeDayStart(fixed + 1, place) <= moment) fixed++;
  return fixed;
}

describe('rise and set at a place against the USNO tables for 2019', () => {
  const cases = [
    ['the Sun at 29° N 81° W', 'Sun', -81, 29],
    ['the Sun at 60° N 0°', 'Sun', 0, 60],
    ['the Moon at 29° N 81° W', 'Moon', -81, 29],
  ] as const;
  for (const [name, body, lon, lat] of cases)
    it(`${name}: every printed rise and set within ${USNO_TOLERANCE_MIN} min`, () => {
      const events = usno.filter((e) => e.body === body && e.place.lon === lon && e.place.lat === lat);
      expect(events.length).toBeGreaterThan(700);
      const rise = body === 'Sun' ? sunrise : moonrise;
      const set = body === 'Sun' ? sunset : moonset;
      const off: string[] = [];
      let worst = 0;
      for (const event of events) {
        const fixed = dayAt(event.place, event.moment);
        const ours = (event.kind === 'r' ? rise : set)(fixed, event.place);
        const minutes = ours === null ? Infinity : Math.abs(ours - event.moment) * 1440;
        worst = Math.max(worst, minutes);
        if (minutes > USNO_TOLERANCE_MIN)
          off.push(`${event.kind} on day ${fixed}: ${minutes.toFixed(2)} min`);
      }
      expect(off).toEqual([]);
      expect(worst).toBeLessThanOrEqual(USNO_TOLERANCE_MIN);
    });

  it('finds no moonrise at 29° N 81° W on the days the USNO prints none', () => {
    const place: Place = { lat: 29, lon: -81, elevationM: 0 };
    const printed = new Set(
      usno.filter((e) => e.body === 'Moon' && e.kind === 'r').map((e) => dayAt(place, e.moment)),
    );
    const days = [...printed].sort((a, b) => a - b);
    const missing: number[] = [];
    for (let fixed = days[0]!; fixed <= days.at(-1)!; fixed++) if (!printed.has(fixed)) missing.push(fixed);
    // A lunar day is 24 h 50 min: about one day a month has no moonrise.
    expect(missing.length).toBeGreaterThan(8);
    for (const fixed of missing) expect(moonrise(fixed, place), `day ${fixed}`).toBeNull();
  });
});

describe('a day at a place', () => {
  const kathmandu: Place = {
    lat: KATHMANDU_LATITUDE_DEG,
    lon: KATHMANDU_LONGITUDE_DEG,
    elevationM: KATHMANDU_HEIGHT_M,
  };
  const from = bsToFixed({ year: 2082, month: 1, day: 1 });
  const to = bsToFixed({ year: 2083, month: 1, day: 1 });

  it('gives exactly the default answers at the Kathmandu coordinates, on every day of BS 2082', () => {
    for (let fixed = from; fixed < to; fixed++) {
      expect(panchangaOfDay(fixed, { place: kathmandu })).toStrictEqual(panchangaOfDay(fixed));
    }
  });

  it('starts every limb at the place’s sunrise, and a limb ends at the same moment wherever it is seen', () => {
    const newYork: Place = { lat: 40.7128, lon: -74.006, elevationM: 10 };
    for (let fixed = from; fixed < from + 60; fixed++) {
      const there = panchangaOfDay(fixed, { place: newYork, tithiModel: modern, limbModel: modern });
      const here = panchangaOfDay(fixed, { tithiModel: modern, limbModel: modern });
      expect(there.sunrise).toBe(sunrise(fixed, newYork));
      // New York's sunrise comes 10–11 hours after Kathmandu's of the same date.
      expect((there.sunrise - here.sunrise) * 24).toBeGreaterThan(9.5);
      expect((there.sunrise - here.sunrise) * 24).toBeLessThan(11.5);
      expect(there.tithis[0]!.index).toBe(limbIndex(LIMBS.tithi, modern, there.sunrise));
      expect(there.nakshatras[0]!.index).toBe(limbIndex(LIMBS.nakshatra, modern, there.sunrise));
      expect(tithiAtSunrise(fixed, modern, newYork)).toEqual(there.tithis[0]);
      // Boundaries are moments of the sky, not of the place: a tithi seen from both ends at one moment.
      for (const part of there.tithis) {
        const same = here.tithis.find((p) => p.index === part.index);
        if (same) expect(Math.abs(same.endsAt - part.endsAt) * 86_400).toBeLessThan(0.5);
      }
      const [rahu] = there.timeWindows;
      expect(rahu!.start).toBeGreaterThanOrEqual(there.sunrise);
      expect(rahu!.end).toBeLessThanOrEqual(there.sunset);
      // So is a varjyam: one seen from both places (each day holds those that begin in it) is one span.
      const varjyams = (p: typeof here) => p.timeWindows.filter((w) => w.id === 'varjyam');
      const seenHere = [...varjyams(here), ...varjyams(panchangaOfDay(fixed + 1))];
      for (const w of varjyams(there)) {
        const same = seenHere.find((v) => Math.abs(v.start - w.start) < 0.01);
        expect(same, `day ${fixed}`).toBeDefined();
        expect(Math.abs(same!.start - w.start) * 86_400).toBeLessThan(0.5);
        expect(Math.abs(same!.end - w.end) * 86_400).toBeLessThan(0.5);
      }
    }
  });

  it('names the field of a place off the Earth', () => {
    expect(() => panchangaOfDay(from, { place: { lat: 91, lon: 0 } })).toThrow(/lat/);
    expect(() => panchangaOfDay(from, { place: { lat: 0, lon: 181 } })).toThrow(/lon/);
    expect(() => panchangaOfDay(from, { place: { lat: 0, lon: Number.NaN } })).toThrow(/lon/);
    expect(() => panchangaOfDay(from, { place: { lat: 0, lon: 0, elevationM: 20_000 } })).toThrow(
      /elevationM/,
    );
  });

  it('says so where the Sun does not rise that day (polar night)', () => {
    const svalbard: Place = { lat: 78.2232, lon: 15.6267 };
    const midwinter = bsToFixed({ year: 2082, month: 9, day: 6 });
    expect(sunrise(midwinter, svalbard)).toBeNull();
    expect(() => panchangaOfDay(midwinter, { place: svalbard })).toThrow(RangeError);
    expect(() => panchangaOfDay(midwinter, { place: svalbard })).toThrow(/lat/);
  });
});
