/**
 * A page's readable text as lines, within a bound, and the string hygiene
 * that keeps artifacts small.
 */

import type { LineKind } from '../artifacts.ts';

/**
 * Readable text kept per page, in characters (about 15,000 words: a long
 * article). Evidence sits in a page's prose, and a page's first hundred
 * thousand characters carry it; a 2 MB page of text would otherwise be kept
 * whole for the rest of the crawl and scanned by every detector. Text past
 * the bound is dropped: the line that crosses it is cut there, and the page's
 * links, scripts and markup dates are still read to the end.
 */
export const MAX_MAIN_TEXT_CHARS = 100_000;

/** Whitespace that collapsing would change: a run, anything but a plain space, or either end. */
const UNCOLLAPSED = /\s\s|[^\S ]|^\s|\s$/;
const NOT_SPACE = /\S/;

/** Runs of whitespace become one space, ends trimmed. Most lines need no change: they are tested, not rebuilt. */
export function collapseWhitespace(text: string): string {
  return UNCOLLAPSED.test(text) ? text.replace(/\s+/g, ' ').trim() : text;
}

/** V8 copies substrings shorter than this; longer ones are views that keep their whole parent string alive. */
const SHORTEST_STRING_VIEW = 13;

/**
 * A copy of `text` that shares no memory with the document it was cut from.
 * A title or link text sliced from a 2 MB page would otherwise keep all 2 MB
 * alive for as long as the artifact lives (the whole crawl and scoring).
 */
export function detached(text: string): string {
  // Joining forces a fresh flat string; slicing it again drops the extra character.
  return text.length < SHORTEST_STRING_VIEW ? text : ` ${text}`.slice(1);
}

export interface LinesMark {
  lines: number;
  current: string;
  mainChars: number;
  allChars: number;
}

/**
 * Lines of readable text, each remembering whether it was written inside
 * <main>. Blocks start new lines and <main> is a block, so no line straddles
 * its edge. Whitespace-only text (indentation between tags, most of a page)
 * only ever becomes one separating space, which keeps this pass cheap.
 *
 * The bound is kept twice, for the text inside <main> and for all of it,
 * because which of the two becomes the page's text is known only at the end.
 * Each kept line counts its length plus a separating newline.
 */
export class ReadableLines {
  readonly lines: string[] = [];
  readonly inMain: boolean[] = [];
  readonly kinds: LineKind[] = [];
  private current = '';
  private pendingSpace = false;
  private mainChars = 0;
  private allChars = 0;

  /** Whether text written now (inside <main> or not) can still be kept. */
  hasRoom(inMain: boolean): boolean {
    return (inMain ? this.mainChars : this.allChars) < MAX_MAIN_TEXT_CHARS;
  }

  add(text: string): void {
    if (!NOT_SPACE.test(text)) {
      this.pendingSpace = this.current !== '';
      return;
    }
    this.current += this.pendingSpace ? ` ${text}` : text;
    this.pendingSpace = false;
  }

  space(): void {
    this.pendingSpace = this.current !== '';
  }

  flush(inMain: boolean, kind: LineKind = 'text'): void {
    if (this.current !== '' && this.hasRoom(inMain)) {
      const line = collapseWhitespace(this.current);
      const room = MAX_MAIN_TEXT_CHARS - (inMain ? this.mainChars : this.allChars);
      const crossesBound = line.length >= room;
      const kept = crossesBound ? line.slice(0, room - 1).trimEnd() : line;
      if (kept) {
        this.lines.push(kept);
        this.inMain.push(inMain);
        this.kinds.push(kind);
        this.allChars += kept.length + 1;
        if (inMain) this.mainChars += kept.length + 1;
      }
      // Nothing after the line that crosses the bound is kept, however short. (All text includes <main>'s.)
      if (crossesBound) {
        this.allChars = MAX_MAIN_TEXT_CHARS;
        if (inMain) this.mainChars = MAX_MAIN_TEXT_CHARS;
      }
    }
    this.current = '';
    this.pendingSpace = false;
  }

  mark(): LinesMark {
    return { lines: this.lines.length, current: this.current, mainChars: this.mainChars, allChars: this.allChars };
  }

  restore(mark: LinesMark): void {
    this.lines.length = mark.lines;
    this.inMain.length = mark.lines;
    this.kinds.length = mark.lines;
    this.current = mark.current;
    this.mainChars = mark.mainChars;
    this.allChars = mark.allChars;
  }

  /** The kind of each line that text(onlyMain) holds. */
  lineKinds(onlyMain: boolean): LineKind[] {
    return onlyMain ? this.kinds.filter((_, i) => this.inMain[i]) : [...this.kinds];
  }

  text(onlyMain: boolean): string {
    const kept = onlyMain ? this.lines.filter((_, i) => this.inMain[i]) : this.lines;
    // Joining several lines builds a new string; a lone line may still be a view into the page.
    return kept.length === 1 ? detached(kept[0]!) : kept.join('\n');
  }
}
