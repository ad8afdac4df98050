/**
 * The signal catalogue: every kind of evidence the detectors can report, one
 * entry per signal saying all there is to know about it: what it detects, the
 * dimension it feeds and its weight there.
 *
 * A signal id has the form <source>.<metric>: the source names the detector
 * family that emits it, and that family lives in scoring/signals/<source>.ts
 * (tech.* in tech.ts, careers.* in careers.ts...); the metric names what was
 * seen. Each signal feeds exactly one dimension (`dimensionId`) with its
 * `weight`: the points one full-strength finding is worth there (rubric.ts,
 * step 1); 2.5 marks the most telling. The rubric reads the weights from here
 * and adds only each dimension's curve. The label is a noun phrase that
 * reads inside a sentence ("found published pricing tiers"), the description
 * says what the detector looks for; the detector family's text rules carry
 * example sentences of it.
 */
import type { DimensionId } from './dimensions.ts';

export interface SignalType {
  id: string;
  dimensionId: DimensionId;
  /** Points one full-strength finding is worth in its dimension (rubric.ts, step 1). */
  weight: number;
  label: string;
  description: string;
}

// A table, one signal to a row, read down its columns; Prettier would spread each row over seven lines (220 to 1,100).
// prettier-ignore
export const SIGNAL_CATALOGUE = [
  // market_intelligence
  { id: 'market.research_report', dimensionId: 'market_intelligence', weight: 2.5, label: 'a published market or industry report', description: 'A "State of ..." report, an annual, industry, market or benchmark report.' },
  { id: 'market.survey_data', dimensionId: 'market_intelligence', weight: 2, label: 'survey findings with a sample size', description: 'Statements such as "we surveyed 1,200 teams" or "800 respondents".' },
  { id: 'market.research_hub', dimensionId: 'market_intelligence', weight: 1.5, label: 'a research or reports section', description: 'A page under /research, /reports, /insights or /state-of-*.' },
  { id: 'market.sizing', dimensionId: 'market_intelligence', weight: 1.5, label: 'a sized market', description: 'The market stated with its size ("a $15B market"), its addressable share, or analysts\' figures.' },
  { id: 'market.segment_pages', dimensionId: 'market_intelligence', weight: 1, label: 'pages for named industries or segments', description: 'A page under /industries/ or /solutions/ that addresses one market segment.' },
  { id: 'market.trend_analysis', dimensionId: 'market_intelligence', weight: 1, label: 'writing on market trends', description: "Text about market or industry trends, forecasts and shifts; round-ups of a market's products." },

  // decision_quality
  { id: 'decision.product_principles', dimensionId: 'decision_quality', weight: 2, label: 'published product or operating principles', description: 'Product, design, engineering or operating principles stated in public.' },
  { id: 'decision.public_rfcs', dimensionId: 'decision_quality', weight: 2, label: 'public RFCs or decision records', description: 'RFCs, architecture decision records or design docs shared in public.' },
  { id: 'decision.rationale_writing', dimensionId: 'decision_quality', weight: 1.5, label: 'writing that explains why decisions were made', description: '"Why we built ...", "we decided to ...", trade-offs named in the open.' },
  { id: 'decision.metrics_driven', dimensionId: 'decision_quality', weight: 1.5, label: 'decisions tied to stated metrics', description: 'North-star or success metrics, guardrail metrics, "the data showed".' },

  // roadmap_discipline
  { id: 'roadmap.public_page', dimensionId: 'roadmap_discipline', weight: 2, label: 'a public roadmap page', description: 'A crawled page at /roadmap or titled as a roadmap.' },
  { id: 'roadmap.status_columns', dimensionId: 'roadmap_discipline', weight: 1.5, label: 'roadmap items grouped by status', description: 'At least two of Now / Next / Later, Planned / In progress / Shipped on a roadmap page.' },
  { id: 'roadmap.linked_delivery', dimensionId: 'roadmap_discipline', weight: 1.5, label: 'a roadmap linked to shipped work', description: 'A roadmap page that links to the changelog or release notes.' },
  { id: 'roadmap.planning_practice', dimensionId: 'roadmap_discipline', weight: 1.5, label: 'a described roadmap practice', description: 'How the roadmap is planned and kept: roadmap views, quarterly roadmapping, planning cycles.' },
  { id: 'roadmap.timeframes', dimensionId: 'roadmap_discipline', weight: 1, label: 'roadmap items with timeframes', description: 'Quarters or halves ("Q3 2026", "H1 2027") on a roadmap page.' },
  { id: 'roadmap.link', dimensionId: 'roadmap_discipline', weight: 1, label: 'a link to a public roadmap', description: 'A link whose text or address names a roadmap.' },
  { id: 'roadmap.preview', dimensionId: 'roadmap_discipline', weight: 1, label: 'a preview of what comes next', description: '"What is coming in v3", "what we will be working on in the next few weeks".' },

  // competitive_positioning
  { id: 'compare.comparison_page', dimensionId: 'competitive_positioning', weight: 2, label: 'a comparison page', description: 'A page under /compare, /vs or an "X vs Y" / "alternative" address.' },
  { id: 'compare.named_alternative', dimensionId: 'competitive_positioning', weight: 1.5, label: 'named competitors', description: '"vs Acme", "versus Acme", "an alternative to Acme" with a capitalised name.' },
  { id: 'compare.migration_path', dimensionId: 'competitive_positioning', weight: 1.5, label: 'a migration path from a named competitor', description: '"Migrate from Acme", "switching from Acme", "import from Acme".' },
  { id: 'compare.differentiator', dimensionId: 'competitive_positioning', weight: 1, label: 'a stated differentiator', description: '"Unlike legacy tools ...", "the only platform that ...".' },

  // research_discovery
  { id: 'research.user_research_practice', dimensionId: 'research_discovery', weight: 2, label: 'a described user-research practice', description: 'User or customer research, interviews, usability testing, discovery sprints.' },
  { id: 'careers.research_roles', dimensionId: 'research_discovery', weight: 2, label: 'hiring for research roles', description: 'UX, user, design or product researcher roles on a careers page.' },
  { id: 'research.research_panel', dimensionId: 'research_discovery', weight: 1.5, label: 'a research panel or advisory board', description: 'A research panel, a customer advisory board, an invitation to research sessions.' },
  { id: 'research.interview_counts', dimensionId: 'research_discovery', weight: 1.5, label: 'research with stated numbers of customers', description: '"We talked to 300 customers", "120 customer interviews".' },
  { id: 'tech.survey_tooling', dimensionId: 'research_discovery', weight: 1.5, label: 'an in-product survey or research tool', description: 'Scripts of Sprig, Maze, Qualtrics, UserTesting or Survicate.' },
  { id: 'research.surveys', dimensionId: 'research_discovery', weight: 1.5, label: 'a survey of its users', description: 'A survey page or an invitation to a survey whose answers shape the product.' },
  { id: 'research.customer_contact', dimensionId: 'research_discovery', weight: 1, label: 'regular contact with customers', description: '"Talking directly to customers", customer conversations, support shifts.' },

  // prototyping_speed
  { id: 'prototype.labs', dimensionId: 'prototyping_speed', weight: 2, label: 'a labs or preview channel', description: 'A "Labs" area, experimental or preview features, technical previews.' },
  { id: 'prototype.beta_program', dimensionId: 'prototyping_speed', weight: 1.5, label: 'beta or alpha releases', description: 'Features labelled beta or alpha, public or private betas.' },
  { id: 'prototype.early_access', dimensionId: 'prototyping_speed', weight: 1.5, label: 'an early-access programme', description: 'Early access to new features for customers.' },
  { id: 'prototype.fast_iteration', dimensionId: 'prototyping_speed', weight: 1, label: 'prototyping described as practice', description: 'Prototypes, "shipped in days", rapid iteration on ideas.' },

  // experience_design
  { id: 'ux.accessibility', dimensionId: 'experience_design', weight: 2, label: 'an accessibility commitment', description: 'WCAG conformance, an accessibility statement, VPAT, screen-reader support.' },
  { id: 'ux.onboarding_flow', dimensionId: 'experience_design', weight: 1.5, label: 'a guided onboarding flow', description: 'Guided or interactive onboarding, product tours, onboarding checklists.' },
  { id: 'ux.templates', dimensionId: 'experience_design', weight: 1, label: 'a templates gallery', description: 'A template gallery or library, "200+ templates".' },
  { id: 'ux.multi_platform', dimensionId: 'experience_design', weight: 1, label: 'native apps across platforms', description: 'iOS, Android, desktop or mobile apps.' },
  { id: 'ux.localization', dimensionId: 'experience_design', weight: 1, label: 'a localised product', description: '"Available in 12 languages", localised interfaces.' },
  { id: 'ux.power_user_features', dimensionId: 'experience_design', weight: 1, label: 'features for power users', description: 'Keyboard shortcuts, a command palette, dark mode.' },

  // design_dev_handoff
  { id: 'design.design_system', dimensionId: 'design_dev_handoff', weight: 2, label: 'a design system', description: 'A named or public design system.' },
  { id: 'design.component_library', dimensionId: 'design_dev_handoff', weight: 1.5, label: 'a shared component library', description: 'A component library, UI kit, Storybook or Figma library.' },
  { id: 'design.design_tokens', dimensionId: 'design_dev_handoff', weight: 1.5, label: 'design tokens', description: 'Design tokens shared between design and code.' },
  { id: 'careers.design_engineering_roles', dimensionId: 'design_dev_handoff', weight: 1.5, label: 'hiring for design-engineering roles', description: 'Design engineers, design-systems engineers, UI engineers on a careers page.' },

  // architecture_systems
  { id: 'arch.status_page', dimensionId: 'architecture_systems', weight: 2, label: 'a public status page', description: 'A link to a status page (status.* host or /status) or a status-page widget.' },
  { id: 'arch.uptime_sla', dimensionId: 'architecture_systems', weight: 2, label: 'an uptime commitment', description: 'A stated uptime or availability percentage or an uptime SLA.' },
  { id: 'arch.multi_region', dimensionId: 'architecture_systems', weight: 1.5, label: 'multi-region hosting or data residency', description: 'Multi-region deployment, data residency, regional data centres.' },
  { id: 'arch.reliability_practice', dimensionId: 'architecture_systems', weight: 1.5, label: 'a stated reliability practice', description: 'High availability, backups, failover, service-level objectives, on-call, incident response.' },
  { id: 'arch.engineering_blog', dimensionId: 'architecture_systems', weight: 1.5, label: 'engineering writing', description: 'A page under /engineering, or a blog post on how the system is built ("How we built ...", code walked through).' },
  { id: 'arch.scale_claims', dimensionId: 'architecture_systems', weight: 1, label: 'stated operating scale', description: '"2 billion events per day", "40M API requests a month".' },

  // spec_context_quality
  { id: 'docs.documentation_site', dimensionId: 'spec_context_quality', weight: 2, label: 'a documentation site', description: 'A crawled page under /docs, /documentation or /developers, or a link to a docs.* host.' },
  { id: 'docs.api_reference', dimensionId: 'spec_context_quality', weight: 2, label: 'an API reference', description: 'An API reference or API documentation.' },
  { id: 'docs.openapi_spec', dimensionId: 'spec_context_quality', weight: 1.5, label: 'a machine-readable API specification', description: 'OpenAPI or Swagger specification, Postman collection.' },
  { id: 'docs.versioning_policy', dimensionId: 'spec_context_quality', weight: 1.5, label: 'an API versioning or deprecation policy', description: 'API versioning, a deprecation policy, an API changelog.' },
  { id: 'docs.spec_practice', dimensionId: 'spec_context_quality', weight: 1.5, label: 'work specified in writing', description: 'Specs, PRDs, two-pagers, written proposals or write-ups before or after the work.' },
  { id: 'docs.guides', dimensionId: 'spec_context_quality', weight: 1, label: 'guides and tutorials', description: 'Quickstarts, getting-started guides, tutorials, how-to guides.' },
  { id: 'tech.docs_platform', dimensionId: 'spec_context_quality', weight: 1, label: 'a documentation platform', description: 'Scripts or generators of ReadMe, Mintlify, GitBook, Docusaurus or DocSearch.' },

  // build_vs_buy
  // A marketing site's tool stack says little of how the product is built: it alone lifts nothing.
  { id: 'tech.vendor_breadth', dimensionId: 'build_vs_buy', weight: 1, label: 'a broad bought tool stack', description: 'Three or more distinct third-party tools fingerprinted across the site.' },
  { id: 'build.platform_partners', dimensionId: 'build_vs_buy', weight: 1.5, label: 'stated platform choices', description: '"Built on AWS", "powered by Stripe": the platforms the product is built on.' },
  { id: 'build.focus_statement', dimensionId: 'build_vs_buy', weight: 1.5, label: 'an explicit build-or-buy stance', description: 'Writing on build versus buy, building only what differentiates.' },
  { id: 'tech.managed_platform', dimensionId: 'build_vs_buy', weight: 1, label: 'a managed hosting platform', description: 'Response headers of a managed platform or CDN (Vercel, Cloudflare, CloudFront, Fly, Netlify).' },
  { id: 'tech.site_generator', dimensionId: 'build_vs_buy', weight: 1, label: 'a bought site platform', description: 'A meta generator naming a CMS or site framework (Webflow, WordPress, Next.js...).' },

  // delivery_velocity
  { id: 'changelog.cadence', dimensionId: 'delivery_velocity', weight: 2.5, label: 'a frequent release cadence', description: 'A median gap between changelog dates of a quarter or less; weekly is strongest.' },
  { id: 'changelog.dated_entries', dimensionId: 'delivery_velocity', weight: 2, label: 'dated changelog entries', description: 'At least three distinct dates on a changelog page; strength grows with the count.' },
  { id: 'changelog.published', dimensionId: 'delivery_velocity', weight: 1, label: 'a public changelog', description: 'A crawled changelog, release-notes or "what\'s new" page.' },
  { id: 'delivery.release_posts', dimensionId: 'delivery_velocity', weight: 2, label: 'dated release posts', description: 'Dated blog posts announcing releases; strength grows with their number and cadence.' },
  { id: 'changelog.versioned_releases', dimensionId: 'delivery_velocity', weight: 1.5, label: 'versioned releases', description: 'Semantic version numbers (v2.14.0) on a changelog page.' },
  { id: 'delivery.shipping_claims', dimensionId: 'delivery_velocity', weight: 1.5, label: 'a stated shipping rhythm', description: '"We ship weekly", "a new version once a month", "6-week cycles", "deploys 40 times a day".' },

  // developer_ecosystem
  { id: 'devex.public_api', dimensionId: 'developer_ecosystem', weight: 2, label: 'a public API', description: 'A REST, GraphQL, public or open API, API keys.' },
  { id: 'devex.sdks', dimensionId: 'developer_ecosystem', weight: 1.5, label: 'SDKs or client libraries', description: 'SDKs, client libraries, npm or pip install commands.' },
  { id: 'devex.integrations_directory', dimensionId: 'developer_ecosystem', weight: 1.5, label: 'an integrations directory', description: 'An integrations page or "120+ integrations".' },
  { id: 'devex.marketplace', dimensionId: 'developer_ecosystem', weight: 1.5, label: 'a marketplace or partner programme', description: 'An app, integration or plugin marketplace, a partner programme.' },
  { id: 'devex.webhooks', dimensionId: 'developer_ecosystem', weight: 1, label: 'webhooks', description: 'Webhooks for events.' },
  { id: 'devex.open_source', dimensionId: 'developer_ecosystem', weight: 1, label: 'open-source work', description: "Open-source projects or a link to the company's GitHub." },
  { id: 'devex.developer_community', dimensionId: 'developer_ecosystem', weight: 1, label: 'a developer community', description: 'A developer forum, Discord or Slack, hackathons.' },

  // customer_signal_synthesis
  { id: 'customers.case_studies', dimensionId: 'customer_signal_synthesis', weight: 2, label: 'customer case studies', description: 'A customers or case-study page, or text naming case studies and customer stories.' },
  { id: 'customers.quantified_outcomes', dimensionId: 'customer_signal_synthesis', weight: 2, label: 'customer outcomes with numbers', description: 'Customer results stated with a figure: "cut close time by 40%".' },
  { id: 'customers.feedback_synthesis', dimensionId: 'customer_signal_synthesis', weight: 1.5, label: 'customer feedback worked through', description: 'Feedback or requests reviewed on a rhythm, customer-insight meetings, everyone doing support shifts.' },
  { id: 'customers.testimonials', dimensionId: 'customer_signal_synthesis', weight: 1, label: 'customer testimonials', description: 'Quoted customer statements or a testimonials section.' },
  { id: 'customers.reviews', dimensionId: 'customer_signal_synthesis', weight: 1, label: 'third-party reviews', description: 'G2, Capterra or Trustpilot ratings, JSON-LD aggregate ratings.' },
  { id: 'customers.logo_wall', dimensionId: 'customer_signal_synthesis', weight: 1, label: 'claims of customer adoption', description: '"Trusted by 4,000 teams", "used by companies like ...".' },

  // product_analytics
  { id: 'tech.product_analytics', dimensionId: 'product_analytics', weight: 2.5, label: 'a product-analytics tool', description: 'Amplitude, Mixpanel, Heap, PostHog, Pendo or June in scripts.' },
  { id: 'tech.customer_data_platform', dimensionId: 'product_analytics', weight: 2, label: 'a customer-data platform', description: 'Segment, RudderStack, mParticle or Snowplow in scripts.' },
  { id: 'tech.session_replay', dimensionId: 'product_analytics', weight: 1.25, label: 'session-replay or heatmap tooling', description: 'Hotjar, FullStory, LogRocket, Microsoft Clarity or Smartlook in scripts.' },
  { id: 'careers.analytics_roles', dimensionId: 'product_analytics', weight: 1.5, label: 'hiring for analytics roles', description: 'Product, data or growth analysts, analytics engineers on a careers page.' },
  { id: 'analytics.instrumentation', dimensionId: 'product_analytics', weight: 1.5, label: 'product usage the company measures', description: 'Usage, funnels or retention the company itself tracks, product metrics it names, telemetry it collects.' },
  { id: 'tech.web_analytics', dimensionId: 'product_analytics', weight: 1, label: 'web analytics', description: 'Google Analytics or Tag Manager, Plausible, Fathom, Matomo, Adobe Analytics.' },

  // data_strategy_flywheel
  { id: 'data.benchmarks', dimensionId: 'data_strategy_flywheel', weight: 2, label: 'benchmarks built from customer data', description: 'Anonymised or industry benchmarks, "benchmark against 3,000 companies".' },
  { id: 'data.learning_loop', dimensionId: 'data_strategy_flywheel', weight: 2, label: 'a product that learns from use', description: '"Gets smarter the more you use it", "learns from every ...", network effects.' },
  { id: 'data.personalisation', dimensionId: 'data_strategy_flywheel', weight: 1.5, label: 'personalised recommendations', description: 'Personalised recommendations, insights or suggestions, a recommendation engine.' },
  { id: 'careers.data_roles', dimensionId: 'data_strategy_flywheel', weight: 1.5, label: 'hiring for data roles', description: 'Data scientists or data engineers on a careers page.' },
  { id: 'data.warehouse_export', dimensionId: 'data_strategy_flywheel', weight: 1, label: 'data-warehouse sync', description: 'Snowflake, BigQuery, Redshift or Databricks sync, reverse ETL.' },

  // feedback_loop_quality
  { id: 'feedback.closed_loop', dimensionId: 'feedback_loop_quality', weight: 2.5, label: 'changes credited to customer feedback', description: '"You asked, we built", "based on your feedback", "most-requested".' },
  { id: 'feedback.public_board', dimensionId: 'feedback_loop_quality', weight: 2, label: 'a public feedback or feature-request board', description: 'Feature requests, voting, an ideas portal.' },
  { id: 'tech.feedback_widget', dimensionId: 'feedback_loop_quality', weight: 1.5, label: 'a feedback tool', description: 'Canny, UserVoice, Productboard, Featurebase, Frill or Nolt in scripts or links.' },
  { id: 'feedback.satisfaction_surveys', dimensionId: 'feedback_loop_quality', weight: 1, label: 'satisfaction surveys', description: 'NPS, Net Promoter Score, CSAT.' },
  { id: 'feedback.community_forum', dimensionId: 'feedback_loop_quality', weight: 1, label: 'a community forum', description: 'A community forum, Slack or Discord open to users.' },

  // quality_experimentation
  { id: 'tech.feature_flags', dimensionId: 'quality_experimentation', weight: 2, label: 'a feature-flag platform', description: 'LaunchDarkly, Split, Flagsmith, Unleash or ConfigCat in scripts.' },
  { id: 'tech.ab_testing', dimensionId: 'quality_experimentation', weight: 2, label: 'an experimentation platform', description: 'Optimizely, VWO, AB Tasty, Statsig, GrowthBook or Eppo in scripts.' },
  { id: 'quality.experimentation_practice', dimensionId: 'quality_experimentation', weight: 2, label: 'a described experimentation practice', description: 'A/B tests, experimentation programmes, holdouts.' },
  { id: 'quality.staged_rollouts', dimensionId: 'quality_experimentation', weight: 1.5, label: 'staged rollouts', description: 'Feature flags, gradual, staged or canary rollouts.' },
  { id: 'quality.qa_practice', dimensionId: 'quality_experimentation', weight: 1, label: 'a described testing practice', description: 'Automated, end-to-end or regression tests, QA, test coverage.' },

  // team_orchestration
  { id: 'careers.product_roles', dimensionId: 'team_orchestration', weight: 2, label: 'hiring for product-management roles', description: 'Product managers, product leads, heads of product on a careers page.' },
  { id: 'careers.design_roles', dimensionId: 'team_orchestration', weight: 1.5, label: 'hiring for design roles', description: 'Product, UX, content designers, design leads on a careers page.' },
  { id: 'careers.ml_roles', dimensionId: 'team_orchestration', weight: 1.5, label: 'hiring for ML and AI roles', description: 'Machine-learning or AI engineers and researchers, applied scientists on a careers page.' },
  { id: 'careers.team_structure', dimensionId: 'team_orchestration', weight: 1.5, label: 'a described team structure', description: 'Cross-functional, autonomous or mission teams, squads, product trios.' },
  { id: 'careers.careers_page', dimensionId: 'team_orchestration', weight: 1, label: 'a careers page', description: 'A crawled careers or jobs page.' },

  // process_iteration
  { id: 'process.public_handbook', dimensionId: 'process_iteration', weight: 2, label: 'a public handbook', description: 'A company, team or public handbook; "how we work".' },
  { id: 'process.postmortems', dimensionId: 'process_iteration', weight: 2, label: 'published postmortems', description: 'Postmortems, incident reports or reviews, root-cause analyses.' },
  { id: 'process.retrospectives', dimensionId: 'process_iteration', weight: 1.5, label: 'retrospectives and lessons learned', description: 'Retrospectives, "lessons learned", "what we learned".' },
  { id: 'process.operating_cadence', dimensionId: 'process_iteration', weight: 1, label: 'a stated operating cadence', description: 'OKRs, Shape Up, two-week cycles, weekly or quarterly planning and demos.' },
  { id: 'process.async_culture', dimensionId: 'process_iteration', weight: 1, label: 'a written, async way of working', description: 'Async communication, a written culture, remote-first working.' },

  // cost_token_economics
  { id: 'ai.token_pricing', dimensionId: 'cost_token_economics', weight: 2.5, label: 'token-based pricing', description: 'Prices per million or thousand tokens, input and output tokens.' },
  { id: 'ai.usage_credits', dimensionId: 'cost_token_economics', weight: 1.5, label: 'usage credits or quotas', description: 'AI or usage credits, quotas, fair-use limits, rate limits.' },
  { id: 'ai.model_choice', dimensionId: 'cost_token_economics', weight: 1.5, label: 'a choice of models', description: 'Choosing between models, bring-your-own-key, named models.' },
  { id: 'ai.spend_controls', dimensionId: 'cost_token_economics', weight: 1.5, label: 'spend controls', description: 'Spend or usage limits, caps and alerts, budget controls.' },
  // Having AI features is not managing their cost: alone they lift nothing.
  { id: 'ai.features', dimensionId: 'cost_token_economics', weight: 0.5, label: 'AI features', description: 'AI-powered features, assistants, copilots, LLMs, machine learning.' },

  // trust_security
  { id: 'security.soc2', dimensionId: 'trust_security', weight: 2.5, label: 'a SOC 2 report', description: 'SOC 2 (Type I or II) attestation.' },
  { id: 'security.iso27001', dimensionId: 'trust_security', weight: 2, label: 'ISO 27001 certification', description: 'ISO/IEC 27001 certification.' },
  { id: 'security.trust_center', dimensionId: 'trust_security', weight: 1.5, label: 'a security or trust page', description: 'A crawled /security or /trust page, a trust centre, a security whitepaper.' },
  { id: 'security.disclosure', dimensionId: 'trust_security', weight: 1.5, label: 'vulnerability disclosure and testing', description: 'Bug bounty, responsible disclosure, penetration tests.' },
  { id: 'security.enterprise_controls', dimensionId: 'trust_security', weight: 1, label: 'enterprise security controls', description: 'SSO, SAML, SCIM, audit logs, role-based access, encryption at rest.' },
  { id: 'security.practices', dimensionId: 'trust_security', weight: 1, label: 'security practised day to day', description: 'Device management, two-factor authentication, security reviews, training or policies, encryption in transit.' },
  { id: 'security.regulatory', dimensionId: 'trust_security', weight: 1, label: 'regulatory compliance', description: 'GDPR, HIPAA, CCPA, PCI DSS, FedRAMP, a data processing agreement.' },
  { id: 'security.headers', dimensionId: 'trust_security', weight: 0.5, label: 'security response headers', description: 'Strict-Transport-Security or Content-Security-Policy response headers.' },
  // Counted, but so little that claims alone never lift the level far.
  { id: 'security.vague_claims', dimensionId: 'trust_security', weight: 0.25, label: 'general security claims', description: '"Bank-grade" or "enterprise-grade" security claims (weak on their own).' },

  // positioning_messaging
  { id: 'positioning.target_audience', dimensionId: 'positioning_messaging', weight: 1.5, label: 'a named audience', description: '"Built for finance teams", "for developers".' },
  { id: 'positioning.category', dimensionId: 'positioning_messaging', weight: 1.5, label: 'a sentence saying what kind of product it is', description: '"Acme is an open-source analytics platform ..." on the home or about page.' },
  { id: 'positioning.use_case_pages', dimensionId: 'positioning_messaging', weight: 1.5, label: 'use-case or solution pages', description: 'A page under /solutions, /use-cases or /for-*.' },
  { id: 'positioning.quantified_value', dimensionId: 'positioning_messaging', weight: 1.5, label: 'a quantified value claim', description: '"3x faster", "40% fewer ...".' },
  { id: 'positioning.headline', dimensionId: 'positioning_messaging', weight: 1, label: 'a headline on the home page', description: "The home page's first statement (its top heading only when it has none)." },

  // launch_execution
  { id: 'launch.announcements', dimensionId: 'launch_execution', weight: 2, label: 'launch announcements', description: '"Introducing ...", "now generally available", "we\'re excited to announce".' },
  { id: 'launch.launch_events', dimensionId: 'launch_execution', weight: 1.5, label: 'launch events', description: 'Launch weeks, Product Hunt launches, keynotes, user conferences, webinars.' },
  { id: 'launch.launch_process', dimensionId: 'launch_execution', weight: 1.5, label: 'a described launch process', description: 'A release-announcement process, a launch plan, checklist or countdown timeline.' },
  { id: 'launch.press', dimensionId: 'launch_execution', weight: 1, label: 'press and media material', description: 'A press or newsroom page, press releases, a press kit.' },
  { id: 'launch.release_posts', dimensionId: 'launch_execution', weight: 1, label: 'launch posts on the blog', description: 'Blog posts about launches.' },

  // adoption_expansion
  { id: 'adoption.self_serve_signup', dimensionId: 'adoption_expansion', weight: 2, label: 'self-serve sign-up', description: '"Get started free", "no credit card required", "create a free account".' },
  { id: 'adoption.free_plan', dimensionId: 'adoption_expansion', weight: 1.5, label: 'a free plan', description: 'A free plan or tier, "free forever", "free for up to 3 users".' },
  { id: 'adoption.free_trial', dimensionId: 'adoption_expansion', weight: 1.5, label: 'a free trial', description: '"14-day free trial", "start your free trial".' },
  { id: 'adoption.team_expansion', dimensionId: 'adoption_expansion', weight: 1.5, label: 'paths to wider team use', description: 'Inviting teammates, team workspaces, adding seats, upgrading as you grow.' },
  { id: 'adoption.referral', dimensionId: 'adoption_expansion', weight: 1, label: 'a referral or affiliate programme', description: 'A referral or affiliate programme.' },

  // pricing_packaging
  { id: 'pricing.tiers', dimensionId: 'pricing_packaging', weight: 2, label: 'published pricing tiers', description: 'Two or more distinct prices on a pricing page; three or more is strongest.' },
  { id: 'pricing.usage_based', dimensionId: 'pricing_packaging', weight: 2, label: 'usage-based pricing', description: 'Prices per request, event, message, GB or minute; pay as you go; metered billing.' },
  // A public pricing page is itself the main act of pricing transparency.
  { id: 'pricing.public_page', dimensionId: 'pricing_packaging', weight: 1.5, label: 'a public pricing page', description: 'A crawled /pricing or /plans page.' },
  { id: 'pricing.seat_based', dimensionId: 'pricing_packaging', weight: 1, label: 'per-seat pricing', description: 'Prices per user, seat or member.' },
  { id: 'pricing.enterprise_plan', dimensionId: 'pricing_packaging', weight: 1, label: 'an enterprise plan', description: 'An Enterprise plan on a pricing page.' },
  { id: 'pricing.annual_discount', dimensionId: 'pricing_packaging', weight: 1, label: 'annual billing options', description: 'Billed annually, "save 20%", annual plans.' },
  { id: 'pricing.plan_comparison', dimensionId: 'pricing_packaging', weight: 1, label: 'a plan comparison', description: '"Compare plans", a feature comparison, "what\'s included".' },
  { id: 'pricing.stated_price', dimensionId: 'pricing_packaging', weight: 1, label: 'a price stated in public', description: 'A price with its period or unit ("$7/month", "$149/year") stated off the pricing page.' },
  { id: 'pricing.contact_sales', dimensionId: 'pricing_packaging', weight: 0.5, label: 'a sales-led path', description: '"Contact sales", "request a quote", "book a demo".' },

  // customer_success
  { id: 'support.help_center', dimensionId: 'customer_success', weight: 2, label: 'a help centre', description: 'A help centre or knowledge base (a page, a help.* or support.* link, or text).' },
  { id: 'support.channels', dimensionId: 'customer_success', weight: 1.5, label: 'named support channels', description: '24/7, live chat, email, phone or priority support.' },
  { id: 'support.response_times', dimensionId: 'customer_success', weight: 1.5, label: 'support response-time commitments', description: 'Response or resolution times, support SLAs, "within 4 hours".' },
  { id: 'support.dedicated_csm', dimensionId: 'customer_success', weight: 1.5, label: 'dedicated customer-success managers', description: 'Customer success or technical account managers, a customer success team.' },
  { id: 'support.training', dimensionId: 'customer_success', weight: 1.5, label: 'customer training and onboarding services', description: 'An academy, certification, training courses, onboarding sessions.' },
  { id: 'tech.support_platform', dimensionId: 'customer_success', weight: 1, label: 'a support platform', description: 'Intercom, Zendesk, Freshdesk, Help Scout, Drift or Crisp in scripts.' },
] as const satisfies readonly SignalType[];

export type SignalId = (typeof SIGNAL_CATALOGUE)[number]['id'];

/** Every signal id, sorted: the metadata endpoint's `signalTypes`. */
export const SIGNAL_TYPES: readonly SignalId[] = SIGNAL_CATALOGUE.map((entry) => entry.id).sort();

const byId = new Map<string, SignalType>(SIGNAL_CATALOGUE.map((entry) => [entry.id, entry]));

export function signalType(id: SignalId): SignalType {
  const entry = byId.get(id);
  if (!entry) throw new Error(`Unknown signal ${id}`);
  return entry;
}

export function isSignalId(value: string): value is SignalId {
  return byId.has(value);
}
