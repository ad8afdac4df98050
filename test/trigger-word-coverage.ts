/**
 * Whether a text rule's trigger words cover its pattern: every text the
 * pattern can match must hold a token that starts with one of the words,
 * since the page index (scoring/signals/text-index.ts) only tries a rule on
 * lines holding one. A word missing from the list would silently drop those
 * matches; this finds them by reading the pattern itself, not a sample of
 * text. Used by scoring/signals/text-rules.test.ts.
 *
 * The pattern is parsed and unfolded into its paths, each written in a small
 * alphabet that keeps only what decides tokens:
 *
 *   a-z 0-9 _   a known word character (lower-cased: the index ignores case)
 *   ' '         a known non-word character (a space, a hyphen, a curly quote)
 *   '#'         a word boundary (\b)
 *   '^' '$'     the start or end of the line
 *   '?'         one unknown character (`.`, `\w`, `[^.]`, a large class)
 *   '*'         unknown text of any length (`\w+`, `[^.]*`)
 *
 * A token starts at a word character preceded by '#', ' ' or '^'; it is
 * known as far as its word characters run. A path is covered when one of its
 * tokens starts with a trigger word. Small classes ([sz], [1-4]) and bounded
 * repeats ({0,3}) unfold into every choice; lookarounds are left out (they
 * add no text of the match), which can only make a path look less covered,
 * except `(?<![\w-])`, read as a boundary: no word character before.
 */

type Node = { kind: 'text'; text: string } | { kind: 'alternation'; options: Node[][] } | { kind: 'repeat'; body: Node[]; min: number; max: number };

/** Classes with at most this many word characters unfold into each; larger ones are unknown. */
const MAX_UNFOLDED_CLASS = 8;
/** Bounded repeats up to this many unfold into each count; beyond, the rest is unknown text. */
const MAX_UNFOLDED_REPEAT = 4;
/** A pattern with more paths than this is refused: it should be split into rules. */
const MAX_PATHS = 200_000;

const WORD = /^[a-z0-9_]$/;
/** A negative lookbehind of a class holding \w: `(?<![\w-])`. */
const NO_WORD_BEFORE = /^\(\?<!\[[^\]]*\\w[^\]]*\]\)$/;

/** A character's code: lower-cased whatever the pattern's flags, since the index ignores case. */
function charCode(character: string): string {
  const lower = character.toLowerCase();
  return WORD.test(lower) ? lower : ' ';
}

class PatternReader {
  private position = 0;
  private readonly source: string;
  constructor(source: string) {
    this.source = source;
  }

  parse(): Node[][] {
    const options = this.alternation();
    if (this.position < this.source.length) throw new Error(`Unexpected "${this.source[this.position]}" at ${this.position} in /${this.source}/`);
    return options;
  }

  private peek(): string | undefined {
    return this.source[this.position];
  }

  private alternation(): Node[][] {
    const options: Node[][] = [this.sequence()];
    while (this.peek() === '|') {
      this.position++;
      options.push(this.sequence());
    }
    return options;
  }

  private sequence(): Node[] {
    const nodes: Node[] = [];
    while (this.position < this.source.length && this.peek() !== '|' && this.peek() !== ')') {
      const atom = this.atom();
      if (atom) nodes.push(this.quantified(atom));
    }
    return nodes;
  }

  private quantified(atom: Node): Node {
    const next = this.peek();
    let min: number;
    let max: number;
    if (next === '*' || next === '+' || next === '?') {
      this.position++;
      [min, max] = next === '*' ? [0, Infinity] : next === '+' ? [1, Infinity] : [0, 1];
    } else if (next === '{' && /^\{\d+(?:,\d*)?\}/.test(this.source.slice(this.position))) {
      const [text, low, comma, high] = /^\{(\d+)(,?)(\d*)\}/.exec(this.source.slice(this.position))!;
      this.position += text.length;
      min = Number(low);
      max = comma ? (high ? Number(high) : Infinity) : min;
    } else {
      return atom;
    }
    if (this.peek() === '?') this.position++; // lazy: the same texts
    return { kind: 'repeat', body: [atom], min, max };
  }

