import { describe, expect, it } from 'vitest';
import { festivalCatalog, festivalNames, festivalSearchEntries } from './festivals.ts';
import { festivalIdCandidates, searchWordsOf } from './search.ts';

describe('festivalIdCandidates', () => {
  const names = festivalNames();
  const entries = festivalSearchEntries();
  const ids = (query: string) => festivalIdCandidates(entries, query, 'en').map((f) => f.id);

  it('finds the ids whose id or names have a word beginning with each word asked, in either language', () => {
    // VIJAYA_DASHAMI by the name it is commonly known by (its rule's aliases), the others by their own names.
    expect(ids('dashain')).toEqual([
      'CHAITE_DASHAIN',
      'DASHAIN_EKADASHI',
      'DASHAIN_HOLIDAYS',
      'VIJAYA_DASHAMI',
    ]);
    expect(ids('Vijaya-Dashami')).toEqual(['VIJAYA_DASHAMI']);
    expect(ids('diwali')).toEqual(['LAXMI_PUJA']);
    expect(ids('losar')).toEqual(['GYALPO_LHOSAR', 'SONAM_LHOSAR', 'TAMU_LHOSAR']);
    expect(ids('rakhi')).toEqual(['RAKSHA_BANDHAN']);
    expect(ids('ramadan')).toEqual(['EID_UL_FITR']);
    expect(ids('shivaratri')).toEqual(['MAHA_SHIVARATRI']);
    // A printed name the glossary links to the id: किजा पूजा, Kija Puja (Bhai Tika among the Newars).
    expect(ids('kija')).toEqual(['BHAI_TIKA']);
    expect(ids('किजा')).toEqual(['BHAI_TIKA']);
    // A word's beginning, not any part of it, the whole word first: Holi's, then the holidays'.
    expect(ids('holi').slice(0, 2)).toEqual(['HOLI', 'HOLI_TERAI']);
    expect(ids('holi').length).toBe(5);
    expect(ids('oli')).toEqual([]);
    // Nepali spelled either way: anusvara for chandrabindu, short vowel signs for long.
    expect(ids('दशैं')).toEqual(ids('दशैँ'));
    expect(ids('दशैं')).toContain('VIJAYA_DASHAMI');
    expect(ids('बुद्ध पुर्णिमा')).toEqual(['BUDDHA_JAYANTI']);
    // Words of two names of one id count together.
    expect(ids('chaite दशैँ')).toEqual(['CHAITE_DASHAIN']);
  });

  it('names each id as the catalog of the asked language does, and gives at most the limit', () => {
    for (const lang of ['ne', 'en'] as const) {
      const catalog = festivalCatalog(lang);
      const found = festivalIdCandidates(entries, 'दशैँ', lang);
      expect(found).toEqual(catalog.filter((f) => found.some((g) => g.id === f.id)));
      expect(found.map((f) => f.id)).toContain('VIJAYA_DASHAMI');
    }
    expect(festivalIdCandidates(entries, 'day', 'en').length).toBe(5);
    expect(festivalIdCandidates(entries, 'day', 'en', 50).length).toBeGreaterThan(5);
    expect(festivalIdCandidates(entries, '-_ ', 'en')).toEqual([]);
  });

  it('knows every id of the catalog, each by its own names in both languages and its words once', () => {
    const catalog = festivalCatalog('en');
    expect(Object.keys(names)).toEqual(catalog.map((f) => f.id));
    expect(entries.map((e) => e.id)).toEqual(catalog.map((f) => f.id));
    for (const lang of ['ne', 'en'] as const)
      for (const { id, name } of festivalCatalog(lang)) expect(names[id], id).toContain(name);
    const bhaiTika = entries.find((e) => e.id === 'BHAI_TIKA')!.words.split(' ');
    expect(bhaiTika).toEqual([...new Set(bhaiTika)]);
    expect(bhaiTika).toEqual(expect.arrayContaining(['bhai', 'tika', 'kija', 'किजा', 'भाइटिका']));
    expect(searchWordsOf('BHAI_TIKA', ['भाइटीका', 'Kija Puja', 'Bhai Tika'])).toBe(
      'bhai tika भाइटिका kija puja',
    );
  });
});
