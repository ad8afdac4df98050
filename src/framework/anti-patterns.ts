/**
 * Named anti-patterns: combinations of evidence (or its absence) that point to
 * a known way product organisations go wrong. The engine checks each rule
 * (src/modules/scoring/engine/anti-patterns.ts) and reports the names of those
 * that hold in `antiPatternsDetected`. A rule may cap a dimension's level when
 * the pattern undercuts what that dimension's signals seem to show.
 */
import type { DimensionId } from './dimensions.ts';

export interface AntiPattern {
  id: string;
  /** Reported verbatim in ScoringResult.antiPatternsDetected. */
  name: string;
  description: string;
  levelCap?: { dimensionId: DimensionId; maxLevel: number };
}

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
  },
  {
    id: 'stale_changelog',
    name: 'Stale changelog',
    description: `The newest changelog entry is more than ${STALE_CHANGELOG_DAYS} days older than the crawl.`,
    // A once-busy changelog says little about delivery today.
    levelCap: { dimensionId: 'delivery_velocity', maxLevel: 2 },
  },
  {
    id: 'no_product_analytics',
    name: 'No product analytics',
    description:
      'No product-analytics, customer-data or session-insight tool was seen in the pages\' scripts (best effort: tools loaded only through a tag manager stay invisible).',
  },
  {
    id: 'customer_claims_without_proof',
    name: 'Customer claims without proof',
    description: 'The site claims adoption or outcomes but shows no case study and no customer result with a number.',
  },
  {
    id: 'security_claims_without_certification',
    name: 'Security claims without certification',
    description: 'The site calls its security bank- or enterprise-grade but shows no SOC 2, ISO 27001 or disclosure programme.',
  },
  {
    id: 'ai_without_usage_pricing',
    name: 'AI features without usage pricing',
    description: 'AI features are sold without token or usage pricing, credits or limits, so their cost is not tied to use.',
  },
  {
    id: 'roadmap_without_delivery_record',
    name: 'Roadmap without a delivery record',
    description: 'A public roadmap promises work but no changelog shows what shipped.',
  },
  {
    id: 'feedback_without_follow_through',
    name: 'Feedback collected but not acted on in public',
    description: 'Users can submit feedback, but nothing on the site credits a change to it.',
  },
  {
    id: 'hiring_without_product_roles',
    name: 'Hiring without product roles',
    description: 'The careers page hires, but for no product, design or research role.',
  },
] as const satisfies readonly AntiPattern[];

export type AntiPatternId = (typeof ANTI_PATTERNS)[number]['id'];
