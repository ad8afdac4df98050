import type { LifecycleStage, ProductFunction } from './functions.ts';

/**
 * The 27 dimensions. The first 24 identifiers are the spec's (part 2); the
 * spec leaves the remaining three unnamed, and we chose trust_security,
 * developer_ecosystem and customer_success (docs/DECISIONS.md).
 * Order is the framework's presentation order: by function, then as listed.
 */
export const DIMENSION_IDS = [
  'market_intelligence',
  'decision_quality',
  'roadmap_discipline',
  'competitive_positioning',
  'research_discovery',
  'prototyping_speed',
  'experience_design',
  'design_dev_handoff',
  'architecture_systems',
  'spec_context_quality',
  'build_vs_buy',
  'delivery_velocity',
  'developer_ecosystem',
  'customer_signal_synthesis',
  'product_analytics',
  'data_strategy_flywheel',
  'feedback_loop_quality',
  'quality_experimentation',
  'team_orchestration',
  'process_iteration',
  'cost_token_economics',
  'trust_security',
  'positioning_messaging',
  'launch_execution',
  'adoption_expansion',
  'pricing_packaging',
  'customer_success',
] as const;
export type DimensionId = (typeof DIMENSION_IDS)[number];

export interface Dimension {
  id: DimensionId;
  name: string;
  function: ProductFunction;
  /** The lifecycle stage where this capability mostly shows. */
  lifecycleStage: LifecycleStage;
  /** One sentence on what the dimension measures. */
  summary: string;
}