  /** One atom, or null for what adds no text (lookarounds, \B). */
  private atom(): Node | null {
    const character = this.source[this.position++]!;
    if (character === '(') return this.group();
    if (character === '[') return this.characterClass();
    if (character === '\\') return this.escape();
    if (character === '.') return { kind: 'text', text: '?' };
    if (character === '^') return { kind: 'text', text: '^' };
    if (character === '$') return { kind: 'text', text: '$' };
    return { kind: 'text', text: charCode(character) };
  }

  private group(): Node | null {
    let lookaround = false;
    if (this.peek() === '?') {
      const head = this.source.slice(this.position, this.position + 3);
      if (head.startsWith('?:')) this.position += 2;
      else if (head.startsWith('?=') || head.startsWith('?!')) [this.position, lookaround] = [this.position + 2, true];
      else if (head === '?<=' || head === '?<!') [this.position, lookaround] = [this.position + 3, true];
      else if (head.startsWith('?<')) this.position = this.source.indexOf('>', this.position) + 1;
      else throw new Error(`Unsupported group at ${this.position} in /${this.source}/`);
    }
    const start = this.position;
    const options = this.alternation();
    if (this.source[this.position++] !== ')') throw new Error(`Unclosed group in /${this.source}/`);
    // (?<![\w-]) says no word character comes before: what follows starts a token, as after \b.
    if (NO_WORD_BEFORE.test(this.source.slice(start - 4, this.position))) return { kind: 'text', text: '#' };
    return lookaround ? null : { kind: 'alternation', options };
  }

  private escape(): Node | null {
    const character = this.source[this.position++]!;
    if (character === 'b') return { kind: 'text', text: '#' };
    if (character === 'B') return null;
    if (character === 's' || character === 'W') return { kind: 'text', text: ' ' };
    if ('wdSD'.includes(character)) return { kind: 'text', text: '?' };
    if (character === 'p' || character === 'P') {
      // A Unicode property (\p{L}): any of many characters.
      this.position = this.source.indexOf('}', this.position) + 1;
      return { kind: 'text', text: '?' };
    }
    if (/\d/.test(character)) return { kind: 'text', text: '*' }; // a back-reference
    if ('nrtfv'.includes(character)) return { kind: 'text', text: ' ' };
    return { kind: 'text', text: charCode(this.escapedCharacter(character)) };
  }

  /** The character an escape such as \u2019, \x41 or \. stands for. */
  private escapedCharacter(character: string): string {
    if (character === 'u' || character === 'x') {
      const length = character === 'u' ? 4 : 2;
      const hex = this.source.slice(this.position, this.position + length);
      this.position += length;
      return String.fromCharCode(Number.parseInt(hex, 16));
    }
    return character;
  }

  /** A class unfolds into its members' codes when it is small and not negated; else one unknown character. */
  private characterClass(): Node {
    const negated = this.peek() === '^';
    if (negated) this.position++;
    const codes = new Set<string>();
    let unknown = negated;
    let first = true;
    while (this.peek() !== ']' || first) {
      first = false;
      let character = this.source[this.position++];
      if (character === undefined) throw new Error(`Unclosed class in /${this.source}/`);
      if (character === '\\') {
        const escaped = this.source[this.position++]!;
        if (escaped === 's' || escaped === 'W' || 'nrtfv'.includes(escaped)) {
          codes.add(' ');
          continue;
        }
        if ('wdSDb'.includes(escaped)) {
          unknown = true;
          continue;
        }
        if (escaped === 'p' || escaped === 'P') {
          this.position = this.source.indexOf('}', this.position) + 1;
          unknown = true;
          continue;
        }
        character = this.escapedCharacter(escaped);
      }
      if (this.peek() === '-' && this.source[this.position + 1] !== ']') {
        this.position++;
        let end = this.source[this.position++]!;
        if (end === '\\') end = this.escapedCharacter(this.source[this.position++]!);
        for (let code = character.charCodeAt(0); code <= end.charCodeAt(0); code++) codes.add(charCode(String.fromCharCode(code)));
        continue;
      }
      codes.add(charCode(character));
    }
    this.position++;
    if (unknown || [...codes].filter((code) => code !== ' ').length > MAX_UNFOLDED_CLASS) return { kind: 'text', text: '?' };
    return { kind: 'alternation', options: [...codes].map((code) => [{ kind: 'text', text: code }]) };
  }
}

