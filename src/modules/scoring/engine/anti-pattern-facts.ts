/**
 * The facts the named anti-patterns read (src/framework/anti-patterns.ts
 * holds each rule whole: name, description, cap and predicate), gathered once
 * from the findings and the site facts, and the rules that hold for them.
 */
import { ANTI_PATTERNS, type AntiPattern, type AntiPatternFacts } from '../../../framework/anti-patterns.ts';
import type { SignalId } from '../../../framework/signal-types.ts';
import type { Finding, SiteFacts } from '../artifacts.ts';

export type { AntiPatternFacts } from '../../../framework/anti-patterns.ts';

export function gatherFacts(site: SiteFacts, findings: readonly Finding[], asOf: Date): AntiPatternFacts {
  const asOfDay = asOf.toISOString().slice(0, 10);
  return {
    signals: new Set(findings.map((finding) => finding.signal as SignalId)),
    pageCount: site.pageUrls.length,
    // Dates after the crawl are typos or scheduled posts, not evidence of recent shipping.
    newestChangelogDate: site.changelogDates.filter((date) => date <= asOfDay).at(-1) ?? null,
    publishesAPrice: site.publishesAPrice,
    asOf,
  };
}

/** The anti-patterns that hold, in the framework's order. */
export function detectAntiPatterns(facts: AntiPatternFacts): AntiPattern[] {
  return ANTI_PATTERNS.filter((pattern) => pattern.holds(facts));
}