export const DIMENSIONS: readonly Dimension[] = [
  {
    id: 'market_intelligence',
    name: 'Market Intelligence',
    function: 'strategy',
    lifecycleStage: 'context',
    summary: 'How systematically the company gathers and publishes knowledge about its market, segments and trends.',
  },
  {
    id: 'decision_quality',
    name: 'Decision Quality',
    function: 'strategy',
    lifecycleStage: 'specify',
    summary: 'Whether product decisions are explained, principled and backed by evidence rather than announced.',
  },
  {
    id: 'roadmap_discipline',
    name: 'Roadmap Discipline',
    function: 'strategy',
    lifecycleStage: 'specify',
    summary: 'Whether there is a visible, maintained roadmap that connects direction to shipped work.',
  },
  {
    id: 'competitive_positioning',
    name: 'Competitive Positioning',
    function: 'strategy',
    lifecycleStage: 'context',
    summary: 'How clearly the company states where it wins against named alternatives.',
  },
  {
    id: 'research_discovery',
    name: 'Research & Discovery',
    function: 'design',
    lifecycleStage: 'context',
    summary: 'Evidence of user research, discovery practice and research roles.',
  },
  {
    id: 'prototyping_speed',
    name: 'Prototyping Speed',
    function: 'design',
    lifecycleStage: 'validate',
    summary: 'How quickly ideas reach users as betas, previews, labs and early-access programmes.',
  },
  {
    id: 'experience_design',
    name: 'Experience Design',
    function: 'design',
    lifecycleStage: 'ship',
    summary: 'The care visible in the product experience: onboarding, accessibility, templates and guided flows.',
  },
  {
    id: 'design_dev_handoff',
    name: 'Design-Dev Handoff',
    function: 'design',
    lifecycleStage: 'orchestrate',
    summary: 'Whether design and engineering share a system: a published design system, component library and tokens.',
  },
  {
    id: 'architecture_systems',
    name: 'Architecture & Systems',
    function: 'development',
    lifecycleStage: 'orchestrate',
    summary: 'Signs of a scalable, reliable platform: uptime commitments, regions, status pages and engineering writing.',
  },
  {
    id: 'spec_context_quality',
    name: 'Spec & Context Quality',
    function: 'development',
    lifecycleStage: 'specify',
    summary: 'The quality of written specifications visible from outside: documentation, API references and guides.',
  },
  {
    id: 'build_vs_buy',
    name: 'Build vs Buy',
    function: 'development',
    lifecycleStage: 'orchestrate',
    summary: 'Whether the company builds where it differentiates and buys proven tools elsewhere.',
  },
  {
    id: 'delivery_velocity',
    name: 'Delivery Velocity',
    function: 'development',
    lifecycleStage: 'ship',
    summary: 'How often improvements ship, judged by dated changelogs and release notes.',
  },
  {
    id: 'developer_ecosystem',
    name: 'Developer Ecosystem',
    function: 'development',
    lifecycleStage: 'compound',
    summary: 'The surface others can build on: public API, SDKs, webhooks, integrations and a marketplace.',
  },
  {
    id: 'customer_signal_synthesis',
    name: 'Customer Signal Synthesis',
    function: 'intelligence',
    lifecycleStage: 'context',
    summary: 'How customer voices are gathered and turned into product direction: case studies, quotes and outcomes.',
  },
  {
    id: 'product_analytics',
    name: 'Product Analytics',
    function: 'intelligence',
    lifecycleStage: 'validate',
    summary: 'Instrumentation that shows how the product is used: analytics, customer-data platforms and session insight.',
  },
  {
    id: 'data_strategy_flywheel',
    name: 'Data Strategy & Flywheel',
    function: 'intelligence',
    lifecycleStage: 'compound',
    summary: 'Whether usage data compounds into product value: benchmarks, insights, personalisation and data products.',
  },
  {
    id: 'feedback_loop_quality',
    name: 'Feedback Loop Quality',
    function: 'intelligence',
    lifecycleStage: 'compound',
    summary: 'Whether users can give feedback and see it acted upon: feedback boards, voting and "you asked, we built".',
  },
  {
    id: 'quality_experimentation',
    name: 'Quality & Experimentation',
    function: 'operations',
    lifecycleStage: 'validate',
    summary: 'Experimentation and release safety: feature flags, A/B testing and staged rollouts.',
  },
  {
    id: 'team_orchestration',
    name: 'Team Orchestration',
    function: 'operations',
    lifecycleStage: 'orchestrate',
    summary: 'How the product organisation is built and staffed: product, design, data and ML roles and how teams work.',
  },
  {
    id: 'process_iteration',
    name: 'Process Iteration',
    function: 'operations',
    lifecycleStage: 'compound',
    summary: 'Whether the company inspects and improves its own way of working in public: retrospectives, handbooks, postmortems.',
  },
  {
    id: 'cost_token_economics',
    name: 'Cost & Token Economics',
    function: 'operations',
    lifecycleStage: 'ship',
    summary: 'Whether AI features are priced and run with their unit cost in mind: usage or token pricing, limits and model choice.',
  },
  {
    id: 'trust_security',
    name: 'Trust & Security',
    function: 'operations',
    lifecycleStage: 'ship',
    summary: 'Security and compliance posture: certifications, a trust centre, data protection terms and disclosure.',
  },
  {
    id: 'positioning_messaging',
    name: 'Positioning & Messaging',
    function: 'gtm',
    lifecycleStage: 'context',
    summary: 'How clearly the site says who the product is for, what it does and why it matters.',
  },
  {
    id: 'launch_execution',
    name: 'Launch Execution',
    function: 'gtm',
    lifecycleStage: 'ship',
    summary: 'How launches are run: announcements, launch posts, webinars and coordinated release communication.',
  },
  {
    id: 'adoption_expansion',
    name: 'Adoption & Expansion',
    function: 'gtm',
    lifecycleStage: 'compound',
    summary: 'Paths from first use to wider use: self-serve sign-up, trials, templates, team plans and upgrades.',
  },
  {
    id: 'pricing_packaging',
    name: 'Pricing & Packaging',
    function: 'gtm',
    lifecycleStage: 'ship',
    summary: 'Whether pricing is public, structured into tiers and aligned with the value customers get.',
  },
  {
    id: 'customer_success',
    name: 'Customer Success',
    function: 'gtm',
    lifecycleStage: 'compound',
    summary: 'The help customers get after buying: support channels, help centre, onboarding and service levels.',
  },
];

const byId = new Map(DIMENSIONS.map((d) => [d.id, d]));

export function dimensionById(id: DimensionId): Dimension {
  const dimension = byId.get(id);
  if (!dimension) throw new Error(`Unknown dimension ${id}`);
  return dimension;
}

export function isDimensionId(value: string): value is DimensionId {
  return byId.has(value as DimensionId);
}
