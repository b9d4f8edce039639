/**
 * Why a computed muhurat day was chosen: the reasons as the muhurat engine finds them (numbers and ids, stored so in
 * the built year files, src/contract/muhurat.ts) and their words in a language, as an answer's `because` gives them
 * ("Sun in Vrisha", "Rohini", "Shukla Tritiya", "Mithuna lagna" …). Names come from src/calendar/names.ts only, so a
 * function shaping an answer loads no engine. No HTTP here.
 */
import {
  AGNI_VAAS,
  GRAHAS,
  NAKSHATRAS,
  PAKSHAS,
  RASHIS,
  SHIVA_VAAS,
  tithiName,
  WEEKDAYS,
  type Lang,
} from '../calendar/names.ts';
import type { MuhuratReasons } from '../contract/muhurat.ts';

const firstWord = (text: string) => text.split(' ')[0]!;

/** A sign's short name (1 = Mesha), its name's first word: `signWord(2, 'en')` → `'Vrisha'`. */
export const signWord = (sign: number, lang: Lang) => firstWord(RASHIS[sign - 1]![lang]);
const RISEN: Record<Lang, string> = { ne: 'उदाएको', en: 'risen (not combust)' };

/**
 * The reasons in words, in their order: the Sun's sign, the nakshatras, the tithis (a paksha's name before each but
 * purnima and aunsi), the lagnas (each sign once), the weekday, where Shiva and Agni dwell, the grahas risen.
 * Example: `reasonsText({ sun: 2, nakshatras: [4], tithis: [3] }, 'en')` → `['Sun in Vrisha', 'Rohini', 'Shukla Tritiya']`.
 */
export function reasonsText(reasons: MuhuratReasons, lang: Lang): string[] {
  const text: string[] = [];
  if (reasons.sun !== undefined) {
    const sign = signWord(reasons.sun, lang);
    text.push(lang === 'ne' ? `सूर्य ${sign} राशिमा` : `Sun in ${sign}`);
  }
  for (const i of reasons.nakshatras ?? [])
    text.push(lang === 'ne' ? `${NAKSHATRAS[i - 1]!.ne} नक्षत्र` : NAKSHATRAS[i - 1]!.en);
  for (const i of reasons.tithis) {
    const name = tithiName(i)[lang];
    text.push(i % 15 === 0 ? name : `${firstWord(PAKSHAS[i <= 15 ? 0 : 1]![lang])} ${name}`);
  }
  for (const sign of new Set(reasons.lagnas ?? [])) {
    const name = signWord(sign, lang);
    text.push(lang === 'ne' ? `${name} लग्न` : `${name} lagna`);
  }
  if (reasons.weekday !== undefined) text.push(WEEKDAYS[reasons.weekday]![lang]);
  if (reasons.shivaVaas !== undefined)
    text.push(`${lang === 'ne' ? 'शिववास:' : 'Shiva'} ${SHIVA_VAAS[reasons.shivaVaas]![lang]}`);
  if (reasons.agniVaas !== undefined)
    text.push(`${lang === 'ne' ? 'अग्निवास:' : 'Agni'} ${AGNI_VAAS[reasons.agniVaas]![lang]}`);
  for (const id of reasons.risen ?? []) text.push(`${GRAHAS.find((g) => g.id === id)![lang]} ${RISEN[lang]}`);
  return text;
}
