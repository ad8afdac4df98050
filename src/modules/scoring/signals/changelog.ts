/**
 * Delivery evidence from changelog and release-notes pages: that they exist,
 * how many dated entries they carry and how closely those dates follow each
 * other. Staleness needs the crawl date, so it is judged by the engine, not
 * here (detectors never read a clock): the changelog dates reach it as a
 * site fact (site-facts.ts). What the company says about how often it ships
 * is delivery.ts's.
 */
import type { Finding } from '../artifacts.ts';
import { findDateMentions } from '../extract/dates.ts';
import { detectByPageKind, evidenceQuoteAt, finding, type PageContext, type SignalDetector } from './detection-rules.ts';
import { quoteAround } from './quote.ts';

const DAY_MS = 86_400_000;

/** Fewer dated entries than this is a page, not a record of delivery. */
const MIN_DATED_ENTRIES = 3;
/** This many dated entries give full strength. */
const ENTRIES_FOR_FULL_STRENGTH = 6;
/** Cadence is measured over the most recent entries only. */
const CADENCE_WINDOW = 12;

/**
 * Named cadence curve: the median gap in days between recent entries, and the
 * strength it earns. Weekly shipping is the strongest evidence; a quarterly
 * rhythm still counts a little; slower counts nothing.
 */
export const CADENCE_CURVE: readonly { maxMedianGapDays: number; strength: number }[] = [
  { maxMedianGapDays: 7, strength: 1 },
  { maxMedianGapDays: 14, strength: 0.8 },
  { maxMedianGapDays: 31, strength: 0.5 },
  { maxMedianGapDays: 92, strength: 0.25 },
];

/** A release's version on a changelog page: "v2.14.0", "Version 3.1", or a bare "1.0.0". */
const VERSION = /\b(?:v|version |release )\d+\.\d+(?:\.\d+)?\b|(?<![\d.])\d+\.\d+\.\d+(?![\d.])/gi;
/** This many distinct versions give full strength: a record of releases, not one. */
const VERSIONS_FOR_FULL_STRENGTH = 3;

/** Versioned releases: the first version written, at a strength that grows with the number of distinct versions. */
function versionFindings(context: PageContext): Finding[] {
  const { page } = context;
  const versions = new Map<string, { index: number; length: number }>();
  for (const match of page.mainText.matchAll(VERSION)) {
    const key = match[0].toLowerCase().replace(/^(?:v|version |release )/, '');
    if (!versions.has(key)) versions.set(key, { index: match.index, length: match[0].length });
  }
  for (const at of versions.values()) {
    const inHeading = page.lineKinds[context.text.lineAt(at.index)] === 'heading';
    const quote = inHeading
      ? quoteAround(page.mainText, at.index, at.index + at.length)
      : evidenceQuoteAt('changelog.versioned_releases', context, at.index, at.index + at.length);
    if (quote) return [finding('changelog.versioned_releases', page, { kind: 'quote', text: quote }, Math.min(1, versions.size / VERSIONS_FOR_FULL_STRENGTH))];
  }
  return [];
}

export function medianGapDays(dates: readonly string[]): number | null {
  const recent = [...dates].sort().slice(-CADENCE_WINDOW);
  if (recent.length < 2) return null;
  const gaps: number[] = [];
  for (let i = 1; i < recent.length; i++) gaps.push((Date.parse(recent[i]!) - Date.parse(recent[i - 1]!)) / DAY_MS);
  gaps.sort((a, b) => a - b);
  const middle = Math.floor(gaps.length / 2);
  return gaps.length % 2 === 1 ? gaps[middle]! : (gaps[middle - 1]! + gaps[middle]!) / 2;
}

export function cadenceStrength(medianGap: number): number {
  return CADENCE_CURVE.find((step) => medianGap <= step.maxMedianGapDays)?.strength ?? 0;
}

/**
 * For each date written in the text, the quote of the line it is first
 * written on: an entry's dated heading ("July 1, 2026: Danish invoices") is
 * the record itself, so a heading may be quoted here, as may a statement.
 */
function datedLineQuotes(context: PageContext): Map<string, string> {
  const quotes = new Map<string, string>();
  const { page } = context;
  for (const mention of findDateMentions(page.mainText)) {
    if (quotes.has(mention.date)) continue;
    const end = mention.index + mention.length;
    const inHeading = page.lineKinds[context.text.lineAt(mention.index)] === 'heading';
    const text = inHeading ? quoteAround(page.mainText, mention.index, end) : evidenceQuoteAt('changelog.dated_entries', context, mention.index, end);
    if (text) quotes.set(mention.date, text);
  }
  return quotes;
}

function cadenceFindings(context: PageContext): Finding[] {
  const { page } = context;
  const dates = page.dates;
  if (dates.length < MIN_DATED_ENTRIES) return [];
  const quotes = datedLineQuotes(context);
  // Quote the newest entry for the count and the one before it for the cadence,
  // so the evidence shows two consecutive entries. A date that only appears in
  // markup (<time datetime>) is cited as the observation it is.
  const evidenceFor = (date: string) => {
    const text = quotes.get(date);
    return text ? ({ kind: 'quote', text } as const) : ({ kind: 'observation', source: 'dates', text: date } as const);
  };
  const newest = dates.at(-1)!;
  const previous = dates.at(-2)!;
  const findings = [finding('changelog.dated_entries', page, evidenceFor(newest), Math.min(1, dates.length / ENTRIES_FOR_FULL_STRENGTH))];
  const gap = medianGapDays(dates);
  const strength = gap === null ? 0 : cadenceStrength(gap);
  if (strength > 0) findings.push(finding('changelog.cadence', page, evidenceFor(previous), strength));
  return findings;
}

export const detectChangelogSignals: SignalDetector = (pages) => [
  ...detectByPageKind(pages, [{ signal: 'changelog.published', kind: 'changelog' }]),
  ...pages.filter((c) => c.kinds.has('changelog')).flatMap(cadenceFindings),
  ...pages.filter((c) => c.kinds.has('changelog')).flatMap(versionFindings),
];
