/**
 * Finding a festival's or an observance's id by name (/api/festivals/ids?q=, and the ids an unknown id may have
 * meant): every id with its names in both languages and the words of every name it is known by, as the build
 * writes them (src/festivals/festivals.ts festivalSearchEntries), searched word by word. No rules are loaded here:
 * the function reads the built file.
 */
import type { Lang } from '../calendar/names.ts';
import type { FestivalId } from '../contract/festival.ts';
import { foldSpelling } from './match.ts';

/** How many ids an unknown id's answer suggests at most. */
const MAX_ID_CANDIDATES = 5;

/**
 * The words of an id or a name, lower case, its Nepali spellings folded (foldSpelling): letters and digits of any
 * script, with their marks.
 */
const wordsOf = (text: string): string[] =>
  foldSpelling(text)
    .toLowerCase()
    .match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];

/**
 * One id as the search of names finds it (the build's STATIC_FILES.festivalSearch, src/festivals/festivals.ts
 * festivalSearchEntries): its names in both languages, its category, and the words of the id and of every name it
 * is known by (searchWordsOf), joined by spaces.
 */
export interface FestivalSearchEntry {
  readonly id: string;
  readonly category: FestivalId['category'];
  readonly ne: string;
  readonly en: string;
  readonly words: string;
}

/**
 * The words an id is found by: of the id and of each of its `names`, lower case, each once, joined by spaces, so
 * that a search splits them instead of reading every name again.
 * Example: `searchWordsOf('BHAI_TIKA', ['भाइटीका', 'Kija Puja'])` → "bhai tika भाइटिका kija puja".
 */
export function searchWordsOf(id: string, names: readonly string[]): string {
  return [...new Set([id, ...names].flatMap(wordsOf))].join(' ');
}

/** The split words of each entry, made once for each parsed search file (the function keeps it parsed). */
const indexes = new WeakMap<object, readonly (readonly string[])[]>();
function searchIndex(entries: readonly FestivalSearchEntry[]): readonly (readonly string[])[] {
  let index = indexes.get(entries);
  if (!index) indexes.set(entries, (index = entries.map((entry) => entry.words.split(' '))));
  return index;
}

/**
 * The ids an app may have meant by an id no festival has, or asks for by name ("dashain", "Tihar", "दशैँ", "kija"):
 * those whose words (of the id and of every name it is known by, in both languages) have, for every word of the
 * query, one that begins with it; at most `limit` (default five), those with each word whole first, then by id,
 * named in `lang`. Empty when nothing fits or the query has no word.
 * Example: `festivalIdCandidates(festivalSearchEntries(), 'dashain', 'en')` → CHAITE_DASHAIN, DASHAIN_EKADASHI,
 * DASHAIN_HOLIDAYS, VIJAYA_DASHAMI.
 */
export function festivalIdCandidates(
  entries: readonly FestivalSearchEntry[],
  query: string,
  lang: Lang,
  limit = MAX_ID_CANDIDATES,
): FestivalId[] {
  const asked = wordsOf(query);
  if (!asked.length) return [];
  const index = searchIndex(entries);
  // Those with every word whole first ("holi": Holi before the holidays), then by id.
  const rank = (words: readonly string[]) =>
    asked.every((a) => words.includes(a))
      ? 0
      : asked.every((a) => words.some((w) => w.startsWith(a)))
        ? 1
        : 2;
  return entries
    .map((entry, i) => ({ entry, rank: rank(index[i]!) }))
    .filter(({ rank }) => rank < 2)
    .sort((a, b) => a.rank - b.rank || (a.entry.id < b.entry.id ? -1 : 1))
    .slice(0, limit)
    .map(({ entry }) => ({ id: entry.id, name: entry[lang], category: entry.category }));
}
