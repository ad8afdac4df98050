/**
 * The named anti-pattern rules (data in src/framework/anti-patterns.ts), each
 * a predicate over facts gathered once from the findings and the site facts.
 * Staleness is measured against the explicit `asOf` date (the crawl date);
 * nothing here reads a clock.
 */
import { ANTI_PATTERNS, STALE_CHANGELOG_DAYS, type AntiPattern, type AntiPatternId } from '../../../framework/anti-patterns.ts';
import type { SignalId } from '../../../framework/signal-types.ts';
import type { Finding, SiteFacts } from '../artifacts.ts';

const DAY_MS = 86_400_000;

export interface AntiPatternFacts {
  signals: ReadonlySet<SignalId>;
  pageCount: number;
  /** The newest changelog date on or before asOf, ISO yyyy-mm-dd, or null without a dated changelog. */
  newestChangelogDate: string | null;
  /** Whether any pricing page states at least one price. */
  publishesAPrice: boolean;
  asOf: Date;
}

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

const hasAny = (facts: AntiPatternFacts, signals: readonly SignalId[]) => signals.some((signal) => facts.signals.has(signal));

export const ANTI_PATTERN_CHECKS: Record<AntiPatternId, (facts: AntiPatternFacts) => boolean> = {
  pricing_hidden_behind_sales: (f) =>
    f.signals.has('pricing.contact_sales') && !f.publishesAPrice && !hasAny(f, ['pricing.tiers', 'pricing.usage_based', 'ai.token_pricing']),
  stale_changelog: (f) =>
    f.newestChangelogDate !== null && (f.asOf.getTime() - Date.parse(f.newestChangelogDate)) / DAY_MS > STALE_CHANGELOG_DAYS,
  no_product_analytics: (f) =>
    f.pageCount > 0 && !hasAny(f, ['tech.product_analytics', 'tech.customer_data_platform', 'tech.session_replay']),
  customer_claims_without_proof: (f) =>
    hasAny(f, ['customers.logo_wall', 'positioning.quantified_value']) && !hasAny(f, ['customers.case_studies', 'customers.quantified_outcomes']),
  security_claims_without_certification: (f) =>
    f.signals.has('security.vague_claims') && !hasAny(f, ['security.soc2', 'security.iso27001', 'security.disclosure']),
  ai_without_usage_pricing: (f) =>
    f.signals.has('ai.features') && !hasAny(f, ['ai.token_pricing', 'ai.usage_credits', 'pricing.usage_based']),
  roadmap_without_delivery_record: (f) =>
    hasAny(f, ['roadmap.public_page', 'roadmap.link']) && !hasAny(f, ['changelog.published', 'changelog.dated_entries']),
  feedback_without_follow_through: (f) =>
    hasAny(f, ['feedback.public_board', 'tech.feedback_widget']) && !f.signals.has('feedback.closed_loop'),
  hiring_without_product_roles: (f) =>
    f.signals.has('careers.careers_page') && !hasAny(f, ['careers.product_roles', 'careers.design_roles', 'careers.research_roles']),
};

/** The anti-patterns that hold, in the framework's order. */
export function detectAntiPatterns(facts: AntiPatternFacts): AntiPattern[] {
  return ANTI_PATTERNS.filter((pattern) => ANTI_PATTERN_CHECKS[pattern.id](facts));
}
