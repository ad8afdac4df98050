/**
 * Hand-built ScoringResults for the coach's tests: a plausible mid-market SaaS
 * company with levels spread across the scale, evidence quoted the way the
 * engine quotes it, and reasoning that names what was found and missing.
 * Test-only; nothing in the service imports it.
 */
import { DIMENSION_IDS, DIMENSIONS, type DimensionId } from '../../../framework/dimensions.ts';
import { stageForLevel, tierForTotal } from '../../../framework/tiers.ts';
import type { DimensionScore, ScoringResult } from '../../scoring/result-schema.ts';

type Level = 1 | 2 | 3 | 4;

interface FixtureDimension {
  level: Level;
  evidence: string;
  reasoning: string;
  confidence: DimensionScore['confidence'];
}

/** Acme Analytics: a total of 57, Building, three points short of Scaling. */
const ACME: Readonly<Record<DimensionId, FixtureDimension>> = {
  market_intelligence: { level: 2, confidence: 'medium', evidence: 'Built for finance teams at mid-market SaaS companies', reasoning: 'A named target segment with its own page; no original research, trend reports or market data published.' },
  decision_quality: { level: 1, confidence: 'low', evidence: 'No public evidence of product principles or explained decisions was found.', reasoning: 'Changes appear in the changelog without reasons; no principles, decision posts or requests for comment were found.' },
  roadmap_discipline: { level: 2, confidence: 'medium', evidence: 'Coming soon: multi-currency reports', reasoning: 'Upcoming features are mentioned on the blog, but there is no maintained public roadmap linking plans to shipped work.' },
  competitive_positioning: { level: 2, confidence: 'medium', evidence: 'Unlike spreadsheets, Acme reconciles every transaction automatically', reasoning: 'The site names one alternative (spreadsheets) but has no comparison pages, named competitors or migration guides.' },
  research_discovery: { level: 1, confidence: 'low', evidence: 'No public evidence of user research or research roles was found.', reasoning: 'No research panel, research roles on the careers page or published user studies were found.' },
  prototyping_speed: { level: 3, confidence: 'high', evidence: 'Join Acme Labs to try features before anyone else', reasoning: 'A public Labs programme with labelled previews and a feedback link; no evidence of measured cycle times or a large early-adopter community.' },
  experience_design: { level: 3, confidence: 'medium', evidence: 'Start from one of 40 ready-made report templates', reasoning: 'Templates and a guided setup are visible and an accessibility statement exists; no role-based onboarding or personalisation.' },
  design_dev_handoff: { level: 2, confidence: 'low', evidence: 'Our UI kit keeps every screen consistent', reasoning: 'A UI kit is mentioned on the engineering blog; no published design system, tokens or documentation site.' },
  architecture_systems: { level: 3, confidence: 'high', evidence: '99.9% uptime SLA on Business plans', reasoning: 'A status page, an uptime SLA and an engineering blog are public; no public incident reports or multi-region failover.' },
  spec_context_quality: { level: 3, confidence: 'high', evidence: 'Quickstart: send your first request in five minutes', reasoning: 'Structured docs with a quickstart, guides and an API reference; no interactive explorer or machine-readable docs for AI tools.' },
  build_vs_buy: { level: 2, confidence: 'low', evidence: 'Payments are handled securely by Stripe', reasoning: 'Commodity services are bought (payments, email); no visible integration-first strategy or open-source contributions.' },
  delivery_velocity: { level: 3, confidence: 'high', evidence: 'Changelog: 14 updates in the last 30 days', reasoning: 'A dated changelog with weekly entries and user-facing release notes; no subscription channel or published delivery metrics.' },
  developer_ecosystem: { level: 3, confidence: 'high', evidence: 'Official SDKs for Python, Node and Go', reasoning: 'Public API, SDKs, webhooks and an integrations directory; no marketplace or partner programme.' },
  customer_signal_synthesis: { level: 2, confidence: 'medium', evidence: '"Acme cut our month-end close from 9 days to 4" — CFO, Brightline', reasoning: 'Two case studies and attributed quotes; no outcome coverage across segments or published voice-of-customer themes.' },
  product_analytics: { level: 2, confidence: 'medium', evidence: 'cdn.segment.com/analytics.js', reasoning: 'An analytics script (Segment) is present; no sign that analytics drives product decisions, such as usage insights or metric-led posts.' },
  data_strategy_flywheel: { level: 1, confidence: 'low', evidence: 'No public evidence of data products or cross-customer insights was found.', reasoning: 'No benchmarks, recommendations or data products built on aggregate usage were found.' },
  feedback_loop_quality: { level: 1, confidence: 'medium', evidence: 'Email feedback@acme.example with suggestions', reasoning: 'Feedback goes to an email address only; no public board, voting or "you asked, we built" updates were found.' },
  quality_experimentation: { level: 2, confidence: 'low', evidence: 'New features roll out gradually to all workspaces', reasoning: 'Gradual rollouts are mentioned; no A/B testing, feature-flag tooling or quality metrics were found.' },
  team_orchestration: { level: 2, confidence: 'medium', evidence: 'We are hiring a Senior Product Manager', reasoning: 'Product and design roles are advertised; no cross-functional team model, data or ML roles were found.' },
  process_iteration: { level: 1, confidence: 'low', evidence: 'No public evidence of a handbook, retrospectives or postmortems was found.', reasoning: 'No handbook, published postmortems or "how we work" pages were found.' },
  cost_token_economics: { level: 1, confidence: 'low', evidence: 'Unlimited AI summaries on every plan', reasoning: 'AI features are offered without usage limits, credits or model information, which suggests unit cost is not priced in.' },
  trust_security: { level: 2, confidence: 'high', evidence: 'All data is encrypted in transit and at rest', reasoning: 'A security page and a DPA are published; no SOC 2 or ISO 27001 certification, trust centre or disclosure policy.' },
  positioning_messaging: { level: 3, confidence: 'high', evidence: 'Close your books in half the time, without spreadsheets', reasoning: 'A clear outcome and audience on the homepage, with role pages for controllers and CFOs; no owned category point of view.' },
  launch_execution: { level: 2, confidence: 'medium', evidence: 'Introducing Acme Forecasts', reasoning: 'Launch posts exist for major features; no webinars, launch weeks or coordinated campaigns were found.' },
  adoption_expansion: { level: 3, confidence: 'high', evidence: 'Start your 14-day free trial, no credit card required', reasoning: 'Self-serve trial, team invitations and upgrade paths are visible; no sign of product-led loops such as sharing or galleries.' },
  pricing_packaging: { level: 1, confidence: 'medium', evidence: 'Contact sales for pricing', reasoning: 'No public prices or plan structure; every plan leads to a sales contact form.' },
  customer_success: { level: 4, confidence: 'high', evidence: 'Acme Academy, a 24/7 help centre and a named success manager for every customer', reasoning: 'Support tiers with response times, an academy, a community forum and proactive success plans are all public.' },
};

