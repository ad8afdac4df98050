/**
 * A move's body as a page shows it: the Markdown we write ourselves
 * (modules/moves/move-content.ts: headings, lists, paragraphs and a link to
 * the result) as headings, lists, paragraphs and links. Not a Markdown
 * parser: anything else is shown as the text it is, and every piece of text
 * is escaped by the view like any other value. The body quotes evidence from
 * the product's own site, which could hold a Markdown link of its own, so a
 * link is drawn only when it leads to this app (a path, or the app's own
 * origin); any other stays text, never a link someone else chose.
 */
import { html, type VNode } from '../view.ts';

export type MarkdownBlock = { kind: 'heading'; text: string } | { kind: 'list'; items: string[] } | { kind: 'paragraph'; text: string };
export type InlinePiece = { text: string } | { text: string; href: string };

const HEADING = /^#{1,6}\s+(.*)$/;
const ITEM = /^[-*]\s+(.*)$/;
const LINK = /\[([^\]\n]+)\]\(([^)\s]+)\)/g;

/** The body's blocks: `#` headings, `-` or `*` list items, and paragraphs (lines joined until a blank line). */
export function markdownBlocks(source: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let open: MarkdownBlock | null = null;
  for (const raw of source.split(/\r?\n/)) {
    const line = raw.trim();
    const heading = HEADING.exec(line);
    const item = ITEM.exec(line);
    if (line === '') open = null;
    else if (heading) {
      blocks.push({ kind: 'heading', text: heading[1]! });
      open = null;
    } else if (item) {
      if (open?.kind !== 'list') blocks.push((open = { kind: 'list', items: [] }));
      open.items.push(item[1]!);
    } else if (open?.kind === 'paragraph') open.text += ` ${line}`;
    else blocks.push((open = { kind: 'paragraph', text: line }));
  }
  return blocks;
}

/** A line's text and links; a link that leads outside `appOrigin` stays its Markdown text. */
export function inlinePieces(text: string, appOrigin: string): InlinePiece[] {
  const pieces: InlinePiece[] = [];
  let at = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, label, href] = match as unknown as [string, string, string];
    if (!leadsHere(href, appOrigin)) continue;
    if (match.index > at) pieces.push({ text: text.slice(at, match.index) });
    pieces.push({ text: label, href });
    at = match.index + whole.length;
  }
  if (at < text.length) pieces.push({ text: text.slice(at) });
  return pieces;
}

function leadsHere(href: string, appOrigin: string): boolean {
  // A path of this app; not `//host` nor `/\host`, which browsers read as another host.
  if (href.startsWith('/')) return !/^\/[/\\]/.test(href);
  try {
    return new URL(href).origin === appOrigin;
  } catch {
    return false;
  }
}

function Inline({ text, appOrigin }: { text: string; appOrigin: string }) {
  return inlinePieces(text, appOrigin).map((piece) => ('href' in piece ? html`<a href=${piece.href}>${piece.text}</a>` : piece.text));
}

/** The blocks as markup; headings at `headingLevel` (the level under the page's own heading for the move). */
export function MarkdownLite({ source, appOrigin, headingLevel }: { source: string; appOrigin: string; headingLevel: 3 | 4 | 5 | 6 }): VNode[] {
  return markdownBlocks(source).map((block) => {
    if (block.kind === 'heading') return html`<${`h${headingLevel}`}><${Inline} text=${block.text} appOrigin=${appOrigin} /><//>` as VNode;
    if (block.kind === 'list') return html`<ul>${block.items.map((item) => html`<li><${Inline} text=${item} appOrigin=${appOrigin} /></li>`)}</ul>` as VNode;
    return html`<p><${Inline} text=${block.text} appOrigin=${appOrigin} /></p>` as VNode;
  });
}
