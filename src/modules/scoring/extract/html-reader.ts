/**
 * One streaming pass over an HTML document (htmlparser2's SAX parser, which
 * is several times faster than building a DOM) that collects everything an
 * artifact needs: head metadata, scripts, links, headings, dated <time>
 * elements and the readable text without page chrome.
 *
 * Readable text rules:
 * - never text: scripts, styles, templates, SVG, iframes, navigation, asides,
 *   hidden elements (hidden, aria-hidden, display:none, navigation/banner/
 *   contentinfo roles);
 * - a header or footer outside <main> and <article> is the site's chrome; one
 *   inside them belongs to the content (an article's title and date);
 * - a cookie or consent banner (id or class naming cookie/consent) is dropped
 *   unless it holds <main>/<article> or more text than a banner ever has;
 * - when the page has a <main>, only its text counts;
 * - one line per block element, whitespace collapsed within a line;
 * - at most MAX_MAIN_TEXT_CHARS characters (readable-text.ts); headings
 *   past the bound are not kept either.
 * Links are read everywhere, chrome included: navigation and footer links are
 * where a site points to its pricing, docs and careers pages. Each distinct
 * link (address and text) is kept once.
 */
import { Parser } from 'htmlparser2';
import type { HeadingArtifact, LineKind, LinkArtifact } from '../artifacts.ts';
import { collapseWhitespace, detached, ReadableLines, type LinesMark } from './readable-text.ts';

export interface HtmlReading {
  title: string;
  metaDescription: string;
  siteName: string | null;
  metaGenerator: string | null;
  canonicalUrl: string | null;
  headings: HeadingArtifact[];
  mainText: string;
  lineKinds: LineKind[];
  links: LinkArtifact[];
  scriptSources: string[];
  inlineScripts: string[];
  /** Raw text of each application/ld+json script. */
  jsonLdTexts: string[];
  /** datetime attributes of <time> elements. */
  timeDates: string[];
}

const NEVER_TEXT = new Set(['script', 'style', 'noscript', 'template', 'svg', 'iframe', 'nav', 'aside', 'head', 'object']);
const HIDDEN_ROLES = new Set(['navigation', 'banner', 'contentinfo']);
const DISPLAY_NONE = /display\s*:\s*none/i;
const CHROME = new Set(['header', 'footer']);
const CONTENT_CONTAINERS = new Set(['main', 'article']);
const CONSENT_MARKER = /cookie|consent/i;
const CONSENT_EXEMPT = new Set(['main', 'article', 'body', 'html']);
/** A consent banner is short; a container with more text than this is content, whatever its class. */
const CONSENT_BANNER_MAX_TEXT = 2000;
const INLINE_SCRIPT_LIMIT = 4096;
const HEADING_LEVELS = new Map<string, HeadingArtifact['level']>([
  ['h1', 1],
  ['h2', 2],
  ['h3', 3],
  ['h4', 4],
  ['h5', 5],
  ['h6', 6],
]);

/** Elements after which text continues on a new line. */
const BLOCK_TAGS = new Set([
  'address',
  'article',
  'blockquote',
  'br',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'li',
  'main',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
  'option',
  'button',
  'header',
  'footer',
  'caption',
  'legend',
]);
const SPACED_VOID_TAGS = new Set(['img', 'input']);
/** Blocks whose lines are not the company's own prose, and the kind they give a line. */
const DATA_BLOCKS = new Map<string, Exclude<LineKind, 'text' | 'heading'>>([
  ['pre', 'code'],
  ['td', 'cell'],
  ['th', 'cell'],
  ['li', 'item'],
  ['blockquote', 'quotation'],
]);

interface ConsentFrame {
  text: LinesMark;
  headings: number;
  textLength: number;
  holdsContent: boolean;
}

interface HeadingFrame {
  level: HeadingArtifact['level'];
  text: string;
  inMain: boolean;
}

interface ElementFrame {
  hidesText: boolean;
  /** A <main> whose text counts (not inside hidden chrome). */
  countsAsMain: boolean;
  consent: ConsentFrame | null;
  heading: HeadingFrame | null;
  isLink: boolean;
  script: { type: string; text: string } | null;
  /** The kind this element gives the lines inside it (pre, td, th, li, blockquote). */
  dataBlock: Exclude<LineKind, 'text' | 'heading'> | null;
}