/** A path known to hold a covered token, whatever comes before or after it. */
const COVERED = '+';

/** Unfolds the pattern's paths, checking tokens as soon as they are complete. */
class PathUnfolder {
  private readonly words: readonly string[];
  /** Whether paths keep their checked inner tokens, to be read (slower: more distinct paths). */
  private readonly readable: boolean;
  constructor(words: readonly string[], readable: boolean) {
    this.words = words;
    this.readable = readable;
  }

  covers(token: string): boolean {
    return this.words.some((word) => token.startsWith(word));
  }

  /**
   * The path with its complete inner tokens checked and dropped: only its
   * leading word characters (whose token may have begun before it) and its
   * tail from the last non-word character (whose token may run on) still
   * depend on what surrounds it. Keeps the number of paths small.
   */
  private compress(path: string): string {
    const first = path.search(/[^a-z0-9_]/);
    const last = path.search(/[^a-z0-9_][a-z0-9_]*$/);
    if (first === -1 || last <= first) return path;
    if (knownTokenStarts(path.slice(first, last)).some((token) => this.covers(token))) return COVERED;
    return this.readable ? path : path.slice(0, first) + path.slice(last);
  }

  private concatenate(prefixes: ReadonlySet<string>, suffixes: ReadonlySet<string>): Set<string> {
    const result = new Set<string>();
    for (const prefix of prefixes) {
      for (const suffix of suffixes) result.add(prefix === COVERED || suffix === COVERED ? COVERED : this.compress(prefix + suffix));
    }
    if (result.size > MAX_PATHS) throw new Error(`more than ${MAX_PATHS} paths`);
    return result;
  }

  sequence(nodes: readonly Node[]): Set<string> {
    let paths = new Set(['']);
    for (const node of nodes) paths = this.concatenate(paths, this.node(node));
    return paths;
  }

  private node(node: Node): Set<string> {
    if (node.kind === 'text') return new Set([node.text]);
    if (node.kind === 'alternation') return new Set(node.options.flatMap((option) => [...this.sequence(option)]));
    const body = this.sequence(node.body);
    const result = new Set<string>();
    let repeated = new Set(['']);
    const unfolded = Math.min(node.max, Math.max(node.min, MAX_UNFOLDED_REPEAT));
    for (let count = 0; count <= unfolded; count++) {
      if (count >= node.min) for (const path of repeated) result.add(path);
      repeated = this.concatenate(repeated, body);
    }
    if (node.max > unfolded) {
      // Beyond what is unfolded: unknown text, unless the body is only non-word characters.
      const rest = [...body].every((path) => /^[ #^$]*$/.test(path)) ? ' ' : '*';
      for (const path of repeated) result.add(path === COVERED ? COVERED : this.compress(path + rest));
    }
    return result;
  }
}

/** The tokens a path shows from their start: each run of word characters after '#', ' ' or '^'. */
function knownTokenStarts(path: string): string[] {
  return [...path.matchAll(/(?<=[# ^])[a-z0-9_]+/g)].map((match) => match[0]);
}

function unfold(pattern: RegExp, words: readonly string[], readable: boolean): string[] {
  const unfolder = new PathUnfolder(words, readable);
  const paths = new PatternReader(pattern.source).parse().flatMap((option) => [...unfolder.sequence(option)]);
  return paths.filter((path) => path !== COVERED && !knownTokenStarts(path).some((token) => unfolder.covers(token)));
}

/**
 * The paths of `pattern` (in the alphabet above) that hold no token starting
 * with one of `words`: matches the index would never try. Empty when the
 * words cover the pattern. The check runs on paths that leave out the inner
 * tokens already checked; what it finds is unfolded again in full to be read,
 * unless there are too many paths to.
 */
export function uncoveredPaths(pattern: RegExp, words: readonly string[]): string[] {
  const found = unfold(pattern, words, false);
  if (found.length === 0) return found;
  try {
    return unfold(pattern, words, true);
  } catch {
    return found;
  }
}
