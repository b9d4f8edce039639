/**
 * The glossary of printed event names (data/festivals/glossary.json): every event name the published almanacs
 * print, exactly as printed, with its English name and, where it is one, the festival rule or observance it is
 * (by id, in the data: names are not matched at every build). The grammar is in src/contract/observance.ts.
 * The file passes its schema at build (npm run validate:data, over src/contract/data-registry.ts) and in the
 * tests, not again when loaded; nothing here runs at load, so a bundle that never names an event (the function
 * answering a day from its month file) drops the file.
 */
import glossaryFile from '../../data/festivals/glossary.json' with { type: 'json' };
import type { Lang } from '../calendar/names.ts';
import { lazy } from '../contract/lazy.ts';
import type { GlossaryEntry } from '../contract/observance.ts';

/** Every entry (validated at build: its schema has no defaults or transforms, so the file is what it gives). */
export const GLOSSARY: readonly GlossaryEntry[] = /* @__PURE__ */ (() => glossaryFile.entries)();

const byName = /* @__PURE__ */ lazy(() => new Map(GLOSSARY.map((e) => [e.ne.normalize('NFC'), e])));

/** The glossary entry of a printed name (as printed, Unicode NFC), or undefined when the glossary lacks it. */
export function glossaryEntry(printed: string): GlossaryEntry | undefined {
  return byName().get(printed.normalize('NFC'));
}

/**
 * A printed name in a language: as printed in Nepali; in English, the glossary's English name, or the printed
 * name when the glossary says it has no English form or does not know it.
 * Example: `printedNameIn('पुर्णिमा व्रत', 'en')` → "Purnima Vrat (full-moon fast)".
 */
export function printedNameIn(printed: string, lang: Lang): string {
  if (lang === 'ne') return printed;
  return glossaryEntry(printed)?.en ?? printed;
}