/** The frame of an element that needs nothing at its end: shared, so most elements allocate none. */
const PLAIN_ELEMENT: Readonly<ElementFrame> = Object.freeze({
  hidesText: false,
  countsAsMain: false,
  consent: null,
  heading: null,
  isLink: false,
  script: null,
  dataBlock: null,
});

export function readHtml(html: string, resolve: (href: string) => string | null): HtmlReading {
  const reading: HtmlReading = {
    title: '',
    metaDescription: '',
    siteName: null,
    metaGenerator: null,
    canonicalUrl: null,
    headings: [],
    mainText: '',
    lineKinds: [],
    links: [],
    scriptSources: [],
    inlineScripts: [],
    jsonLdTexts: [],
    timeDates: [],
  };
  const allHeadings: { heading: HeadingArtifact; inMain: boolean }[] = [];
  const text = new ReadableLines();
  const stack: ElementFrame[] = [];
  const openLinks: { index: number; text: string }[] = [];
  const openDataBlocks: Exclude<LineKind, 'text' | 'heading'>[] = [];
  const openHeadings: HeadingFrame[] = [];
  const consents: ConsentFrame[] = [];
  let hiddenDepth = 0;
  let svgDepth = 0;
  let mainDepth = 0;
  let contentDepth = 0;
  let mainSeen = false;
  let titleOpen = false;
  let titleText: string | null = null;
  let metaDescription: string | null = null;
  let script: ElementFrame['script'] = null;

  // A heading wins over its container (an <li> holding an <h3>); then the innermost data block.
  const lineKind = (): LineKind => (openHeadings.length > 0 ? 'heading' : (openDataBlocks.at(-1) ?? 'text'));
  const flushBlock = () => text.flush(mainDepth > 0, lineKind());

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        let ownScript: ElementFrame['script'] = null;
        let isLink = false;
        if (name === 'meta') {
          const key = (attribs['name'] ?? '').toLowerCase();
          const content = attribs['content'] ?? '';
          if (key === 'description' && metaDescription === null) metaDescription = content;
          else if (key === 'generator' && reading.metaGenerator === null) reading.metaGenerator = detached(collapseWhitespace(content)) || null;
          else if (attribs['property'] === 'og:site_name' && reading.siteName === null) reading.siteName = detached(collapseWhitespace(content)) || null;
        } else if (name === 'link' && reading.canonicalUrl === null && /(?:^|\s)canonical(?:\s|$)/i.test(attribs['rel'] ?? '')) {
          reading.canonicalUrl = resolve(attribs['href'] ?? '');
        } else if (name === 'script') {
          const src = attribs['src'];
          if (src !== undefined) {
            const absolute = resolve(src);
            if (absolute) reading.scriptSources.push(absolute);
          } else {
            ownScript = { type: (attribs['type'] ?? '').toLowerCase(), text: '' };
            script = ownScript;
          }
        } else if (name === 'a' && attribs['href'] !== undefined) {
          const href = resolve(attribs['href']);
          if (href) {
            isLink = true;
            openLinks.push({ index: reading.links.push({ href, text: '', chrome: hiddenDepth > 0 }) - 1, text: '' });
          }
        } else if (name === 'time' && attribs['datetime']) {
          reading.timeDates.push(attribs['datetime']);
        } else if (name === 'title' && titleText === null && svgDepth === 0) {
          titleOpen = true;
          titleText = '';
        }
        if (name === 'svg') svgDepth++;

        const hidesText =
          NEVER_TEXT.has(name) ||
          'hidden' in attribs ||
          attribs['aria-hidden'] === 'true' ||
          HIDDEN_ROLES.has(attribs['role'] ?? '') ||
          (attribs['style'] !== undefined && DISPLAY_NONE.test(attribs['style'])) ||
          (CHROME.has(name) && contentDepth === 0);
        let consent: ConsentFrame | null = null;
        let heading: HeadingFrame | null = null;
        let dataBlock: ElementFrame['dataBlock'] = null;
        if (hiddenDepth === 0 && !hidesText) {
          if (BLOCK_TAGS.has(name)) flushBlock();
          else if (SPACED_VOID_TAGS.has(name)) text.space();
          if (CONTENT_CONTAINERS.has(name)) for (const open of consents) open.holdsContent = true;
          const id = attribs['id'];
          const className = attribs['class'];
          const marked = (id !== undefined && CONSENT_MARKER.test(id)) || (className !== undefined && CONSENT_MARKER.test(className));
          if (marked && !CONSENT_EXEMPT.has(name)) {
            consent = { text: text.mark(), headings: allHeadings.length, textLength: 0, holdsContent: false };
            consents.push(consent);
          }
          const level = HEADING_LEVELS.get(name);
          if (level && text.hasRoom(mainDepth > 0)) {
            heading = { level, text: '', inMain: mainDepth > 0 };
            openHeadings.push(heading);
          }
          dataBlock = DATA_BLOCKS.get(name) ?? null;
          if (dataBlock) openDataBlocks.push(dataBlock);
        }
        if (hidesText) hiddenDepth++;
        const countsAsMain = name === 'main' && hiddenDepth === 0;
        if (countsAsMain) {
          mainDepth++;
          mainSeen = true;
        }
        if (CONTENT_CONTAINERS.has(name)) contentDepth++;
        const plain = !hidesText && !countsAsMain && !consent && !heading && !isLink && !ownScript && !dataBlock;
        stack.push(plain ? PLAIN_ELEMENT : { hidesText, countsAsMain, consent, heading, isLink, script: ownScript, dataBlock });
      },

      ontext(data) {
        if (script) {
          script.text += data;
          return;
        }
        if (titleOpen) {
          titleText += data;
          return;
        }
        for (const link of openLinks) link.text += data;
        if (hiddenDepth > 0) return;
        for (const consent of consents) consent.textLength += data.length;
        if (!text.hasRoom(mainDepth > 0)) return;
        text.add(data);
        for (const heading of openHeadings) heading.text += data;
      },

      onclosetag(name) {
        const frame = stack.pop();
        if (!frame) return;
        if (frame.script) {
          closeScript(frame.script, reading);
          script = null;
        }
        if (name === 'title') titleOpen = false;
        if (name === 'svg') svgDepth--;
        if (frame.isLink) {
          const link = openLinks.pop()!;
          reading.links[link.index]!.text = collapseWhitespace(link.text);
        }
        if (CONTENT_CONTAINERS.has(name)) contentDepth--;
        if (frame.hidesText) {
          hiddenDepth--;
          return;
        }
        if (hiddenDepth > 0) return;
        // The block's last line still belongs to <main>: flush before leaving it.
        if (BLOCK_TAGS.has(name)) flushBlock();
        if (frame.dataBlock) openDataBlocks.pop();
        if (frame.countsAsMain) mainDepth--;
        if (frame.heading) {
          openHeadings.pop();
          const headingText = detached(collapseWhitespace(frame.heading.text));
          if (headingText) allHeadings.push({ heading: { level: frame.heading.level, text: headingText }, inMain: frame.heading.inMain });
        }
        if (frame.consent) {
          consents.pop();
          const consent = frame.consent;
          if (!consent.holdsContent && consent.textLength <= CONSENT_BANNER_MAX_TEXT) {
            text.restore(consent.text);
            allHeadings.length = consent.headings;
          }
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  flushBlock();

  reading.headings = allHeadings.filter((h) => !mainSeen || h.inMain).map((h) => h.heading);
  reading.mainText = text.text(mainSeen);
  reading.lineKinds = text.lineKinds(mainSeen);
  reading.links = distinctLinks(reading.links);
  reading.title = detached(collapseWhitespace(titleText ?? ''));
  reading.metaDescription = detached(collapseWhitespace(metaDescription ?? ''));
  return reading;
}

/**
 * Each link once, in order of first appearance, with strings of its own.
 * Navigation, footers and cards repeat the same links on every screen of a
 * long page; consumers look for the first link that matches or feed links
 * to the crawl frontier, so repeats add nothing.
 */
function distinctLinks(links: readonly LinkArtifact[]): LinkArtifact[] {
  const distinct: LinkArtifact[] = [];
  const indexByKey = new Map<string, number>();
  for (const link of links) {
    const key = `${link.href}\u0000${link.text}`;
    const seen = indexByKey.get(key);
    if (seen === undefined) {
      indexByKey.set(key, distinct.push({ href: detached(link.href), text: detached(link.text), chrome: link.chrome }) - 1);
    } else if (!link.chrome) {
      // A link that also appears in the content is content, wherever else it is repeated.
      distinct[seen]!.chrome = false;
    }
  }
  return distinct;
}

function closeScript(script: { type: string; text: string }, reading: HtmlReading): void {
  if (script.type === 'application/ld+json') {
    reading.jsonLdTexts.push(script.text);
    return;
  }
  const code = script.text.trim();
  if (code) reading.inlineScripts.push(detached(code.slice(0, INLINE_SCRIPT_LIMIT)));
}
