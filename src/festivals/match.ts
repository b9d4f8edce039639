/**
 * Matching festival names as printed (almanac events, text-recognized government notices) against the rules'
 * names and aliases: spaces, punctuation and leading list numbers are ignored, chandrabindu and anusvara are
 * treated alike, and so are the long and short i and u vowel signs.
 */
import type { FestivalRule } from '../contract/festival.ts';

/**
 * A text with the spellings Nepali writes either way made one (Unicode NFC; chandrabindu as anusvara, the long i
 * and u vowel signs as the short): "दशैँ" and "दशैं", "पूर्णिमा" and "पुर्णिमा" alike.
 */
export function foldSpelling(text: string): string {
  return text.normalize('NFC').replace(/ँ/g, 'ं').replace(/ी/g, 'ि').replace(/ू/g, 'ु');
}

/** The comparable form of a printed name. */
export function normalizeName(text: string): string {
  return foldSpelling(text)
    .replace(/[\s()\-.,:;“”"'/|]/g, '')
    .replace(/^[०-९0-9]+(?=[^०-९0-9])/, '');
}

/** An index from normalized names to rule ids. */
export function nameIndex(rules: readonly FestivalRule[]): Map<string, string> {
  const index = new Map<string, string>();
  for (const rule of rules) {
    for (const name of [rule.ne, rule.en, ...rule.aliases]) {
      const key = normalizeName(name);
      if (key && !index.has(key)) index.set(key, rule.id);
    }
  }
  return index;
}
