import { describe, expect, it } from 'vitest';
import { fixedFromGregorian, MINUTES_PER_DAY, nepalClock, nepalMidnight } from './time.ts';
import {
  isTimeZone,
  NEPAL_TIME_ZONE,
  secondsUntilZonedMidnight,
  zonedClock,
  zonedToday,
  zoneOffsetMinutes,
} from './zone.ts';

/** Kathmandu under its older tz name, which zone.ts answers through Intl (ICU's tz database): the outside truth. */
const KATMANDU_BY_INTL = 'Asia/Katmandu';

describe('clocks in an IANA zone', () => {
  it('print Asia/Kathmandu exactly as nepalClock, before and after the 1986 change to +05:45, past 24 too', () => {
    for (const start of [
      fixedFromGregorian(1984, 6, 1),
      fixedFromGregorian(1985, 12, 28),
      fixedFromGregorian(2026, 4, 14),
    ])
      for (let day = start; day < start + 3; day++)
        // (Not across 1985-12-31's midnight, where Nepal's clocks jumped 15 minutes: nepalClock keeps the day's
        // offset past midnight, the zone the new one.) Off the half minute, where both roundings see only floating-point noise.
        for (let minute = 0.1; minute < 1.6 * MINUTES_PER_DAY; minute += 7 + 1 / 3) {
          const moment = nepalMidnight(day) + minute / MINUTES_PER_DAY;
          expect(zonedClock(moment, day, 'Asia/Kathmandu'), `${day} ${minute}`).toBe(nepalClock(moment, day));
        }
  });

  it('answer Asia/Kathmandu without Intl, as Intl’s tz database does from 1920 (the 1986 change too)', () => {
    expect(isTimeZone(KATMANDU_BY_INTL)).toBe(true);
    // Every 7 h 13 min 17 s (so that every minute of the day and both sides of midnight come round) over a year
    // after 1920, the weeks around the change to +05:45 at 1986-01-01 00:00, a year now and one in 2150.
    const STEP_MS = ((7 * 60 + 13) * 60 + 17) * 1000;
    let compared = 0;
    for (const [from, days] of [
      [Date.UTC(1920, 0, 1), 366],
      [Date.UTC(1985, 11, 20), 25],
      [Date.UTC(2026, 0, 1), 365],
      [Date.UTC(2150, 0, 1), 365],
    ] as const)
      for (let ms = from; ms < from + days * 86_400_000; ms += STEP_MS) {
        const when = new Date(ms).toISOString();
        expect(zonedToday(ms, NEPAL_TIME_ZONE), when).toBe(zonedToday(ms, KATMANDU_BY_INTL));
        expect(secondsUntilZonedMidnight(ms, NEPAL_TIME_ZONE), when).toBe(
          secondsUntilZonedMidnight(ms, KATMANDU_BY_INTL),
        );
        const moment = ms / 86_400_000 + fixedFromGregorian(1970, 1, 1);
        expect(zonedClock(moment, zonedToday(ms, NEPAL_TIME_ZONE), NEPAL_TIME_ZONE), when).toBe(
          zonedClock(moment, zonedToday(ms, KATMANDU_BY_INTL), KATMANDU_BY_INTL),
        );
        compared++;
      }
    expect(compared).toBeGreaterThan(3000);
    // Before 1920 the tz database keeps Kathmandu's local mean time (+05:41:16); the service's Nepal clock, the one
    // the Kathmandu records print, is +05:30 before 1986 (time.ts), and a place in Nepal keeps it.
    const in1900 = fixedFromGregorian(1900, 6, 1) + 0.25;
    expect(zoneOffsetMinutes(in1900, KATMANDU_BY_INTL)).toBe(341);
    expect(zoneOffsetMinutes(in1900, NEPAL_TIME_ZONE)).toBe(330);
  });

  it('follow daylight saving time: New York is UTC−5 in January and UTC−4 in July (Intl’s tz database)', () => {
    const jan = fixedFromGregorian(2026, 1, 15);
    const jul = fixedFromGregorian(2026, 7, 15);
    expect(zoneOffsetMinutes(jan + 0.5, 'America/New_York')).toBe(-300);
    expect(zoneOffsetMinutes(jul + 0.5, 'America/New_York')).toBe(-240);
    expect(zoneOffsetMinutes(jul + 0.5, 'Asia/Kathmandu')).toBe(345);
    // 12:00 UT is 07:00 in New York in January, 08:00 in July; 02:30 UT the next day is 21:30 / 22:30 — past 24 not.
    expect(zonedClock(jan + 0.5, jan, 'America/New_York')).toBe('07:00');
    expect(zonedClock(jul + 0.5, jul, 'America/New_York')).toBe('08:00');
    expect(zonedClock(jan + 1 + 6 / 24, jan, 'America/New_York')).toBe('25:00');
  });

  it('know the zones Intl knows, and no others', () => {
    expect(isTimeZone('Asia/Kathmandu')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
  });

  it('give the civil date and the seconds to midnight of a zone', () => {
    const ms = Date.UTC(2026, 3, 13, 18, 15, 0); // 2026-04-14 00:00 in Nepal, 2026-04-13 14:15 in New York
    expect(zonedToday(ms, 'Asia/Kathmandu')).toBe(fixedFromGregorian(2026, 4, 14));
    expect(zonedToday(ms, 'America/New_York')).toBe(fixedFromGregorian(2026, 4, 13));
    expect(secondsUntilZonedMidnight(ms, 'Asia/Kathmandu')).toBe(86_400);
    expect(secondsUntilZonedMidnight(ms, 'America/New_York')).toBe((9 * 60 + 45) * 60);
  });
});
