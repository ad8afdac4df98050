/**
 * Checks on the scorer's quotes made against the served HTML itself, with a
 * parse of our own rather than the extractor's, so an extractor bug cannot
 * vouch for its own output:
 * - verbatim: the quote occurs in the page's visible text;
 * - boilerplate: the quote sits in the page's chrome (navigation, header,
 *   footer, aside, menus, cookie banners), or its line repeats on most pages.
 */
import { Parser } from 'htmlparser2';

/** A page's visible text, two ways, whitespace runs collapsed to one space. */
export interface ServedText {
  /** Text nodes joined with '' (inline tags vanish: "foo<b>bar</b>" is "foobar"). */
  tight: string;
  /** Text nodes joined with ' ' (so "<li>a</li><li>b</li>" is "a b"). */
  spaced: string;
}

export interface ServedPageText extends ServedText {
  /** The text of each outermost chrome element. */
  chrome: ServedText[];
}

const NEVER_TEXT = new Set(['script', 'style', 'noscript', 'template']);
const CHROME_TAGS = new Set(['nav', 'header', 'footer', 'aside']);
/**
 * class, id or role naming chrome. A plain substring match: it may take an
 * unrelated class for chrome ("unavailable"), which can only count more
 * quotes as boilerplate, never fewer.
 */
const CHROME_MARKER = /nav|menu|footer|header|banner|cookie|consent|contentinfo/i;

export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ');
}

function joined(parts: readonly string[]): ServedText {
  return { tight: collapseWhitespace(parts.join('')), spaced: collapseWhitespace(parts.join(' ')) };
}

function isChrome(name: string, attributes: Record<string, string>): boolean {
  if (CHROME_TAGS.has(name)) return true;
  return [attributes.class, attributes.id, attributes.role].some((value) => value !== undefined && CHROME_MARKER.test(value));
}

/** Visible text of a served HTML document (entities decoded), and of its chrome. */
export function readServedText(html: string): ServedPageText {
  const parts: string[] = [];
  const chrome: ServedText[] = [];
  let chromeParts: string[] = [];
  /** Per open element: whether it hides text, whether it opened a chrome region. */
  const open: { hides: boolean; chrome: boolean }[] = [];
  let hidden = 0;
  let chromeDepth = 0;
  // htmlparser2 reports a decoded entity as text of its own; one text node is
  // gathered whole, so that joining with ' ' never splits "AT&amp;T".
  let pending = '';
  const flushText = () => {
    if (pending === '') return;
    parts.push(pending);
    if (chromeDepth > 0) chromeParts.push(pending);
    pending = '';
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        flushText();
        const frame = { hides: NEVER_TEXT.has(name), chrome: isChrome(name, attributes) };
        open.push(frame);
        if (frame.hides) hidden++;
        if (frame.chrome && chromeDepth++ === 0) chromeParts = [];
      },
      onclosetag() {
        flushText();
        const frame = open.pop();
        if (!frame) return;
        if (frame.hides) hidden--;
        if (frame.chrome && --chromeDepth === 0) chrome.push(joined(chromeParts));
      },
      ontext(text) {
        if (hidden === 0) pending += text;
      },
      oncomment: flushText,
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  flushText();
  return { ...joined(parts), chrome };
}

function within(quote: string, text: ServedText): boolean {
  const needle = collapseWhitespace(quote);
  return text.tight.includes(needle) || text.spaced.includes(needle);
}

export function quoteIsVerbatim(quote: string, page: ServedPageText): boolean {
  return within(quote, page);
}

export function quoteIsInChrome(quote: string, page: ServedPageText): boolean {
  return page.chrome.some((region) => within(quote, region));
}

/** The whole line (or lines) of mainText the quote was taken from, or null when it is not there. */
export function sourceLine(quote: string, mainText: string): string | null {
  const at = mainText.indexOf(quote);
  if (at < 0) return null;
  const start = mainText.lastIndexOf('\n', at) + 1;
  const end = mainText.indexOf('\n', at + quote.length);
  return mainText.slice(start, end < 0 ? mainText.length : end);
}

/** Whether the line stands as a whole line on more than half of the pages. */
export function lineRepeatsOnMostPages(line: string, mainTexts: readonly string[]): boolean {
  const wholeLine = `\n${line}\n`;
  const pagesWithLine = mainTexts.filter((text) => `\n${text}\n`.includes(wholeLine)).length;
  return pagesWithLine > mainTexts.length / 2;
}
