/**
 * Roadmap discipline: a public roadmap (crawled or linked), items grouped by
 * status or timeframe, and a roadmap that links to what shipped. Status words
 * only count in pairs on a roadmap page ("Next" alone is a button label).
 */
import type { Finding } from '../artifacts.ts';
import {
  detectByLinks,
  detectByPageKind,
  detectByTextRules,
  finding,
  pageStatement,
  TextRuleSet,
  type PageContext,
  type SignalDetector,
} from './detection-rules.ts';

const STATUS_LINE = /^(?:Now|Next|Later|Planned|In progress|In development|Shipped|Released|Under consideration|Exploring|Considering|Done|Up next)\b/gim;
const DISTINCT_STATUSES_NEEDED = 2;
const CHANGELOG_HREF = /\/(?:changelog|release-notes|releases|whats-new)(?:[/?.]|$)/i;

const TIMEFRAME_RULES = new TextRuleSet([
  { signal: 'roadmap.timeframes', words: ['q1', 'q2', 'q3', 'q4', 'h1', 'h2'], pattern: /\b(?:Q[1-4]|H[12]) 20\d\d\b/, onlyOn: ['roadmap'] },
]);

/**
 * Status columns are read from the whole page (they are usually headings);
 * the quote is the page's first statement, which says what the columns hold.
 */
function statusFindings(context: PageContext): Finding[] {
  if (!context.kinds.has('roadmap')) return [];
  const statuses = new Set<string>();
  for (const match of context.page.mainText.matchAll(STATUS_LINE)) statuses.add(match[0].toLowerCase());
  if (statuses.size < DISTINCT_STATUSES_NEEDED) return [];
  const statement = pageStatement('roadmap.status_columns', context);
  return statement ? [finding('roadmap.status_columns', context.page, statement.evidence, statement.strength)] : [];
}

function deliveryLinkFindings({ page, kinds, contentLinks }: PageContext): Finding[] {
  if (!kinds.has('roadmap')) return [];
  const link = contentLinks.find((l) => CHANGELOG_HREF.test(l.href));
  return link ? [finding('roadmap.linked_delivery', page, { kind: 'observation', source: 'link', text: link.href })] : [];
}

export const detectRoadmapSignals: SignalDetector = (pages) => [
  ...detectByPageKind(pages, [{ signal: 'roadmap.public_page', kind: 'roadmap' }]),
  ...detectByLinks(pages, [{ signal: 'roadmap.link', text: /\broadmap\b/i }, { signal: 'roadmap.link', href: /\/roadmap\b|^https?:\/\/roadmap\./i }]),
  ...pages.flatMap(statusFindings),
  ...detectByTextRules(pages, TIMEFRAME_RULES),
  ...pages.flatMap(deliveryLinkFindings),
];
