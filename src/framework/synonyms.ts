/**
 * The words people use for each dimension and function, so the coach can tell
 * which one a question is about. Dimension and function names themselves are
 * recognised anyway and need not be listed here.
 *
 * Matching is on whole words, case-insensitive, with punctuation ignored
 * ("A/B tests" matches "a b tests") and a plain plural accepted. When phrases
 * overlap, the longest wins: "market research" is market intelligence even
 * though "research" alone is research & discovery, and "go to market" is the
 * gtm function although "market" alone is a dimension.
 *
 * Words that would hijack ordinary questions are left out on purpose:
 * "tier" and "plan" (the coach's own vocabulary), "scaling" (a tier name),
 * "design" alone (the design function), and "team", "metrics", "system",
 * "review", "cost" and "credit" alone (too common in questions about
 * something else, such as "how does the scoring system work").
 */
import type { DimensionId } from './dimensions.ts';
import type { ProductFunction } from './functions.ts';

// A word list, packed a few phrases to a line; Prettier would put each phrase on a line of its own (160 lines to 560).
// prettier-ignore
export const DIMENSION_SYNONYMS: Readonly<Record<DimensionId, readonly string[]>> = {
  market_intelligence: [
    'market', 'market research', 'market insight', 'market analysis', 'market trend', 'industry trend',
    'market sizing', 'market size', 'tam', 'market map', 'target market', 'segment', 'industry research',
    'analyst report', 'win loss', 'state of the industry report',
  ],
  decision_quality: [
    'decision', 'decision making', 'product decision', 'decision record', 'adr', 'product principle',
    'principle', 'trade off', 'tradeoff', 'rationale', 'how we decide',
  ],
  roadmap_discipline: [
    'roadmap', 'public roadmap', 'roadmapping', 'now next later', 'okr', 'product planning',
    'prioritisation', 'prioritization', 'planning cadence',
  ],
  competitive_positioning: [
    'competitor', 'competition', 'competitive', 'competitive landscape', 'battlecard', 'battle card',
    'comparison page', 'alternative', 'alternatives page', 'differentiation', 'differentiate', 'rival',
    'versus page', 'vs page',
  ],
  research_discovery: [
    'research', 'user research', 'ux research', 'discovery', 'product discovery', 'customer interview',
    'user interview', 'interview', 'usability testing', 'usability test', 'persona', 'jobs to be done', 'jtbd',
    'talking to users', 'talk to users', 'research panel',
  ],
  prototyping_speed: [
    'prototype', 'prototyping', 'beta', 'beta program', 'beta programme', 'beta testing', 'early access',
    'preview', 'labs', 'mvp', 'mockup', 'proof of concept', 'poc',
  ],
  experience_design: [
    'ux', 'user experience', 'onboarding', 'product onboarding', 'user onboarding', 'onboarding flow',
    'first run', 'accessibility', 'a11y', 'wcag', 'usability', 'template', 'ui', 'ui design', 'product design',
    'empty state', 'guided flow', 'product tour',
  ],
  design_dev_handoff: [
    'design system', 'component library', 'ui component', 'design token', 'handoff', 'hand off',
    'design handoff', 'design to dev', 'design to development', 'design dev', 'figma', 'storybook', 'ui kit',
    'style guide', 'pattern library',
  ],
  architecture_systems: [
    'architecture', 'infrastructure', 'infra', 'reliability', 'uptime', 'sla', 'status page',
    'scalability', 'scalable', 'performance', 'latency', 'outage', 'downtime', 'sre', 'engineering blog',
    'multi region', 'availability', 'platform reliability', 'tech stack',
  ],
  spec_context_quality: [
    'docs', 'documentation', 'api docs', 'api documentation', 'api reference', 'developer docs',
    'developer documentation', 'spec', 'specification', 'requirement', 'prd', 'guide', 'tutorial', 'quickstart',
    'technical writing', 'llms txt', 'spec quality', 'context quality',
  ],
  build_vs_buy: [
    'build versus buy', 'build or buy', 'buy vs build', 'buy versus build', 'make or buy', 'vendor',
    'third party tool', 'third party service', 'outsourcing', 'outsource', 'in house', 'open source',
    'core vs context',
  ],
  delivery_velocity: [
    'changelog', 'change log', 'release notes', 'release cadence', 'release frequency', 'shipping',
    'ship faster', 'ship more', 'shipping speed', 'velocity', 'delivery', 'deployment frequency', 'deploy',
    'deployment', 'dora', 'cycle time', 'lead time', 'continuous delivery', 'ci cd', 'time to market',
  ],
  developer_ecosystem: [
    'api', 'public api', 'sdk', 'webhook', 'integration', 'marketplace', 'app store', 'app marketplace',
    'partner', 'partner program', 'partner programme', 'ecosystem', 'developer experience', 'dx', 'plugin',
    'extension', 'developer', 'developer community', 'devrel', 'developer relations', 'connector',
  ],
  customer_signal_synthesis: [
    'case study', 'case studies', 'testimonial', 'customer story', 'customer stories', 'customer quote',
    'voice of customer', 'voice of the customer', 'voc', 'customer signal', 'customer insight',
    'customer evidence', 'social proof', 'customer review', 'online review', 'review site', 'g2', 'capterra', 'customer logo', 'reference customer',
    'customer advisory board', 'signal synthesis',
  ],
  product_analytics: [
    'analytics', 'tracking', 'instrumentation', 'event tracking', 'product metric', 'usage metric', 'dashboard',
    'funnel', 'cohort', 'retention analysis', 'amplitude', 'mixpanel', 'posthog', 'google analytics',
    'north star', 'north star metric', 'kpi', 'session recording', 'heatmap', 'tracking plan',
  ],
  data_strategy_flywheel: [
    'data strategy', 'flywheel', 'data flywheel', 'data moat', 'data network effect', 'benchmark',
    'personalisation', 'personalization', 'recommendation', 'data product', 'proprietary data',
    'machine learning', 'ml model', 'ai model', 'training data', 'data platform', 'data warehouse',
    'usage data', 'data asset',
  ],
  feedback_loop_quality: [
    'feedback', 'feedback loop', 'feedback board', 'feature request', 'user feedback', 'customer feedback',
    'nps', 'csat', 'survey', 'voting', 'upvote', 'idea board', 'ideas board', 'you asked we built',
    'closing the loop', 'close the loop',
  ],
  quality_experimentation: [
    'a b test', 'a b testing', 'ab test', 'ab testing', 'split test', 'split testing', 'experiment',
    'experimentation', 'feature flag', 'flag', 'staged rollout', 'rollout', 'canary', 'qa', 'quality',
    'testing', 'test coverage', 'automated test', 'quality assurance', 'bug', 'regression',
  ],
  team_orchestration: [
    'hiring', 'hire', 'recruiting', 'recruitment', 'team structure', 'team topology', 'team setup',
    'product team', 'product org', 'org design', 'org structure', 'org chart', 'organisation design',
    'organization design', 'headcount', 'staffing', 'role', 'career', 'career ladder', 'cross functional team',
    'squad', 'talent', 'product manager', 'pm',
  ],
  process_iteration: [
    'process', 'processes', 'retrospective', 'retro', 'postmortem', 'post mortem', 'incident review',
    'handbook', 'ways of working', 'way of working', 'how we work', 'continuous improvement',
    'process improvement', 'ritual', 'ceremony', 'ceremonies', 'agile', 'scrum', 'operating model',
  ],
  cost_token_economics: [
    'token', 'token cost', 'token pricing', 'ai cost', 'llm cost', 'inference cost', 'unit economics',
    'model cost', 'margin', 'gross margin', 'cogs', 'cloud cost', 'ai spend', 'usage limit',
    'fair use', 'model choice', 'model selection', 'llm',
  ],
  trust_security: [
    'security', 'soc 2', 'soc2', 'soc ii', 'iso 27001', 'compliance', 'gdpr', 'privacy', 'trust',
    'trust center', 'trust centre', 'dpa', 'data protection', 'hipaa', 'pen test', 'pentest',
    'penetration test', 'penetration testing', 'vulnerability', 'bug bounty', 'sso', 'saml', 'encryption',
    'certification', 'infosec', 'security review', 'security questionnaire',
  ],
  positioning_messaging: [
    'positioning', 'messaging', 'message', 'value proposition', 'value prop', 'homepage', 'home page',
    'headline', 'copy', 'copywriting', 'tagline', 'brand', 'branding', 'narrative', 'storytelling',
    'website copy', 'ideal customer profile', 'icp', 'elevator pitch',
  ],
  launch_execution: [
    'launch', 'launching', 'product launch', 'go live', 'announcement', 'webinar', 'product hunt',
    'launch week', 'press release', 'pr', 'release announcement', 'launch plan',
  ],
  adoption_expansion: [
    'adoption', 'expansion', 'upsell', 'upselling', 'upgrade', 'free trial', 'trial', 'self serve',
    'self service', 'plg', 'product led growth', 'product led', 'growth', 'virality', 'viral',
    'net revenue retention', 'nrr', 'net dollar retention', 'expansion revenue', 'activation', 'freemium',
    'free plan', 'sign up', 'signup', 'land and expand', 'team plan',
  ],
  pricing_packaging: [
    'pricing', 'price', 'packaging', 'pricing plan', 'pricing tier', 'price point', 'pricing page',
    'monetisation', 'monetization', 'discount', 'discounting', 'willingness to pay', 'pricing strategy',
    'pricing model', 'how much to charge', 'paywall', 'plan tier',
  ],
  customer_success: [
    'customer success', 'support', 'customer support', 'help center', 'help centre', 'help desk', 'helpdesk',
    'knowledge base', 'churn', 'renewal', 'account management', 'csm', 'customer onboarding',
    'service level', 'support sla', 'ticket', 'customer education', 'academy', 'customer health',
    'health score', 'retention',
  ],
};

export const FUNCTION_SYNONYMS: Readonly<Record<ProductFunction, readonly string[]>> = {
  strategy: ['strategy', 'strategic', 'product strategy'],
  design: ['design', 'design function', 'design team'],
  development: ['development', 'engineering', 'dev', 'tech', 'technology', 'r d', 'r&d'],
  intelligence: ['intelligence', 'data', 'insights', 'data and insights'],
  operations: ['operations', 'ops', 'operational'],
  gtm: ['gtm', 'go to market', 'go-to-market', 'marketing', 'sales', 'commercial'],
};
