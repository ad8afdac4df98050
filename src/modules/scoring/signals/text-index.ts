/**
 * A page's text, split into lines and indexed by the trigger words of every
 * text rule, so that each rule's regular expression only runs on the few
 * lines that could match it instead of the whole text (a hundred rules over a
 * long page would otherwise dominate the scoring time).
 *
 * Words are matched case-insensitively as prefixes of a token: the word
 * "webhook" triggers on "Webhooks". The vocabulary is every word of every
 * text rule in the detector catalogue (detector-catalogue.ts builds it once
 * from its explicit list of rules), passed to each index.
 */

/** The trigger words of a set of text rules, compiled into one pattern. */
export class TriggerVocabulary {
  /** Matches any stem at the start of a token. */
  readonly pattern: RegExp;
  /** Each word's stem: the shortest word in the vocabulary it starts with. */
  readonly stemOf: ReadonlyMap<string, string>;

  /**
   * A word with a shorter word of the vocabulary as its prefix is covered by
   * that stem (lines with "webhooks" are among those with "webhook"), so no
   * two alternatives of the pattern can match at one place.
   */
  constructor(vocabulary: Iterable<string>) {
    const words = [...new Set(vocabulary)].sort();
    for (const word of words) {
      if (!/^[a-z0-9]+$/.test(word)) throw new Error(`Trigger word "${word}" must be lower-case letters and digits`);
    }
    const stemOf = new Map<string, string>();
    for (const word of words) {
      // Sorted words put a word's prefixes before it, shortest first.
      stemOf.set(word, words.find((candidate) => word.startsWith(candidate)) ?? word);
    }
    const stems = [...new Set(stemOf.values())].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
    this.pattern = new RegExp(`\\b(?:${stems.join('|')})`, 'gi');
    this.stemOf = stemOf;
  }
}

export class PageTextIndex {
  readonly text: string;
  readonly lines: string[];
  /** Offset in `text` where each line starts. */
  readonly lineStarts: number[];
  private readonly vocabulary: TriggerVocabulary;
  private readonly linesByStem = new Map<string, number[]>();

  /** `indexed` chooses the lines rules may match on (evidence lines); by default, all of them. */
  constructor(text: string, vocabulary: TriggerVocabulary, indexed: (line: number) => boolean = () => true) {
    this.vocabulary = vocabulary;
    this.text = text;
    this.lines = text.split('\n');
    this.lineStarts = [];
    let offset = 0;
    for (const line of this.lines) {
      this.lineStarts.push(offset);
      offset += line.length + 1;
    }
    let line = 0;
    for (const match of text.matchAll(vocabulary.pattern)) {
      while (line + 1 < this.lineStarts.length && this.lineStarts[line + 1]! <= match.index) line++;
      if (!indexed(line)) continue;
      const stem = match[0].toLowerCase();
      const lines = this.linesByStem.get(stem);
      if (!lines) this.linesByStem.set(stem, [line]);
      else if (lines.at(-1) !== line) lines.push(line);
    }
  }

  /** Line numbers, in order, of the lines holding any of the words. */
  linesWithAny(words: readonly string[]): readonly number[] {
    const lines: number[] = [];
    this.#visitCandidateLines(words, (line) => {
      lines.push(line);
      return false;
    });
    return lines;
  }

  /**
   * The first match of `pattern` on the lines holding any of the words that
   * `accept` takes (given the line and the match's offsets in it), as offsets
   * in the text.
   */
  firstMatch(
    pattern: RegExp,
    words: readonly string[],
    accept: (line: number, start: number, end: number) => boolean = () => true,
  ): { start: number; end: number } | null {
    const everyMatch = globalVersion(pattern);
    let found: { start: number; end: number } | null = null;
    this.#visitCandidateLines(words, (line) => {
      const text = this.lines[line]!;
      for (const match of text.matchAll(everyMatch)) {
        if (match[0] === '' || !accept(line, match.index, match.index + match[0].length)) continue;
        const start = this.lineStarts[line]! + match.index;
        found = { start, end: start + match[0].length };
        return true;
      }
      return false;
    });
    return found;
  }

  /** The line holding offset `offset` of the text. */
  lineAt(offset: number): number {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.lineStarts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  /**
   * Visits the lines of the words' stems in ascending order, each once, until
   * `visit` returns true: a lazy merge of the sorted line lists, so a rule
   * that matches on its first candidate line never pays for merging them all.
   */
  #visitCandidateLines(words: readonly string[], visit: (line: number) => boolean): void {
    const { stemOf } = this.vocabulary;
    const groups: number[][] = [];
    for (const word of words) {
      const stem = stemOf.get(word);
      if (stem === undefined) throw new Error(`Trigger word "${word}" is not in the vocabulary`);
      const lines = this.linesByStem.get(stem);
      if (lines && !groups.includes(lines)) groups.push(lines);
    }
    const heads = groups.map(() => 0);
    for (;;) {
      let next = Number.POSITIVE_INFINITY;
      for (let g = 0; g < groups.length; g++) next = Math.min(next, groups[g]![heads[g]!] ?? Number.POSITIVE_INFINITY);
      if (next === Number.POSITIVE_INFINITY || visit(next)) return;
      for (let g = 0; g < groups.length; g++) if (groups[g]![heads[g]!] === next) heads[g]!++;
    }
  }
}

const globalVersions = new WeakMap<RegExp, RegExp>();

/** The pattern with the g flag, made once: a rule's own pattern stays stateless. */
function globalVersion(pattern: RegExp): RegExp {
  let global = globalVersions.get(pattern);
  if (!global) {
    global = new RegExp(pattern.source, `${pattern.flags}g`);
    globalVersions.set(pattern, global);
  }
  return global;
}
