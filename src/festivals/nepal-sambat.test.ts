import { describe, expect, it } from 'vitest';
import { readSharedJsonl } from '../../test/support/shared-data.ts';
import { bsToFixed } from '../calendar/bs.ts';
import { fromDevanagariDigits } from '../calendar/digits.ts';
import { nepalSambatOfDay, nepalSambatText } from './nepal-sambat.ts';

interface DetailDay {
  readonly bsY: number;
  readonly bsM: number;
  readonly bsD: number;
  readonly nepalSambat: string;
}

describe('Nepal Sambat', () => {
  // The one almanac that prints it (BS 2083) gives the year ("ने.सं. ११४६"): the year turns on Kachhala thwa 1,
  // the day after Laxmi Puja (Mha Puja), Kartik 24, 2083 (10 November 2026). Two days print no year (blank in the
  // source) and are left out.
  const days = readSharedJsonl<DetailDay>('almanac/2083-details.jsonl');
  const printed = days.flatMap((day) => {
    const year = /ने\.सं\. ([०-९]+)/.exec(day.nepalSambat)?.[1];
    return year ? [{ day, year: Number(fromDevanagariDigits(year)) }] : [];
  });

  it('has the year the 2083 almanac prints on every day that prints one', () => {
    expect(printed.length).toBeGreaterThan(360);
    const misses = printed.filter(
      ({ day, year }) =>
        nepalSambatOfDay(bsToFixed({ year: day.bsY, month: day.bsM, day: day.bsD })).year !== year,
    );
    expect(misses.map(({ day }) => `${day.bsM}-${day.bsD}`)).toEqual([]);
  });

  it('begins the year on Kachhala thwa 1 and names the day in both languages', () => {
    const newYear = nepalSambatOfDay(bsToFixed({ year: 2083, month: 7, day: 24 }));
    expect(newYear).toMatchObject({ year: 1147, month: 1, paksha: 'thwa', tithi: 1 });
    expect(nepalSambatText(newYear, 'ne')).toBe('ने.सं. ११४७ कछला थ्व १');
    expect(nepalSambatText(newYear, 'en')).toBe('NS 1147 Kachhalaa Thwa 1 (Pratipada)');
    const eve = nepalSambatOfDay(bsToFixed({ year: 2083, month: 7, day: 23 }));
    expect(eve.year).toBe(1146);
  });
});
