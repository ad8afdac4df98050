/**
 * HTML (or plain text) -> PageArtifact. Pure: no network, no clock.
 */
import * as cheerio from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import type { HeadingArtifact, LinkArtifact, PageArtifact } from '../artifacts.ts';
import { findDates } from './dates.ts';

export interface RawPage {
  requestedUrl: string;
  finalUrl: string;
  status: number;
  contentType: string;
  body: string;
  headers: Record<string, string>;
}

/** Response headers worth keeping: they fingerprint platforms and security posture. */
const SIGNAL_HEADERS = [
  'server',
  'x-powered-by',
  'strict-transport-security',
  'content-security-policy',
  'x-frame-options',
  'permissions-policy',
  'x-vercel-id',
  'cf-ray',
  'x-amz-cf-id',
  'fly-request-id',
  'x-github-request-id',
  'last-modified',
];

/** Elements that are page chrome rather than content. */
const BOILERPLATE_SELECTOR = [
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'iframe',
  'nav',
  'header',
  'footer',
  'aside',
  '[role="navigation"]',
  '[role="banner"]',
  '[role="contentinfo"]',
  '[aria-hidden="true"]',
  '[hidden]',
  '.cookie-banner',
  '#cookie-banner',
].join(',');

/** Elements after which text continues on a new line. */
const BLOCK_TAGS = new Set([
  'address', 'article', 'blockquote', 'br', 'dd', 'details', 'dialog', 'div', 'dl', 'dt', 'fieldset',
  'figcaption', 'figure', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'li', 'main', 'ol', 'p',
  'pre', 'section', 'summary', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul', 'option', 'button',
]);

const INLINE_SCRIPT_LIMIT = 4096;

export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function extractPage(raw: RawPage): PageArtifact {
  const headers = pickHeaders(raw.headers);
  if (raw.contentType !== 'text/html' && raw.contentType !== 'application/xhtml+xml') {
    return textArtifact(raw, headers);
  }
  const $ = cheerio.load(raw.body);
  const base = raw.finalUrl;

  const title = collapseWhitespace($('head > title').first().text() || $('title').first().text());
  const metaDescription = collapseWhitespace($('meta[name="description" i]').attr('content') ?? '');
  const siteName = collapseWhitespace($('meta[property="og:site_name"]').attr('content') ?? '') || null;
  const metaGenerator = collapseWhitespace($('meta[name="generator" i]').attr('content') ?? '') || null;

  const scriptSources: string[] = [];
  const inlineScripts: string[] = [];
  const jsonLd: unknown[] = [];
  $('script').each((_, el) => {
    const src = $(el).attr('src');
    const type = ($(el).attr('type') ?? '').toLowerCase();
    if (src) {
      const absolute = resolveUrl(src, base);
      if (absolute) scriptSources.push(absolute);
    } else if (type === 'application/ld+json') {
      const parsed = parseJson($(el).text());
      if (parsed !== undefined) jsonLd.push(...(Array.isArray(parsed) ? parsed : [parsed]));
    } else {
      const code = $(el).text().trim();
      if (code) inlineScripts.push(code.slice(0, INLINE_SCRIPT_LIMIT));
    }
  });

  // Links are read before boilerplate is removed: navigation and footer links
  // are exactly where a site points to its pricing, docs and careers pages.
  const links: LinkArtifact[] = [];
  $('a[href]').each((_, el) => {
    const href = resolveUrl($(el).attr('href') ?? '', base);
    if (href) links.push({ href, text: collapseWhitespace($(el).text()) });
  });

  const timeDates: string[] = [];
  $('time[datetime]').each((_, el) => {
    timeDates.push($(el).attr('datetime') ?? '');
  });

  $(BOILERPLATE_SELECTOR).remove();
  const main = $('main');
  const roots: AnyNode[] = main.length > 0 ? main.toArray() : $('body').length > 0 ? $('body').toArray() : $.root().toArray();

  const headings: HeadingArtifact[] = [];
  $(roots).find('h1, h2, h3, h4, h5, h6').each((_, el) => {
    const text = collapseWhitespace($(el).text());
    if (text) headings.push({ level: Number(el.tagName.slice(1)) as HeadingArtifact['level'], text });
  });

  const mainText = blockText(roots);

  return {
    requestedUrl: raw.requestedUrl,
    finalUrl: raw.finalUrl,
    status: raw.status,
    contentType: raw.contentType,
    title,
    metaDescription,
    siteName,
    metaGenerator,
    headings,
    mainText,
    links,
    scriptSources,
    inlineScripts,
    jsonLd,
    dates: findDates(mainText, [...timeDates, ...jsonLdDates(jsonLd)]),
    headers,
  };
}

function textArtifact(raw: RawPage, headers: Record<string, string>): PageArtifact {
  const mainText = raw.body
    .split(/\r?\n/)
    .map(collapseWhitespace)
    .filter(Boolean)
    .join('\n');
  return {
    requestedUrl: raw.requestedUrl,
    finalUrl: raw.finalUrl,
    status: raw.status,
    contentType: raw.contentType,
    title: '',
    metaDescription: '',
    siteName: null,
    metaGenerator: null,
    headings: [],
    mainText,
    links: [],
    scriptSources: [],
    inlineScripts: [],
    jsonLd: [],
    dates: findDates(mainText, []),
    headers,
  };
}

/** Text of the given nodes, one line per block element, whitespace collapsed within lines. */
function blockText(nodes: AnyNode[]): string {
  const lines: string[] = [];
  let current = '';
  const flush = () => {
    const line = collapseWhitespace(current);
    if (line) lines.push(line);
    current = '';
  };
  const walk = (node: AnyNode) => {
    if (node.type === 'text') {
      current += (node as unknown as { data: string }).data;
      return;
    }
    if (node.type !== 'tag' && node.type !== 'root') return;
    const element = node as Element;
    const isBlock = node.type === 'tag' && BLOCK_TAGS.has(element.tagName);
    if (isBlock) flush();
    for (const child of element.children ?? []) walk(child);
    if (isBlock) flush();
    else if (node.type === 'tag' && (element.tagName === 'img' || element.tagName === 'input')) current += ' ';
  };
  for (const node of nodes) walk(node);
  flush();
  return lines.join('\n');
}

function pickHeaders(headers: Record<string, string>): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of SIGNAL_HEADERS) {
    const value = headers[name];
    if (value) picked[name] = value;
  }
  return picked;
}

export function resolveUrl(href: string, base: string): string | null {
  const trimmed = href.trim();
  if (!trimmed || trimmed.startsWith('#') || /^(javascript|mailto|tel|data):/i.test(trimmed)) return null;
  try {
    const url = new URL(trimmed, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url.toString();
  } catch {
    return null;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function jsonLdDates(blocks: unknown[]): string[] {
  const dates: string[] = [];
  const visit = (value: unknown, depth: number) => {
    if (depth > 6 || value === null || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      if (typeof child === 'string' && /^date(Published|Modified|Created)$/.test(key)) dates.push(child);
      else visit(child, depth + 1);
    }
  };
  for (const block of blocks) visit(block, 0);
  return dates;
}
