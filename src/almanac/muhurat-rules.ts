/**
 * The muhurat rules (data/muhurats/rules.json) checked and resolved: every name a condition gives (sign,
 * nakshatra, weekday, yoga, karana) becomes the one-based index the engine compares, and every festival id must be a
 * festival rule's, so a misspelt name stops the build with the category, the condition and the name. The grammar is
 * data/muhurats/README.md.
 */
import file from '../../data/muhurats/rules.json' with { type: 'json' };
import { ABHIJIT, KARANAS, NAKSHATRAS, RASHIS, WEEKDAYS, YOGAS, type Name } from '../calendar/names.ts';
import {
  muhuratRulesSchema,
  type MuhuratCondition,
  type MuhuratHours,
  type MuhuratMeasured,
  type MuhuratRules,
} from '../contract/muhurat.ts';
import { isPlanet } from '../engine/grahas.ts';
import { FESTIVAL_RULES_BY_ID } from '../festivals/rules.ts';
import { onOneLine } from './saptashalaka.ts';

type GrahaId = Extract<MuhuratCondition, { type: 'combust' }>['graha'];

/** A condition with its names resolved: the sets hold one-based indexes (weekday 0 = Sunday). */
export type ResolvedCondition =
  | { readonly type: 'sunSign'; readonly signs: ReadonlySet<number>; readonly rule: MuhuratCondition }
  | { readonly type: 'nakshatra'; readonly allowed: ReadonlySet<number>; readonly rule: MuhuratCondition }
  | { readonly type: 'tithi'; readonly allowed: ReadonlySet<number>; readonly rule: MuhuratCondition }
  | { readonly type: 'weekday'; readonly allowed: ReadonlySet<number>; readonly rule: MuhuratCondition }
  | { readonly type: 'yoga'; readonly excluded: ReadonlySet<number>; readonly rule: MuhuratCondition }
  | { readonly type: 'karana'; readonly excluded: ReadonlySet<string>; readonly rule: MuhuratCondition }
  | {
      readonly type: 'combust';
      readonly graha: GrahaId;
      readonly measure: 'elongation' | 'kalamsha';
      readonly orbDeg: number;
      readonly retrogradeOrbDeg: number;
      /** Whether the kalamsha takes the graha's ecliptic latitude. */
      readonly latitude: boolean;
      readonly daysAround: number;
      readonly rule: MuhuratCondition;
    }
  | { readonly type: 'shivaVaas'; readonly allowed: ReadonlySet<number>; readonly rule: MuhuratCondition }
  | { readonly type: 'agniVaas'; readonly allowed: ReadonlySet<number>; readonly rule: MuhuratCondition }
  | { readonly type: 'sunriseTithi'; readonly excluded: ReadonlySet<number>; readonly rule: MuhuratCondition }
  | {
      readonly type: 'pradosha';
      /** Tithis 1–15 (either half) and the prahars of the night each may not enter. */
      readonly limits: readonly { readonly tithi: number; readonly prahars: number }[];
      readonly rule: MuhuratCondition;
    }
  | {
      readonly type: 'chaturmas' | 'kharmas' | 'adhikMasa' | 'pitriPaksha' | 'sankrantiDay';
      readonly rule: MuhuratCondition;
    }
  | { readonly type: 'eclipse'; readonly daysAround: number; readonly rule: MuhuratCondition }
  | { readonly type: 'festival'; readonly ids: readonly string[]; readonly rule: MuhuratCondition }
  | { readonly type: 'sankranti' | 'gandanta'; readonly ghatis: number; readonly rule: MuhuratCondition }
  | {
      readonly type: 'lagna';
      readonly beginsIn: MuhuratHours | null;
      /** The lagna rising at sunrise counts for the day (udaya lagna), its beginning checked on the day before. */
      readonly atSunrise: boolean;
      readonly rule: MuhuratCondition;
    }
  | { readonly type: 'moonWith'; readonly grahas: readonly GrahaId[]; readonly rule: MuhuratCondition }
  | {
      readonly type: 'vedha';
      readonly grahas: readonly GrahaId[];
      /** Lines of the chakra not taken, as pairs of chakra numbers (1 = Ashwini, 28 = Abhijit; saptashalaka.ts). */
      readonly except: readonly (readonly [number, number])[];
      readonly rule: MuhuratCondition;
    };

export interface CategoryRules {
  readonly category: string;
  readonly hours: MuhuratHours;
  readonly minWindowMinutes: number;
  readonly conditions: readonly ResolvedCondition[];
  /** How these rules agree with the published lists, as measured (src/almanac/muhurat-published.test.ts). */
  readonly measured: MuhuratMeasured;
}

/** The rules file failed its schema or names something the calendar does not know. */
export class MuhuratRulesError extends Error {}

/** A name by its Nepali or English form, an alias, or the English form before a parenthesis ("Mesha"). */
function indexIn(list: readonly Name[], text: string, where: string): number {
  const t = text.trim().toLowerCase();
  const i = list.findIndex(
    (n) =>
      n.ne === text ||
      n.en.toLowerCase() === t ||
      n.en.split(' (')[0]!.toLowerCase() === t ||
      (n.aliases ?? []).includes(text),
  );
  if (i < 0) {
    throw new MuhuratRulesError(
      `${where}: unknown name "${text}"; known: ${list.map((n) => n.en.split(' (')[0]).join(', ')}`,
    );
  }
  return i;
}

