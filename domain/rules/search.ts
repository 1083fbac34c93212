/**
 * Searching a list on the device: every word typed must begin a word of the row (any order, any
 * case): "acr 3mm" finds "Acrylic sheet 3mm clear", and "ss-304" finds "SS 304 pipe". Words are
 * runs of letters and digits in any script. The mirror keeps each row's words in an index, so a
 * search over 100,000 rows reads only the rows the longest word typed can begin.
 */

const WORD = /[\p{L}\p{N}]+/gu;

/** The distinct words of some texts, lower-cased. */
export function searchWords(...texts: readonly unknown[]): string[] {
  const words = new Set<string>();
  for (const text of texts) {
    if (text === null || text === undefined) continue;
    for (const [word] of String(text).toLowerCase().matchAll(WORD)) words.add(word);
  }
  return [...words];
}

/** What was typed into a search box, as the words that must each begin a word of the row. */
export const searchTerms = (input: string): string[] => searchWords(input);

/** True when every term begins one of the words. */
export function matchesTerms(words: readonly string[], terms: readonly string[]): boolean {
  return terms.every((term) => words.some((word) => word.startsWith(term)));
}
