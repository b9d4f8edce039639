/**
 * The Saptashalaka chakra: its lines as Muhurta Chintamani 6.57 pairs the nakshatras, a graha in Abhijit standing
 * there (not in Uttara Ashadha), and the lines a rule does not take.
 */
import { describe, expect, it } from 'vitest';
import type { GrahaPosition } from '../engine/day.ts';
import { ABHIJIT_NUMBER, onOneLine, piercedBy } from './saptashalaka.ts';

const at = (longitude: number): GrahaPosition => ({
  id: 'saturn',
  longitude,
  rashi: Math.floor(longitude / 30) + 1,
  degreeInRashi: longitude % 30,
  retrograde: false,
});

describe('the Saptashalaka chakra', () => {
  it('faces each of the 28 nakshatras with exactly one other, both ways', () => {
    for (let a = 1; a <= ABHIJIT_NUMBER; a++) {
      const facing = [...Array(ABHIJIT_NUMBER).keys()].map((i) => i + 1).filter((b) => onOneLine(a, b));
      expect(facing.length, `${a}`).toBe(1);
      expect(onOneLine(facing[0]!, a)).toBe(true);
      expect(facing[0]).not.toBe(a);
    }
    // Bharani–Magha, Uttara Ashadha–Mrigashira, Abhijit–Rohini (6.57).
    expect([onOneLine(2, 10), onOneLine(21, 5), onOneLine(ABHIJIT_NUMBER, 4)]).toEqual([true, true, true]);
  });

  it('has a graha pierce the nakshatra facing its own; in Abhijit, Rohini alone', () => {
    expect(piercedBy(at(20))).toEqual([10]); // Bharani (13°20′–26°40′): Magha
    expect(piercedBy(at(270))).toEqual([5]); // Uttara Ashadha, before Abhijit: Mrigashira
    expect(piercedBy(at(277.6))).toEqual([4]); // Abhijit (276°40′–280°53′20″): Rohini, not Mrigashira
    expect(piercedBy(at(281))).toEqual([3]); // Shravana after Abhijit: Krittika
  });

  it('pierces nothing along a line the rule does not take, named in either order', () => {
    expect(piercedBy(at(20), [[2, 10]])).toEqual([]);
    expect(piercedBy(at(20), [[10, 2]])).toEqual([]);
    expect(piercedBy(at(125), [[2, 10]])).toEqual([]); // Magha: Bharani
    expect(piercedBy(at(270), [[2, 10]])).toEqual([5]);
    expect(piercedBy(at(277.6), [[4, ABHIJIT_NUMBER]])).toEqual([]);
  });
});