function resolve(c: MuhuratCondition, where: string): ResolvedCondition {
  const indexes = (list: readonly Name[], names: readonly string[], base: number) =>
    new Set(names.map((n) => indexIn(list, n, `${where} (${c.type})`) + base));
  switch (c.type) {
    case 'sunSign':
      return { type: c.type, signs: indexes(RASHIS, c.anyOf, 1), rule: c };
    case 'nakshatra':
      return { type: c.type, allowed: indexes(NAKSHATRAS, c.anyOf, 1), rule: c };
    case 'tithi':
      return { type: c.type, allowed: new Set(c.anyOf), rule: c };
    case 'weekday':
      return { type: c.type, allowed: indexes(WEEKDAYS, c.anyOf, 0), rule: c };
    case 'yoga':
      return { type: c.type, excluded: indexes(YOGAS, c.noneOf, 1), rule: c };
    case 'karana':
      // Karanas repeat within the month: compare by name (src/calendar/names.ts karanaName).
      return {
        type: c.type,
        excluded: new Set(c.noneOf.map((n) => KARANAS[indexIn(KARANAS, n, `${where} (karana)`)]!.en)),
        rule: c,
      };
    case 'combust':
      if (c.latitude && (c.measure !== 'kalamsha' || !isPlanet(c.graha)))
        throw new MuhuratRulesError(
          `${where} (combust): latitude is taken only in the kalamsha of a planet (Mars to Saturn), not in ${c.measure === 'kalamsha' ? `${c.graha}'s` : 'an elongation'}`,
        );
      return {
        type: c.type,
        graha: c.graha,
        measure: c.measure,
        orbDeg: c.orbDeg,
        retrogradeOrbDeg: c.retrogradeOrbDeg ?? c.orbDeg,
        latitude: c.latitude,
        daysAround: c.daysAround,
        rule: c,
      };
    case 'shivaVaas':
      return { type: c.type, allowed: new Set(c.anyOf), rule: c };
    case 'agniVaas':
      return { type: c.type, allowed: new Set(c.anyOf), rule: c };
    case 'sunriseTithi':
      return { type: c.type, excluded: new Set(c.noneOf), rule: c };
    case 'pradosha':
      return { type: c.type, limits: c.tithis, rule: c };
    case 'eclipse':
      return { type: c.type, daysAround: c.daysAround, rule: c };
    case 'festival':
      for (const id of c.noneOf) {
        const rule = FESTIVAL_RULES_BY_ID.get(id);
        if (!rule) throw new MuhuratRulesError(`${where} (festival): unknown festival rule id "${id}"`);
        // A span's days are those of the rules it joins, after the notices: name the days' own rules.
        if (rule.date.type === 'span')
          throw new MuhuratRulesError(
            `${where} (festival): "${id}" is a span; name the festivals of its days`,
          );
      }
      return { type: c.type, ids: c.noneOf, rule: c };
    case 'sankranti':
    case 'gandanta':
      return { type: c.type, ghatis: c.ghatis, rule: c };
    case 'moonWith':
      return { type: c.type, grahas: c.noneOf, rule: c };
    case 'vedha': {
      if ((c.except === undefined) !== (c.exceptSource === undefined))
        throw new MuhuratRulesError(`${where} (vedha): except and exceptSource go together`);
      // Chakra numbers: the 27 nakshatras, then Abhijit (28).
      const at = (name: string) => indexIn([...NAKSHATRAS, ABHIJIT], name, `${where} (vedha)`) + 1;
      const except = (c.except ?? []).map(([a, b]): [number, number] => {
        const line: [number, number] = [at(a), at(b)];
        if (!onOneLine(...line))
          throw new MuhuratRulesError(
            `${where} (vedha): ${a} and ${b} are no line of the Saptashalaka chakra`,
          );
        return line;
      });
      return { type: c.type, grahas: c.noneOf, except, rule: c };
    }
    case 'lagna':
      return { type: c.type, beginsIn: c.beginsIn ?? null, atSunrise: c.atSunrise ?? false, rule: c };
    default:
      return { type: c.type, rule: c };
  }
}

/** Check a rules file (schema, source ids, names) and resolve it, by category. Throws MuhuratRulesError. */
export function resolveRules(data: unknown): Map<string, CategoryRules> {
  const parsed = muhuratRulesSchema.safeParse(data);
  if (!parsed.success) {
    throw new MuhuratRulesError(
      `data/muhurats/rules.json: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  const rules: MuhuratRules = parsed.data;
  const byCategory = new Map<string, CategoryRules>();
  for (const [category, set] of Object.entries(rules.categories)) {
    const refs = [
      set.hoursSource.ref,
      set.minWindowSource.ref,
      ...set.conditions.flatMap((c) => [
        c.source.ref,
        ...(c.type === 'vedha' && c.exceptSource ? [c.exceptSource.ref] : []),
      ]),
    ];
    const unknown = refs.find((ref) => !(ref in rules.sources));
    if (unknown) throw new MuhuratRulesError(`${category}: unknown source "${unknown}"`);
    // The lagna rising at sunrise is the day's where the day runs from sunrise to sunrise and a lagna may begin at any hour.
    const udaya = set.conditions.find((c) => c.type === 'lagna' && c.atSunrise);
    if (udaya && (set.hours !== 'sunriseToSunrise' || (udaya.type === 'lagna' && udaya.beginsIn)))
      throw new MuhuratRulesError(
        `${category}: a lagna atSunrise needs the hours sunriseToSunrise and no beginsIn (has ${set.hours})`,
      );
    byCategory.set(category, {
      category,
      hours: set.hours,
      minWindowMinutes: set.minWindowMinutes,
      conditions: set.conditions.map((c, i) => resolve(c, `${category}.conditions[${i}]`)),
      measured: set.measured,
    });
  }
  return byCategory;
}

/** The rules of every computed category, from data/muhurats/rules.json. */
export const MUHURAT_RULES: ReadonlyMap<string, CategoryRules> = resolveRules(file);