export const ACME_GAPS: DimensionId[] = ['pricing_packaging', 'feedback_loop_quality', 'decision_quality'];
const ACME_STRENGTHS: DimensionId[] = ['customer_success', 'developer_ecosystem', 'spec_context_quality'];

export interface FixtureOptions {
  /** Levels to use instead of Acme's; evidence and reasoning stay Acme's. */
  levels?: Partial<Record<DimensionId, Level>>;
  companyName?: string | null;
  gaps?: DimensionId[];
  strengths?: DimensionId[];
}

/** Acme's result, or a variant with other levels (total and tier recomputed). */
export function fixtureResult(options: FixtureOptions = {}): ScoringResult {
  const dimensions: DimensionScore[] = DIMENSIONS.map((d) => {
    const base = ACME[d.id];
    const level = options.levels?.[d.id] ?? base.level;
    return {
      dimensionId: d.id,
      dimensionName: d.name,
      score: level,
      stageName: stageForLevel(level),
      evidence: base.evidence,
      confidence: base.confidence,
      reasoning: base.reasoning,
    };
  });
  const totalScore = dimensions.reduce((sum, d) => sum + d.score, 0);
  const byLevel = (direction: 1 | -1) =>
    [...dimensions].sort((a, b) => direction * (a.score - b.score) || DIMENSION_IDS.indexOf(a.dimensionId) - DIMENSION_IDS.indexOf(b.dimensionId)).slice(0, 3).map((d) => d.dimensionId);
  const changed = options.levels !== undefined;
  const result: ScoringResult = {
    id: '6f1c2a9e-5b7d-4c1e-9a2b-1d2e3f4a5b6c',
    url: 'https://acme.example/',
    totalScore,
    stageName: tierForTotal(totalScore),
    dimensions,
    strengths: options.strengths ?? (changed ? byLevel(-1) : ACME_STRENGTHS),
    gaps: options.gaps ?? (changed ? byLevel(1) : ACME_GAPS),
    crawledPages: ['https://acme.example/', 'https://acme.example/pricing', 'https://acme.example/docs'],
    crossDimensionNotes: 'Strong developer surface and support, but pricing and feedback loops are not public.',
    antiPatternsDetected: ['hidden-pricing'],
    crawlStats: { pagesAnalyzed: 18, contentLength: 94_210 },
    productId: null,
    createdAt: '2025-05-02T10:00:00.000Z',
  };
  if (options.companyName !== null) result.companyName = options.companyName ?? 'Acme Analytics';
  return result;
}
