/**
 * The DimensionScore.evidence string: the strongest findings, quoted with the
 * page they come from, so a reader can check each one on the site.
 */
import type { Evidence } from '../artifacts.ts';
import type { SignalTally } from './tallies.ts';

/** Quotes are at most 300 characters each, so the evidence text stays under about 700. */
const MAX_EVIDENCE_ITEMS = 2;

const OBSERVATION_LABELS: Record<Extract<Evidence, { kind: 'observation' }>['source'], string> = {
  script: 'Script loaded from',
  inlineScript: 'Inline script',
  header: 'Response header',
  generator: 'Meta generator',
  jsonld: 'Structured data value',
  link: 'Link to',
  dates: 'Dated entry',
};

function noEvidenceText(dimensionName: string): string {
  return `No public evidence for ${dimensionName} was found on the crawled pages.`;
}

/**
 * The strongest finding of each of the strongest signals, at most
 * MAX_EVIDENCE_ITEMS, never the same passage twice (a headline can carry two
 * signals).
 */
export function describeEvidence(dimensionName: string, tallies: readonly SignalTally[]): string {
  const items: string[] = [];
  for (const tally of tallies) {
    if (items.length === MAX_EVIDENCE_ITEMS) break;
    const { evidence, url } = tally.findings[0]!;
    const item = evidence.kind === 'quote' ? `"${evidence.text}" (${url})` : `${OBSERVATION_LABELS[evidence.source]} ${evidence.text} (${url})`;
    if (!items.includes(item)) items.push(item);
  }
  return items.length === 0 ? noEvidenceText(dimensionName) : items.join('; ');
}
