/**
 * Whole-word phrase matching over normalised text, longest phrase first.
 * Questions are short and the vocabulary is a few hundred phrases, so a map
 * from first word to candidate phrases keeps a match to microseconds.
 */

/** Lower case, accents and apostrophes dropped, every other non-alphanumeric a word break. */
export function normaliseWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['\u2019]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
}

/** The regular plural of a phrase's last word, so "competitor" also matches "competitors" and "launch" "launches". */
function pluralOf(words: string[]): string[] | null {
  const last = words.at(-1)!;
  if (last.endsWith('s') || /\d$/.test(last)) return null;
  const plural = /[^aeiou]y$/.test(last) ? `${last.slice(0, -1)}ies` : /(ch|sh|x|z)$/.test(last) ? `${last}es` : `${last}s`;
  return [...words.slice(0, -1), plural];
}

interface Candidate<T> {
  words: string[];
  target: T;
}

export interface PhraseMatch<T> {
  target: T;
  /** Index of the first matched word. */
  start: number;
  /** Index just past the last matched word. */
  end: number;
}

export class PhraseIndex<T> {
  readonly #byFirstWord = new Map<string, Candidate<T>[]>();

  constructor(entries: Iterable<readonly [phrase: string, target: T]>) {
    for (const [phrase, target] of entries) {
      const words = normaliseWords(phrase);
      if (words.length === 0) continue;
      this.#add(words, target);
      const plural = pluralOf(words);
      if (plural) this.#add(plural, target);
    }
    for (const candidates of this.#byFirstWord.values()) candidates.sort((a, b) => b.words.length - a.words.length);
  }

  #add(words: string[], target: T): void {
    const first = words[0]!;
    const candidates = this.#byFirstWord.get(first) ?? [];
    // The first registration of a phrase wins; a later duplicate would only shadow it.
    if (!candidates.some((c) => c.words.join(' ') === words.join(' '))) candidates.push({ words, target });
    this.#byFirstWord.set(first, candidates);
  }

  /** Non-overlapping matches, scanning left to right and taking the longest phrase at each position. */
  match(words: readonly string[]): PhraseMatch<T>[] {
    const matches: PhraseMatch<T>[] = [];
    let i = 0;
    while (i < words.length) {
      const found = this.#longestAt(words, i);
      if (found) {
        matches.push({ target: found.target, start: i, end: i + found.words.length });
        i += found.words.length;
      } else {
        i += 1;
      }
    }
    return matches;
  }

  #longestAt(words: readonly string[], start: number): Candidate<T> | undefined {
    const candidates = this.#byFirstWord.get(words[start]!);
    return candidates?.find((c) => c.words.every((word, k) => words[start + k] === word));
  }
}
