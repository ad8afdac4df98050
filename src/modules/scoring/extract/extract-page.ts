/**
 * HTML (or plain text) -> PageArtifact. Pure: no network, no clock.
 */
import type { PageArtifact } from '../artifacts.ts';
import { findDates } from './dates.ts';
import { readHtml } from './html-reader.ts';
import { ReadableLines } from './readable-text.ts';

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

export function extractPage(raw: RawPage): PageArtifact {
  const headers = pickHeaders(raw.headers);
  if (raw.contentType !== 'text/html' && raw.contentType !== 'application/xhtml+xml') {
    return textArtifact(raw, headers);
  }
  const reading = readHtml(raw.body, pageUrlResolver(raw.finalUrl));
  const jsonLd = reading.jsonLdTexts.flatMap((text) => {
    const parsed = parseJson(text);
    return parsed === undefined ? [] : Array.isArray(parsed) ? parsed : [parsed];
  });
  return {
    requestedUrl: raw.requestedUrl,
    finalUrl: raw.finalUrl,
    status: raw.status,
    contentType: raw.contentType,
    title: reading.title,
    metaDescription: reading.metaDescription,
    siteName: reading.siteName,
    metaGenerator: reading.metaGenerator,
    canonicalUrl: reading.canonicalUrl,
    headings: reading.headings,
    mainText: reading.mainText,
    lineKinds: reading.lineKinds,
    links: reading.links,
    scriptSources: reading.scriptSources,
    inlineScripts: reading.inlineScripts,
    jsonLd,
    dates: findDates(reading.mainText, [...reading.timeDates, ...jsonLdDates(jsonLd)]),
    headers,
  };
}

function textArtifact(raw: RawPage, headers: Record<string, string>): PageArtifact {
  const lines = new ReadableLines();
  for (const line of raw.body.split(/\r?\n/)) {
    if (!lines.hasRoom(false)) break;
    lines.add(line);
    lines.flush(false);
  }
  const mainText = lines.text(false);
  const lineKinds = lines.lineKinds(false);
  return {
    requestedUrl: raw.requestedUrl,
    finalUrl: raw.finalUrl,
    status: raw.status,
    contentType: raw.contentType,
    title: '',
    metaDescription: '',
    siteName: null,
    metaGenerator: null,
    canonicalUrl: null,
    headings: [],
    mainText,
    lineKinds,
    links: [],
    scriptSources: [],
    inlineScripts: [],
    jsonLd: [],
    dates: findDates(mainText, []),
    headers,
  };
}

function pickHeaders(headers: Record<string, string>): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of SIGNAL_HEADERS) {
    const value = headers[name];
    if (value) picked[name] = value;
  }
  return picked;
}

/** resolveUrl against one page, remembering each href: navigation, footer and cards repeat the same few addresses. */
function pageUrlResolver(base: string): (href: string) => string | null {
  const resolved = new Map<string, string | null>();
  return (href) => {
    let url = resolved.get(href);
    if (url === undefined) {
      url = resolveUrl(href, base);
      resolved.set(href, url);
    }
    return url;
  };
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
