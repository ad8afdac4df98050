/**
 * Roadmap discipline: a public roadmap (crawled or linked), items grouped by
 * status or timeframe, and a roadmap that links to what shipped. Status words
 * only count in pairs on a roadmap page ("Next" alone is a button label).
 */
import type { Finding } from '../artifacts.ts';
import { detectByLinks, detectByPageKind, detectByTextRules, finding, TextRuleSet, type PageContext, type SignalDetector } from './detection-rules.ts';
import { quoteAround } from './quote.ts';

const STATUS_LINE = /^(?:Now|Next|Later|Planned|In progress|In development|Shipped|Released|Under consideration|Exploring|Considering|Done|Up next)\b/gim;
const DISTINCT_STATUSES_NEEDED = 2;
const CHANGELOG_HREF = /\/(?:changelog|release-notes|releases|whats-new)(?:[/?.]|$)/i;

const TIMEFRAME_RULES = new TextRuleSet([
  { signal: 'roadmap.timeframes', words: ['q1', 'q2', 'q3', 'q4', 'h1', 'h2'], pattern: /\b(?:Q[1-4]|H[12]) 20\d\d\b/, onlyOn: ['roadmap'] },
]);

function statusFindings({ page, kinds }: PageContext): Finding[] {
  if (!kinds.has('roadmap')) return [];
  const statuses = new Set<string>();
  let first: RegExpMatchArray | undefined;
  for (const match of page.mainText.matchAll(STATUS_LINE)) {
    statuses.add(match[0].toLowerCase());
    first ??= match;
  }
  if (!first || statuses.size < DISTINCT_STATUSES_NEEDED) return [];
  const text = quoteAround(page.mainText, first.index!, first.index! + first[0].length);
  return text ? [finding('roadmap.status_columns', page, { kind: 'quote', text })] : [];
}

function deliveryLinkFindings({ page, kinds }: PageContext): Finding[] {
  if (!kinds.has('roadmap')) return [];
  const link = page.links.find((l) => CHANGELOG_HREF.test(l.href));
  return link ? [finding('roadmap.linked_delivery', page, { kind: 'observation', source: 'link', text: link.href })] : [];
}

export const detectRoadmapSignals: SignalDetector = (pages) => [
  ...detectByPageKind(pages, [{ signal: 'roadmap.public_page', kind: 'roadmap' }]),
  ...detectByLinks(pages, [{ signal: 'roadmap.link', text: /\broadmap\b/i }, { signal: 'roadmap.link', href: /\/roadmap\b|^https?:\/\/roadmap\./i }]),
  ...pages.flatMap(statusFindings),
  ...detectByTextRules(pages, TIMEFRAME_RULES),
  ...pages.flatMap(deliveryLinkFindings),
];
