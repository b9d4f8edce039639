import { describe, expect, it } from 'vitest';
import { fixedFromGregorian, MINUTES_PER_DAY, nepalClock, nepalMidnight } from './time.ts';
import { isTimeZone, secondsUntilZonedMidnight, zonedClock, zonedToday, zoneOffsetMinutes } from './zone.ts';

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
