/**
 * The rules file (data/muhurats/rules.json) against its grammar: the schema, every condition with a known source,
 * every name known to the calendar; malformed rules fail naming the category, the condition and the name.
 */
import { describe, expect, it } from 'vitest';
import file from '../../data/muhurats/rules.json' with { type: 'json' };
import { MUHURAT_CATEGORIES, muhuratRulesSchema } from '../contract/muhurat.ts';
import { MUHURAT_RULES, MuhuratRulesError, resolveRules } from './muhurat-rules.ts';

describe('data/muhurats/rules.json', () => {
  it('passes its schema and has rules for the three specified categories', () => {
    expect(muhuratRulesSchema.safeParse(file).success).toBe(true);
    for (const category of MUHURAT_CATEGORIES) expect(MUHURAT_RULES.has(category), category).toBe(true);
  });

  it('gives every condition a source the file names, with where in it', () => {
    const rules = muhuratRulesSchema.parse(file);
    for (const [category, set] of Object.entries(rules.categories)) {
      for (const c of set.conditions) {
        expect(Object.keys(rules.sources), `${category} ${c.type}`).toContain(c.source.ref);
        expect(c.source.where.length, `${category} ${c.type}`).toBeGreaterThan(5);
        // Lines of the chakra a vedha does not take have a source of their own.
        if (c.type === 'vedha' && c.except) {
          expect(Object.keys(rules.sources), `${category} vedha except`).toContain(c.exceptSource?.ref);
          expect(c.exceptSource!.where.length).toBeGreaterThan(5);
        }
      }
    }
  });

  it('resolves names to the calendar’s indexes (nakshatras 1–27, signs 1–12, weekdays 0–6)', () => {
    const bibaha = MUHURAT_RULES.get('bibaha')!;
    const nakshatra = bibaha.conditions.find((c) => c.type === 'nakshatra');
    expect(nakshatra?.type === 'nakshatra' && [...nakshatra.allowed].sort((a, b) => a - b)).toEqual([
      4, 5, 10, 12, 13, 15, 17, 19, 21, 26, 27,
    ]);
    const sun = bibaha.conditions.find((c) => c.type === 'sunSign');
    expect(sun?.type === 'sunSign' && [...sun.signs].sort((a, b) => a - b)).toEqual([1, 2, 3, 8, 10, 11]);
    const weekday = MUHURAT_RULES.get('pasni')!.conditions.find((c) => c.type === 'weekday');
    expect(weekday?.type === 'weekday' && [...weekday.allowed].sort()).toEqual([1, 3, 4, 5]);
  });

  it('refuses a misspelt name, an unknown source and a malformed condition, naming what is wrong', () => {
    const broken = (edit: (rules: typeof file) => void) => {
      const copy = structuredClone(file);
      edit(copy);
      return () => resolveRules(copy);
    };
    expect(
      broken((r) => {
        (r.categories.bibaha.conditions[1] as { anyOf: string[] }).anyOf.push('Rohiny');
      }),
    ).toThrow(/bibaha\.conditions\[1\] \(nakshatra\): unknown name "Rohiny"/);
    expect(
      broken((r) => {
        r.categories.pasni.conditions[0]!.source.ref = 'nowhere';
      }),
    ).toThrow(/pasni: unknown source "nowhere"/);
    expect(
      broken((r) => {
        (r.categories.bibaha.conditions[2] as { anyOf: number[] }).anyOf.push(31);
      }),
    ).toThrow(MuhuratRulesError);
    expect(
      broken((r) => {
        const lagna = r.categories.bratabandha.conditions.find((c) => c.type === 'lagna')!;
        (lagna as { atSunrise?: boolean }).atSunrise = true;
      }),
    ).toThrow(
      /bratabandha: a lagna atSunrise needs the hours sunriseToSunrise and no beginsIn \(has daytime\)/,
    );
    const festival = (r: typeof file) =>
      r.categories.rudri.conditions.find((c) => c.type === 'festival') as { noneOf: string[] };
    expect(broken((r) => festival(r).noneOf.push('KAG_TIHARR'))).toThrow(
      /rudri\.conditions\[\d+\] \(festival\): unknown festival rule id "KAG_TIHARR"/,
    );
    expect(broken((r) => festival(r).noneOf.push('TIHAR_HOLIDAYS'))).toThrow(
      /\(festival\): "TIHAR_HOLIDAYS" is a span; name the festivals of its days/,
    );
    const venus = (r: typeof file) =>
      r.categories.homa.conditions.find((c) => c.type === 'combust' && c.graha === 'venus') as {
        measure: string;
        graha: string;
      };
    expect(broken((r) => (venus(r).measure = 'elongation'))).toThrow(
      /homa\.conditions\[\d+\] \(combust\): latitude is taken only in the kalamsha of a planet \(Mars to Saturn\), not in an elongation/,
    );
    expect(broken((r) => (venus(r).graha = 'sun'))).toThrow(/\(combust\): latitude .* not in sun's/);
    const vedha = (r: typeof file) =>
      r.categories.bibaha.conditions.find((c) => c.type === 'vedha') as {
        except?: string[][];
        exceptSource?: unknown;
      };
    expect(broken((r) => delete vedha(r).exceptSource)).toThrow(
      /bibaha\.conditions\[\d+\] \(vedha\): except and exceptSource go together/,
    );
    expect(broken((r) => vedha(r).except!.push(['Bharany', 'Magha']))).toThrow(
      /\(vedha\): unknown name "Bharany"/,
    );
    expect(broken((r) => vedha(r).except!.push(['Rohini', 'Magha']))).toThrow(
      /\(vedha\): Rohini and Magha are no line of the Saptashalaka chakra/,
    );
    // Abhijit, the chakra's 28th, is named as its lines need it.
    expect(() => broken((r) => vedha(r).except!.push(['Abhijit', 'Rohini']))()).not.toThrow();
  });

  it('resolves a line of the chakra a vedha does not take to its nakshatra numbers (28 = Abhijit)', () => {
    const vedha = MUHURAT_RULES.get('bibaha')!.conditions.find((c) => c.type === 'vedha');
    expect(vedha?.type === 'vedha' && vedha.except).toEqual([[2, 10]]);
    const copy = structuredClone(file);
    const condition = copy.categories.bibaha.conditions.find((c) => c.type === 'vedha') as {
      except: string[][];
    };
    condition.except = [['Rohini', 'Abhijit']];
    const resolved = resolveRules(copy)
      .get('bibaha')!
      .conditions.find((c) => c.type === 'vedha');
    expect(resolved?.type === 'vedha' && resolved.except).toEqual([[4, 28]]);
  });
});
