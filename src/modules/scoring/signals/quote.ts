/**
 * Verbatim quotes from a page's mainText. A quote is always an exact
 * substring of the text it came from, so anyone can find it on the page.
 */

export const MAX_QUOTE_LENGTH = 300;

const SENTENCE_END = /[.!?]["”’)]?(?= |$)/g;

/** A sentence shorter than this ("Yes.", "New!") says too little alone: its whole line is quoted instead. */
const MIN_SENTENCE_CHARS = 25;

/**
 * The passage that carries the match text[start, end): its sentence, or its
 * whole line (one block of the page: a paragraph, a list item) when the line
 * is that one sentence or the sentence is too short to stand alone, else a
 * window around the match trimmed at word boundaries. At most
 * MAX_QUOTE_LENGTH characters. Returns null only when the range is empty.
 */
export function quoteAround(text: string, start: number, end: number): string | null {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const newline = text.indexOf('\n', start);
  const lineEnd = newline === -1 ? text.length : newline;
  const matchEnd = Math.min(end, lineEnd);
  if (matchEnd <= start) return null;
  const line = text.slice(lineStart, lineEnd);
  const [sentenceStart, sentenceEnd] = sentenceAround(line, start - lineStart, matchEnd - lineStart);
  const sentence = line.slice(sentenceStart, sentenceEnd).trim();
  if (sentence.length >= MIN_SENTENCE_CHARS && sentence.length <= MAX_QUOTE_LENGTH) return sentence;
  if (line.length <= MAX_QUOTE_LENGTH) return line.trim() || null;
  if (sentence.length <= MAX_QUOTE_LENGTH) return sentence;
  return window(line, start - lineStart, matchEnd - lineStart);
}

/** The quote for the first occurrence of `needle` in `text`, or null when absent. */
export function quoteOf(text: string, needle: string): string | null {
  const index = needle ? text.indexOf(needle) : -1;
  return index === -1 ? null : quoteAround(text, index, index + needle.length);
}

/** Bounds of the sentence of `line` that contains [start, end). */
export function sentenceAround(line: string, start: number, end: number): [number, number] {
  let sentenceStart = 0;
  let sentenceEnd = line.length;
  for (const boundary of line.matchAll(SENTENCE_END)) {
    const after = boundary.index + boundary[0].length;
    if (after <= start) sentenceStart = after;
    else if (after >= end) {
      sentenceEnd = after;
      break;
    }
  }
  return [sentenceStart, sentenceEnd];
}

/** At most MAX_QUOTE_LENGTH characters around [start, end), cut at spaces, still a substring. */
function window(line: string, start: number, end: number): string {
  const matchLength = end - start;
  if (matchLength >= MAX_QUOTE_LENGTH) return cutAtWord(line.slice(start, start + MAX_QUOTE_LENGTH));
  const margin = Math.floor((MAX_QUOTE_LENGTH - matchLength) / 2);
  let from = Math.max(0, start - margin);
  let to = Math.min(line.length, from + MAX_QUOTE_LENGTH);
  from = Math.max(0, to - MAX_QUOTE_LENGTH);
  if (from > 0) {
    const space = line.indexOf(' ', from);
    if (space !== -1 && space < start) from = space + 1;
  }
  if (to < line.length) {
    const space = line.lastIndexOf(' ', to);
    if (space >= end) to = space;
  }
  return line.slice(from, to).trim();
}

function cutAtWord(text: string): string {
  const space = text.lastIndexOf(' ');
  return (space > MAX_QUOTE_LENGTH / 2 ? text.slice(0, space) : text).trim();
}
