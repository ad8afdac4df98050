/**
 * Named anti-patterns: combinations of evidence (or its absence) that point to
 * a known way product organisations go wrong. Each entry is the whole rule:
 * its name, what it means, the level it may cap, and `holds`, the predicate
 * over facts the engine gathers once from the findings and the site
 * (src/modules/scoring/engine/anti-pattern-facts.ts). The engine reports the
 * names of those that hold in `antiPatternsDetected`. A rule may cap a
 * dimension's level when the pattern undercuts what that dimension's signals
 * seem to show. Staleness is measured against the explicit `asOf` date (the
 * crawl date); nothing here reads a clock.
 */
import type { DimensionId } from './dimensions.ts';
import type { SignalId } from './signal-types.ts';

/** What the rules read: gathered once per scoring from the findings and the site facts. */
export interface AntiPatternFacts {
  signals: ReadonlySet<SignalId>;
  pageCount: number;
  /** The newest changelog date on or before asOf, ISO yyyy-mm-dd, or null without a dated changelog. */
  newestChangelogDate: string | null;
  /** Whether any pricing page states at least one price. */
  publishesAPrice: boolean;
  asOf: Date;
}

export interface AntiPattern {
  id: string;
  /** Reported verbatim in ScoringResult.antiPatternsDetected. */
  name: string;
  description: string;
  levelCap?: { dimensionId: DimensionId; maxLevel: number };
  /** Whether the pattern holds for these facts. */
  holds: (facts: AntiPatternFacts) => boolean;
}

const DAY_MS = 86_400_000;

const hasAny = (facts: AntiPatternFacts, signals: readonly SignalId[]) => signals.some((signal) => facts.signals.has(signal));

/**
 * A changelog whose newest entry is older than this, counted back from the
 * crawl date, is stale: half a year without a public release note.
 */
export const STALE_CHANGELOG_DAYS = 180;

export const ANTI_PATTERNS = [
  {
    id: 'pricing_hidden_behind_sales',
    name: 'Pricing hidden behind sales',
    description: 'The site sends buyers to sales but publishes no price, tier or usage rate.',
    holds: (f) => f.signals.has('pricing.contact_sales') && !f.publishesAPrice && !hasAny(f, ['pricing.tiers', 'pricing.usage_based', 'ai.token_pricing']),
  },
  {
    id: 'stale_changelog',
    name: 'Stale changelog',
    description: `The newest changelog entry is more than ${STALE_CHANGELOG_DAYS} days older than the crawl.`,
    // A once-busy changelog says little about delivery today.
    levelCap: { dimensionId: 'delivery_velocity', maxLevel: 2 },
    holds: (f) => f.newestChangelogDate !== null && (f.asOf.getTime() - Date.parse(f.newestChangelogDate)) / DAY_MS > STALE_CHANGELOG_DAYS,
  },
  {
    id: 'no_product_analytics',
    name: 'No product analytics',
    description:
      "No product-analytics, customer-data or session-insight tool was seen in the pages' scripts (best effort: tools loaded only through a tag manager stay invisible).",
    holds: (f) => f.pageCount > 0 && !hasAny(f, ['tech.product_analytics', 'tech.customer_data_platform', 'tech.session_replay']),
  },
  {
    id: 'customer_claims_without_proof',
    name: 'Customer claims without proof',
    description: 'The site claims adoption or outcomes but shows no case study and no customer result with a number.',
    holds: (f) => hasAny(f, ['customers.logo_wall', 'positioning.quantified_value']) && !hasAny(f, ['customers.case_studies', 'customers.quantified_outcomes']),
  },
  {
    id: 'security_claims_without_certification',
    name: 'Security claims without certification',
    description: 'The site calls its security bank- or enterprise-grade but shows no SOC 2, ISO 27001 or disclosure programme.',
    holds: (f) => f.signals.has('security.vague_claims') && !hasAny(f, ['security.soc2', 'security.iso27001', 'security.disclosure']),
  },
  {
    id: 'ai_without_usage_pricing',
    name: 'AI features without usage pricing',
    description: 'AI features are sold without token or usage pricing, credits or limits, so their cost is not tied to use.',
    holds: (f) => f.signals.has('ai.features') && !hasAny(f, ['ai.token_pricing', 'ai.usage_credits', 'pricing.usage_based']),
  },
  {
    id: 'roadmap_without_delivery_record',
    name: 'Roadmap without a delivery record',
    description: 'A public roadmap promises work but no changelog shows what shipped.',
    holds: (f) => hasAny(f, ['roadmap.public_page', 'roadmap.link']) && !hasAny(f, ['changelog.published', 'changelog.dated_entries']),
  },
  {
    id: 'feedback_without_follow_through',
    name: 'Feedback collected but not acted on in public',
    description: 'Users can submit feedback, but nothing on the site credits a change to it.',
    holds: (f) => hasAny(f, ['feedback.public_board', 'tech.feedback_widget']) && !f.signals.has('feedback.closed_loop'),
  },
  {
    id: 'hiring_without_product_roles',
    name: 'Hiring without product roles',
    description: 'The careers page hires, but for no product, design or research role.',
    holds: (f) => f.signals.has('careers.careers_page') && !hasAny(f, ['careers.product_roles', 'careers.design_roles', 'careers.research_roles']),
  },
] as const satisfies readonly AntiPattern[];

export type AntiPatternId = (typeof ANTI_PATTERNS)[number]['id'];
