import { describe, expect, it } from 'vitest';
import { bsToFixed, daysInBsMonth } from '../calendar/bs.ts';
import { toDevanagariDigits } from '../calendar/digits.ts';
import { nepalClock } from '../calendar/time.ts';
import { LIMBS, nextCrossing } from '../engine/elements.ts';
import { modern } from '../engine/modern.ts';
import { panchangaOfDay } from '../engine/panchanga.ts';
import { suryaSiddhanta } from '../engine/surya-siddhanta.ts';
import { printedEndMoment, tithisBetween, tithisImpliedByEnds, TITHI_HOURS } from './printed-tithis.ts';

describe('the length of a tithi', () => {
  for (const model of [modern, suryaSiddhanta]) {
    it(`stays within TITHI_HOURS for every tithi of BS 2000–2100 (${model.id})`, () => {
      const start = bsToFixed({ year: 2000, month: 1, day: 1 });
      const end = bsToFixed({ year: 2100, month: 1, day: 1 });
      let angle = LIMBS.tithi.angle(model, start);
      let target = (Math.floor(angle / 12) + 1) * 12;
      let previous = nextCrossing(LIMBS.tithi, model, start, target % 360, angle);
      let [shortest, longest] = [Infinity, 0];
      while (previous < end) {
        angle = target % 360;
        target = angle + 12;
        const next = nextCrossing(LIMBS.tithi, model, previous, target % 360, angle);
        const hours = (next - previous) * 24;
        [shortest, longest] = [Math.min(shortest, hours), Math.max(longest, hours)];
        previous = next;
      }
      console.log(`${model.id}: tithis last ${shortest.toFixed(2)}–${longest.toFixed(2)} h`);
      expect(shortest).toBeGreaterThan(TITHI_HOURS.min);
      expect(longest).toBeLessThan(TITHI_HOURS.max);
    });
  }
});

/** A month of days printed the way an almanac prints them: the sunrise tithi and its end, from the engine. */
function printedMonth(year: number, month: number) {
  return Array.from({ length: daysInBsMonth(year, month) }, (_, i) => {
    const p = panchangaOfDay(bsToFixed({ year, month, day: i + 1 }), { lean: true });
    const [tithi] = p.tithis;
    return {
      fixed: p.fixed,
      tithi: tithi!.index,
      ends: nepalClock(tithi!.endsAt, p.fixed),
      vriddhi: p.tithiVriddhi,
      kshaya: p.kshayaTithis,
    };
  });
}

describe('tithis implied by printed end times', () => {
  // A year holds tithis spanning two sunrises and skipped ones (checked below), so every step occurs.
  const year = Array.from({ length: 12 }, (_, m) => printedMonth(2083, m + 1)).flat();

  it('are the printed labels when the labels and end times agree, across vriddhi and kshaya days', () => {
    expect(year.filter((d) => d.vriddhi).length).toBeGreaterThan(3);
    expect(year.filter((d) => d.kshaya.length > 0).length).toBeGreaterThan(3);
    expect(tithisImpliedByEnds(year)).toEqual(year.map((d) => d.tithi));
  });

  it('restore a run of labels shifted by one against their own end times', () => {
    const days = year.slice(180, 240);
    const shifted = days.map((d, i) => (i >= 14 && i <= 19 ? { ...d, tithi: (d.tithi % 30) + 1 } : d));
    expect(tithisImpliedByEnds(shifted)).toEqual(days.map((d) => d.tithi));
  });

  it('read an end after midnight printed as 25:10 or as 01:10, in either script', () => {
    const day = year.find((d) => Number(d.ends.slice(0, 2)) >= 24)!;
    const moment = printedEndMoment(day)!;
    const wrapped = `${String(Number(day.ends.slice(0, 2)) - 24).padStart(2, '0')}${day.ends.slice(2)}`;
    for (const ends of [wrapped, toDevanagariDigits(day.ends), toDevanagariDigits(wrapped)])
      expect(printedEndMoment({ ...day, ends }), ends).toBeCloseTo(moment, 9);
    expect(moment - printedEndMoment({ ...day, ends: '12:00' })!).toBeGreaterThan(0.5);
  });

  it('leave a day without an end time, or a stretch without a majority, unlabelled', () => {
    const days = year.slice(0, 6);
    const gap = days.map((d, i) => (i === 2 ? { ...d, ends: null } : d));
    expect(tithisImpliedByEnds(gap)[2]).toBeNull();
    expect(tithisImpliedByEnds(gap).filter((t) => t === null)).toHaveLength(1);
    // Two days, one label shifted: neither reading has more than half of the stretch.
    const split = [days[0]!, { ...days[1]!, tithi: (days[1]!.tithi % 30) + 1 }];
    expect(tithisImpliedByEnds(split)).toEqual([null, null]);
  });

  it('count one tithi between ends 19.5–27.5 h apart, two between 39–55 h, none in the gap or backwards', () => {
    const hour = 1 / 24;
    expect(tithisBetween(0, 0.02 * hour)).toBe(0);
    expect(tithisBetween(0, 20 * hour)).toBe(1);
    expect(tithisBetween(0, 27 * hour)).toBe(1);
    expect(tithisBetween(0, 30 * hour)).toBeNull();
    expect(tithisBetween(0, 43 * hour)).toBe(2);
    expect(tithisBetween(0, -3 * hour)).toBeNull();
  });
});
