/**
 * The plain data that flows between the three scoring stages:
 * crawler -> PageArtifact[] -> detectors -> Finding[] + SiteFacts -> engine -> DimensionScore[].
 * Only the detectors read pages; the engine sees findings and site facts.
 * Nothing here does I/O; the detectors and the engine are pure functions of it.
 */
import type { DimensionId } from '../../framework/dimensions.ts';

export interface HeadingArtifact {
  level: 1 | 2 | 3 | 4 | 5 | 6;
  text: string;
}

export interface LinkArtifact {
  /** Absolute URL after resolving against the page's final URL. */
  href: string;
  /** The link's visible text, whitespace-collapsed ('' when it has none). */
  text: string;
  /**
   * Only ever seen in the page's chrome (navigation, header, footer, aside,
   * hidden markup): it tells which pages exist, never what the company does.
   */
  chrome: boolean;
}

/**
 * What kind of block a line of mainText comes from. Only prose ('text' and
 * 'item') can be evidence: headings and slogans name a topic without
 * asserting anything, code and table cells are data, not statements, and a
 * quotation (<blockquote>) is someone else speaking.
 */
export type LineKind = 'text' | 'item' | 'heading' | 'code' | 'cell' | 'quotation';

/** One crawled page, reduced to what detectors need. */
export interface PageArtifact {
  requestedUrl: string;
  finalUrl: string;
  status: number;
  /** The response's media type without parameters, e.g. 'text/html'. */
  contentType: string;
  title: string;
  metaDescription: string;
  /** og:site_name, when the page declares one. */
  siteName: string | null;
  metaGenerator: string | null;
  /** The absolute address of <link rel="canonical">, when the page declares one. */
  canonicalUrl: string | null;
  headings: HeadingArtifact[];
  /**
   * The page's readable text: only <main> when the page has one; navigation,
   * asides, the site's header and footer (not an article's), hidden
   * elements, cookie banners, scripts and styles removed. One line per block
   * element (paragraph, heading, list item, cell...), whitespace inside a
   * line collapsed to single spaces. Headings are part of it. At most
   * MAX_MAIN_TEXT_CHARS (100,000) characters: a longer page is cut there.
   * Every evidence quote must be a substring of it.
   */
  mainText: string;
  /** The kind of each line of mainText, in order (as many as mainText has lines). */
  lineKinds: LineKind[];
  /** Every link of the page (chrome included), each distinct address and text once, in document order. */
  links: LinkArtifact[];
  /** Absolute URLs of external scripts, in document order. */
  scriptSources: string[];
  /** The text of inline scripts, each cut to its first 4 KB (fingerprints live near the top). */
  inlineScripts: string[];
  /** Parsed JSON-LD blocks; unparseable blocks are dropped. */
  jsonLd: unknown[];
  /** Calendar dates found in the page (ISO yyyy-mm-dd), sorted, de-duplicated. */
  dates: string[];
  /** Response headers that carry signals, lower-case names. */
  headers: Record<string, string>;
}

/**
 * Evidence for a finding. A quote is copied verbatim from the page's mainText
 * (at most MAX_QUOTE_LENGTH, 300, characters). An observation is a fact read from markup rather
 * than prose; its text is verbatim from the artifact field named by `source`:
 * script: one of scriptSources; inlineScript: a substring of one of
 * inlineScripts; header: "<name>: <value>" of one of headers; generator:
 * metaGenerator; jsonld: a value inside jsonLd; link: the href of one of
 * links; dates: one of dates.
 */
export type Evidence =
  | { kind: 'quote'; text: string }
  | { kind: 'observation'; source: 'script' | 'inlineScript' | 'header' | 'generator' | 'jsonld' | 'link' | 'dates'; text: string };

/** One signal detected on one page. */
export interface Finding {
  /** Signal type in the form <source>.<metric>, from the signal catalogue. */
  signal: string;
  dimensionId: DimensionId;
  /** How strongly this finding indicates maturity, 0 < strength <= 1. */
  strength: number;
  evidence: Evidence;
  /**
   * For a quote found by a phrase: the words that matched, inside the quote
   * (the reasoning cites the site's own words around them).
   */
  phrase?: string;
  /** The final URL of the page the evidence comes from. */
  url: string;
}

/**
 * What the engine needs to know about the site besides its findings, read
 * from the pages by the detector stage (signals/site-facts.ts) so that the
 * engine never reads a page itself. Depends on the pages alone, never on the
 * crawl date: the engine weighs the dates against it.
 */
export interface SiteFacts {
  /**
   * The final URLs of the pages evidence may come from (successful, one per
   * final URL), in canonical order: the root page first, then by URL.
   */
  pageUrls: string[];
  /** The company's name as the site states it, or null when it names none. */
  companyName: string | null;
  /** Every date on the site's changelog pages, and each release post's date (ISO yyyy-mm-dd), sorted, de-duplicated. */
  changelogDates: string[];
  /** Whether any pricing page states at least one price. */
  publishesAPrice: boolean;
}

/** What a crawl hands to the scoring pipeline (judge-crawl.ts): the pages, and what it tried and did not use. */
export interface CrawlSummary {
  startUrl: string;
  pages: PageArtifact[];
  /** Pages tried and not used, with the reason (blocked, robots, too large...). */
  skipped: { url: string; reason: string }[];
  /** Bytes of body read across all used pages, after decompression. */
  contentLength: number;
}
