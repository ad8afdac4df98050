import { describe, expect, it } from 'vitest';
import { SIGNAL_CATALOGUE, SIGNAL_TYPES, signalType, type SignalId } from '../../../framework/signal-types.ts';
import { DIMENSION_IDS } from '../../../framework/dimensions.ts';
import { evidenceProblems, testPage, type TestPage } from '../../../../test/fixtures/test-pages.ts';
import { detectSignals } from './detect-signals.ts';

/**
 * One page per signal that must produce it. Typed as a Record over every
 * signal id, so a signal added to the catalogue without an example (and so,
 * likely, without a detector) fails the type-check.
 */
// On an article (/blog/...) only the company's own voice counts ("we", "our"): the examples there speak in it.
const EXAMPLES: Record<SignalId, TestPage> = {
  'market.research_report': { path: '/blog/report', main: '<p>Download our State of Product Ops 2026 report today.</p>' },
  'market.sizing': { path: '/about', main: '<p>We compete in a $15B market for team collaboration.</p>' },
  'roadmap.planning_practice': { path: '/handbook/roadmapping', main: '<p>We hold quarterly roadmap planning with every team lead.</p>' },
  'roadmap.preview': { path: '/', main: '<p>Check what we are working on next on GitHub.</p>' },
  'research.customer_contact': { path: '/about', main: '<p>Talking directly to customers tells us what is wrong with our products.</p>' },
  'research.surveys': { path: '/survey', main: '<p>Your feedback will directly influence our product development.</p>' },
  'arch.reliability_practice': { path: '/cloud', main: '<p>The cloud instance is designed to be highly available, with daily backups.</p>' },
  'docs.spec_practice': { path: '/handbook/specs', main: '<p>Product managers write two-pagers before any build starts.</p>' },
  'delivery.release_posts': { path: '/blog/v3-0', main: '<h1>Acme v3.0</h1><p>March 3, 2026</p><p>We shipped a new editor.</p>' },
  'customers.feedback_synthesis': { path: '/handbook/feedback', main: '<p>Product managers review the feedback weekly to guide the roadmap.</p>' },
  'analytics.instrumentation': { path: '/handbook/growth', main: '<p>We track activation and retention for every new cohort of accounts.</p>' },
  'security.practices': { path: '/handbook/devices', main: '<p>We centrally manage and secure these devices with an MDM.</p>' },
  'launch.launch_process': { path: '/handbook/launches', main: '<p>Every launch follows our launch checklist, two weeks ahead.</p>' },
  'pricing.stated_price': { path: '/', main: '<p>Acme Pro costs $12 / year for a whole team.</p>' },
  'market.survey_data': { path: '/blog/survey', main: '<p>We surveyed 1,200 finance leaders about closing the books.</p>' },
  'market.research_hub': { path: '/research', main: '<h1>Research</h1><p>Our studies.</p>' },
  'market.segment_pages': { path: '/industries/retail', main: '<h1>Acme for retail</h1>' },
  'market.trend_analysis': { path: '/blog/trends', main: '<p>Three market trends we see shaping payroll this year.</p>' },
  'decision.product_principles': { path: '/about', main: '<p>Our product principles guide every release.</p>' },
  'decision.rationale_writing': { path: '/blog/why', main: '<p>This is why we rewrote the sync engine in Rust.</p>' },
  'decision.public_rfcs': { path: '/engineering/process', main: '<p>Every change starts as a public RFC on GitHub.</p>' },
  'decision.metrics_driven': { path: '/blog/metrics', main: '<p>Our north-star metric is weekly active teams.</p>' },
  'roadmap.public_page': { path: '/roadmap', main: '<h1>Public roadmap</h1><p>What we are building.</p>' },
  'roadmap.link': { path: '/', main: '<p>See <a href="/roadmap">what is coming</a>.</p>' },
  'roadmap.status_columns': { path: '/roadmap', main: '<h2>Now</h2><ul><li>Exports</li></ul><h2>Next</h2><ul><li>Imports</li></ul>' },
  'roadmap.timeframes': { path: '/roadmap', main: '<h1>Roadmap</h1><ul><li>Offline mode (Q2 2027)</li></ul>' },
  'roadmap.linked_delivery': { path: '/roadmap', main: '<h1>Roadmap</h1><p>Shipped items move to the <a href="/changelog">changelog</a>.</p>' },
  'compare.comparison_page': { path: '/compare/acme-vs-globex', main: '<h1>Acme vs Globex</h1>' },
  'compare.named_alternative': { path: '/', main: '<p>The friendliest alternative to Globex for small teams.</p>' },
  'compare.migration_path': { path: '/', main: '<p>Migrate from Globex in one afternoon.</p>' },
  'compare.differentiator': { path: '/', main: '<p>Unlike legacy tools, Acme works offline.</p>' },
  'research.user_research_practice': { path: '/blog/research', main: '<p>We run usability testing every sprint.</p>' },
  'research.research_panel': { path: '/research-panel', main: '<p>Join our customer advisory board.</p>' },
  'research.interview_counts': { path: '/blog/research', main: '<p>We talked to 300 customers before writing a line of code.</p>' },
  'careers.research_roles': { path: '/careers', main: '<ul><li>Senior UX Researcher</li></ul>' },
  'tech.survey_tooling': { path: '/', head: '<script src="https://cdn.sprig.com/shim.js?id=abc"></script>' },
  'prototype.beta_program': { path: '/product', main: '<p>Reports are in public beta for every workspace.</p>' },
  'prototype.early_access': { path: '/product', main: '<p>Request early access to the forecasting module.</p>' },
  'prototype.labs': { path: '/labs', main: '<p>Try experimental features before anyone else.</p>' },
  'prototype.fast_iteration': { path: '/blog/how', main: '<p>We prototype every idea with five customers first.</p>' },
  'ux.onboarding_flow': { path: '/product', main: '<p>An onboarding checklist gets you set up in ten minutes.</p>' },
  'ux.accessibility': { path: '/accessibility', main: '<p>Acme conforms to WCAG 2.2 AA.</p>' },
  'ux.templates': { path: '/product', main: '<p>Start from 150+ ready-made templates.</p>' },
  'ux.multi_platform': { path: '/product', main: '<p>Download the iOS and Android apps.</p>' },
  'ux.localization': { path: '/product', main: '<p>Acme is available in 12 languages.</p>' },
  'ux.power_user_features': { path: '/product', main: '<p>Press K to open the command palette.</p>' },
  'design.design_system': { path: '/blog/ds', main: '<p>Meet Loom, our design system.</p>' },
  'design.component_library': { path: '/blog/ds', main: '<p>Our component library is shared by every team.</p>' },
  'design.design_tokens': { path: '/blog/ds', main: '<p>Our colours and spacing live in design tokens.</p>' },
  'careers.design_engineering_roles': { path: '/careers', main: '<ul><li>Design Engineer, Web</li></ul>' },
  'arch.status_page': { path: '/', main: '<p><a href="https://status.acme.example/">System status</a></p>' },
  'arch.uptime_sla': { path: '/enterprise', main: '<p>A 99.95% uptime SLA on every plan.</p>' },
  'arch.multi_region': { path: '/enterprise', main: '<p>Choose EU or US data residency.</p>' },
  'arch.engineering_blog': { path: '/engineering', main: '<h1>Engineering at Acme</h1>' },
  'arch.scale_claims': { path: '/', main: '<p>Acme processes 3 billion events per day.</p>' },
  'docs.documentation_site': { path: '/docs', main: '<h1>Documentation</h1>' },
  'docs.api_reference': { path: '/developers', main: '<p>Read the API reference.</p>' },
  'docs.openapi_spec': { path: '/developers', main: '<p>Download the OpenAPI document.</p>' },
  'docs.guides': { path: '/developers', main: '<p>Follow the quickstart to send your first event.</p>' },
  'docs.versioning_policy': { path: '/developers', main: '<p>Our deprecation policy gives a year of notice.</p>' },
  'tech.docs_platform': { path: '/docs', head: '<meta name="generator" content="Docusaurus v3.5.2">', main: '<h1>Docs</h1>' },
  'tech.vendor_breadth': {
    path: '/',
    head: '<script src="https://cdn.segment.com/analytics.js/v1/k/analytics.min.js"></script><script src="https://cdn.amplitude.com/libs/a.js"></script><script src="https://static.hotjar.com/c/hotjar-1.js"></script>',
  },
  'tech.managed_platform': { path: '/', headers: { 'x-vercel-id': 'fra1::abc' } },
  'tech.site_generator': { path: '/', head: '<meta name="generator" content="Webflow">' },
  'build.platform_partners': { path: '/about', main: '<p>Acme is built on AWS and Postgres.</p>' },
  'build.focus_statement': { path: '/engineering/stack', main: '<p>Our build vs buy rule: buy anything that is not core.</p>' },
  'changelog.published': { path: '/changelog', main: '<h1>Changelog</h1>' },
  'changelog.dated_entries': { path: '/changelog', main: '<h2>2026-10-01</h2><h2>2026-10-15</h2><h2>2026-11-01</h2>' },
  'changelog.cadence': { path: '/changelog', main: '<h2>2026-10-01</h2><h2>2026-10-08</h2><h2>2026-10-15</h2>' },
  'changelog.versioned_releases': { path: '/changelog', main: '<h2>Faster exports</h2><p>Version v2.14.0 makes exports twice as fast.</p>' },
  'delivery.shipping_claims': { path: '/about', main: '<p>We ship weekly, every Thursday.</p>' },
  'devex.public_api': { path: '/developers', main: '<p>Automate everything with our REST API.</p>' },
  'devex.sdks': { path: '/developers', main: '<p>Install our SDK for Node.js and Python.</p>' },
  'devex.webhooks': { path: '/developers', main: '<p>Subscribe to webhooks for every event.</p>' },
  'devex.integrations_directory': { path: '/integrations', main: '<h1>Integrations</h1>' },
  'devex.marketplace': { path: '/partners', main: '<p>List your app in the app marketplace.</p>' },
  'devex.open_source': { path: '/', main: '<p>Our <a href="https://github.com/acme">code</a> is public.</p>' },
  'devex.developer_community': { path: '/community', main: '<p>Join the developer community on Discord.</p>' },
  'customers.case_studies': { path: '/customers/globex', main: '<h1>How Globex closes faster</h1>' },
  'customers.quantified_outcomes': { path: '/customers/globex', main: '<p>Globex reduced month-end close time by 40% in a quarter.</p>' },
  'customers.testimonials': {
    path: '/',
    main: '<blockquote><p>“Acme is the first tool our whole team opens every morning.”</p></blockquote><p>Priya Natarajan, COO at Globex</p>',
  },
  'customers.logo_wall': { path: '/', main: '<p>Trusted by 4,000 finance teams across Europe.</p>' },
  'customers.reviews': { path: '/', main: '<p>Rated 4.8 out of 5 on G2.</p>' },
  'tech.product_analytics': { path: '/', head: '<script>mixpanel.init("abc123")</script>' },
  'tech.customer_data_platform': { path: '/', head: '<script src="https://cdn.segment.com/analytics.js/v1/k/analytics.min.js"></script>' },
  'tech.session_replay': { path: '/', head: '<script src="https://static.hotjar.com/c/hotjar-1.js"></script>' },
  'tech.web_analytics': { path: '/', head: '<script async src="https://www.googletagmanager.com/gtag/js?id=G-1"></script>' },
  'careers.analytics_roles': { path: '/careers', main: '<ul><li>Product Analyst</li></ul>' },
  'data.benchmarks': { path: '/product', main: '<p>Compare yourself with industry benchmarks updated weekly.</p>' },
  'data.personalisation': { path: '/product', main: '<p>Get personalised recommendations for every account.</p>' },
  'data.learning_loop': { path: '/product', main: '<p>Acme gets smarter the more you use it.</p>' },
  'data.warehouse_export': { path: '/integrations', main: '<p>Sync to Snowflake every hour.</p>' },
  'careers.data_roles': { path: '/jobs', main: '<ul><li>Senior Data Scientist</li></ul>' },
  'feedback.public_board': { path: '/feedback', main: '<p>Submit an idea or upvote the ones you like.</p>' },
  'feedback.closed_loop': { path: '/blog/update', main: '<p>You asked, we built: offline mode is here.</p>' },
  'tech.feedback_widget': { path: '/', main: '<p><a href="https://acme.canny.io/requests">Ideas</a></p>' },
  'feedback.satisfaction_surveys': { path: '/blog/support', main: '<p>Our NPS rose to 62 this year.</p>' },
  'feedback.community_forum': { path: '/community', main: '<p>Ask questions in the community forum.</p>' },
  'tech.feature_flags': { path: '/', head: '<script src="https://unpkg.com/launchdarkly-js-client-sdk@3"></script>' },
  'tech.ab_testing': { path: '/', head: '<script src="https://cdn.optimizely.com/js/123.js"></script>' },
  'quality.experimentation_practice': { path: '/blog/growth', main: '<p>Every onboarding change we make ships as an A/B test.</p>' },
  'quality.staged_rollouts': { path: '/blog/release', main: '<p>Our new features reach users through staged rollouts.</p>' },
  'quality.qa_practice': { path: '/engineering', main: '<p>Thousands of automated tests run on every commit.</p>' },
  'careers.careers_page': { path: '/careers', main: '<h1>Careers</h1>' },
  'careers.product_roles': { path: '/careers', main: '<ul><li>Senior Product Manager, Billing</li></ul>' },
  'careers.design_roles': { path: '/careers', main: '<ul><li>Product Designer</li></ul>' },
  'careers.ml_roles': { path: '/careers', main: '<ul><li>Machine Learning Engineer</li></ul>' },
  'careers.team_structure': { path: '/careers', main: '<p>We work in cross-functional teams of six.</p>' },
  'process.public_handbook': { path: '/handbook', main: '<h1>Handbook</h1>' },
  'process.postmortems': { path: '/blog/incident', main: '<p>Postmortem: what we learned from the outage of March 3.</p>' },
  'process.retrospectives': { path: '/blog/q3', main: '<p>What we learned from our first year.</p>' },
  'process.operating_cadence': { path: '/handbook', main: '<p>We plan in six-week cycles.</p>' },
  'process.async_culture': { path: '/about', main: '<p>We are a remote-first company.</p>' },
  'ai.features': { path: '/product', main: '<p>The AI assistant drafts your replies.</p>' },
  'ai.token_pricing': { path: '/pricing', main: '<p>$3 per 1M input tokens.</p>' },
  'ai.usage_credits': { path: '/pricing', main: '<p>Every seat includes 500 AI credits.</p>' },
  'ai.model_choice': { path: '/ai', main: '<p>Bring your own key for any provider.</p>' },
  'ai.spend_controls': { path: '/ai', main: '<p>Admins set spend limits per workspace.</p>' },
  'security.soc2': { path: '/security', main: '<p>Acme is SOC 2 Type II certified.</p>' },
  'security.iso27001': { path: '/security', main: '<p>Acme is certified to ISO 27001.</p>' },
  'security.regulatory': { path: '/security', main: '<p>We are GDPR compliant.</p>' },
  'security.trust_center': { path: '/trust', main: '<h1>Trust</h1>' },
  'security.disclosure': { path: '/security', main: '<p>Report issues through our bug bounty.</p>' },
  'security.enterprise_controls': { path: '/enterprise', main: '<p>SAML single sign-on for every plan.</p>' },
  'security.headers': { path: '/', headers: { 'strict-transport-security': 'max-age=31536000' } },
  'security.vague_claims': { path: '/', main: '<p>Your data is safe with bank-grade security.</p>' },
  'positioning.category': { path: '/', main: '<p>Acme is an open-source payroll platform for remote teams.</p>' },
  'positioning.headline': { path: '/', main: '<h1>Payroll for remote teams</h1>' },
  'positioning.target_audience': { path: '/', main: '<p>Acme is built for finance teams.</p>' },
  'positioning.use_case_pages': { path: '/solutions/agencies', main: '<h1>Acme for agencies</h1>' },
  'positioning.quantified_value': { path: '/', main: '<p>Close your books 3x faster.</p>' },
  'launch.announcements': { path: '/blog/ga', main: '<p>Our offline mode is now generally available.</p>' },
  'launch.launch_events': { path: '/events', main: '<p>Join our webinar on reporting.</p>' },
  'launch.press': { path: '/press', main: '<h1>Newsroom</h1>' },
  'launch.release_posts': { path: '/blog/offline', main: '<p>Last week we launched offline mode.</p>' },
  'adoption.self_serve_signup': { path: '/', main: '<p>No credit card required.</p>' },
  'adoption.free_plan': { path: '/pricing', main: '<p>The free plan covers up to 3 users.</p>' },
  'adoption.free_trial': { path: '/', main: '<p>Start your 14-day free trial.</p>' },
  'adoption.team_expansion': { path: '/product', main: '<p>Invite your teammates in one click.</p>' },
  'adoption.referral': { path: '/referral', main: '<p>Our referral program pays a month per friend.</p>' },
  'pricing.public_page': { path: '/pricing', main: '<h1>Pricing</h1>' },
  'pricing.tiers': { path: '/pricing', main: '<p>Basic $10</p><p>Pro $25</p><p>Team $60</p>' },
  'pricing.usage_based': { path: '/pricing', main: '<p>You pay $1 per 1,000 API calls.</p>' },
  'pricing.seat_based': { path: '/pricing', main: '<p>$12 per user per month.</p>' },
  'pricing.enterprise_plan': { path: '/pricing', main: '<h2>Enterprise</h2><p>Enterprise plans come with custom terms.</p>' },
  'pricing.annual_discount': { path: '/pricing', main: '<p>Billed annually, you save 20%.</p>' },
  'pricing.plan_comparison': { path: '/pricing', main: '<p>Compare plans side by side below.</p>' },
  'pricing.contact_sales': { path: '/pricing', main: '<p>Contact sales for a quote.</p>' },
  'support.help_center': { path: '/', main: '<p>Search the help center for answers.</p>' },
  'support.channels': { path: '/support', main: '<p>24/7 support by chat and phone.</p>' },
  'support.response_times': { path: '/support', main: '<p>We reply within 4 hours on business days.</p>' },
  'support.dedicated_csm': { path: '/enterprise', main: '<p>A dedicated customer success manager for every account.</p>' },
  'support.training': { path: '/learn', main: '<p>Our certification courses teach admins every setting.</p>' },
  'tech.support_platform': { path: '/', head: '<script src="https://widget.intercom.io/widget/abc"></script>' },
};

/** Pages that look close to a signal but must not produce it. */
const FALSE_POSITIVES: { name: string; page: TestPage; signal: SignalId }[] = [
  { name: '"feel free to" is not a free plan', page: { main: '<p>Feel free to reach out with questions.</p>' }, signal: 'adoption.free_plan' },
  { name: '"feel free to" is not a free trial', page: { main: '<p>Feel free to try the demo.</p>' }, signal: 'adoption.free_trial' },
  { name: '"hassle-free plan" is not a free plan', page: { main: '<p>A hassle-free plan for your week.</p>' }, signal: 'adoption.free_plan' },
  { name: '"SOC 20" is not SOC 2', page: { path: '/security', main: '<p>Our SOC 20 dashboard.</p>' }, signal: 'security.soc2' },
  { name: '"ASOC2" is not SOC 2', page: { path: '/security', main: '<p>Meet ASOC2, our mascot.</p>' }, signal: 'security.soc2' },
  { name: '"ISO 270011" is not ISO 27001', page: { path: '/security', main: '<p>Part ISO 270011.</p>' }, signal: 'security.iso27001' },
  {
    name: 'a marketplace mentioned in passing is not an app marketplace',
    page: { main: '<p>Not a platform, not a marketplace: a calendar.</p>' },
    signal: 'devex.marketplace',
  },
  {
    name: 'a product manager in a testimonial is not a job opening',
    page: { path: '/customers', main: '<p>“Great tool.” Jane Doe, Senior Product Manager at Globex</p>' },
    signal: 'careers.product_roles',
  },
  { name: '"rapid" does not contain an API', page: { main: '<p>Rapid setup and rapid results.</p>' }, signal: 'devex.public_api' },
  { name: 'prices outside a pricing page are not tiers', page: { path: '/blog/costs', main: '<p>Save $10, $25 or $60 a month.</p>' }, signal: 'pricing.tiers' },
  { name: 'one price is not a tier structure', page: { path: '/pricing', main: '<p>One plan: $29 a month.</p>' }, signal: 'pricing.tiers' },
  {
    name: '"vs. the old way" names no competitor',
    page: { main: '<p>Spreadsheets vs. the old way of doing things.</p>' },
    signal: 'compare.named_alternative',
  },
  {
    name: '"Next" alone on a roadmap is not status columns',
    page: { path: '/roadmap', main: '<h1>Roadmap</h1><p>Next</p>' },
    signal: 'roadmap.status_columns',
  },
  { name: '"AI" as a word is not an AI feature', page: { main: '<p>Our founder studied AI at university.</p>' }, signal: 'ai.features' },
  { name: 'a budget in prose is not a spend control', page: { main: '<p>Plan your budget carefully.</p>' }, signal: 'ai.spend_controls' },
  {
    name: '"product teams" is not a team structure',
    page: { path: '/careers', main: '<p>We build tools for product teams.</p>' },
    signal: 'careers.team_structure',
  },
  {
    name: 'a quote without a figure is not a quantified outcome',
    page: { main: '<blockquote><p>“We love it and use it every single day of the week.”</p></blockquote>' },
    signal: 'customers.quantified_outcomes',
  },
  {
    name: 'two dates are not a changelog record',
    page: { path: '/changelog', main: '<h2>2026-10-01</h2><h2>2026-11-01</h2>' },
    signal: 'changelog.dated_entries',
  },
  {
    name: 'a yearly release rhythm is no cadence',
    page: { path: '/changelog', main: '<h2>2023-01-01</h2><h2>2024-01-01</h2><h2>2025-01-01</h2>' },
    signal: 'changelog.cadence',
  },
  {
    name: 'a testimonial name-dropping a role is not a careers page',
    page: { path: '/customers', main: '<p>Design Engineer at Globex</p>' },
    signal: 'careers.design_engineering_roles',
  },
  {
    name: 'text inside the navigation is not content',
    page: { main: '<nav><p>Trusted by 4,000 finance teams</p></nav><p>Hello</p>' },
    signal: 'customers.logo_wall',
  },
  {
    name: "a testimonial author's title is not the company's customer-success team",
    page: {
      path: '/',
      main: '<blockquote><p>“Setup took an afternoon and support answered in minutes.”</p></blockquote><p>Jane Doe, Senior Technical Account Manager at Globex</p>',
    },
    signal: 'support.dedicated_csm',
  },
  {
    name: "a biography is not the company's practice",
    page: { path: '/about', main: '<p>Prior to this, she co-founded Blend Labs and ran its research programme.</p>' },
    signal: 'prototype.labs',
  },
  {
    name: 'becoming compliant is not compliant',
    page: { path: '/security', main: '<p>We are in the process of becoming SOC 2 compliant.</p>' },
    signal: 'security.soc2',
  },
  {
    name: 'working towards a certificate is not holding it',
    page: { path: '/security', main: '<p>We are working towards ISO 27001 certification this year.</p>' },
    signal: 'security.iso27001',
  },
  {
    name: "a link to another company's docs is not the company's documentation",
    page: { path: '/blog/files', main: '<p>See <a href="https://developer.mozilla.org/en-US/docs/Web/API">the MDN reference</a> for the API.</p>' },
    signal: 'docs.documentation_site',
  },
  {
    name: "a customer's feature flags on a customer story are not the company's experimentation",
    page: { path: '/customers/globex', main: '<p>Globex now ships every change behind feature flags and runs A/B tests weekly.</p>' },
    signal: 'quality.staged_rollouts',
  },
  {
    name: 'a salary is not a price',
    page: { path: '/careers/benefits', main: '<p>The policy replaces up to 60% of your salary, up to $12,000 per month.</p>' },
    signal: 'pricing.stated_price',
  },
  {
    name: 'a privacy policy\'s "State of California" is no market report',
    page: { path: '/privacy', main: '<p>Every individual who is in the State of California 2024 for other than a temporary purpose.</p>' },
    signal: 'market.research_report',
  },
  {
    name: '"December vs January" compares no products',
    page: { main: '<p>Shares are the same for hires in December vs January.</p>' },
    signal: 'compare.named_alternative',
  },
  {
    name: 'a list of counted things after a comma is not a customer count',
    page: { path: '/pricing', main: '<p>Ask about revenue, expenses, customers, or recent changes.</p>' },
    signal: 'customers.logo_wall',
  },
  {
    name: '"based on your start date" is not acting on feedback',
    page: { main: '<p>Your vacation is prorated based on your start date.</p>' },
    signal: 'feedback.closed_loop',
  },
  {
    name: 'a beta of the alphabet is not a beta programme',
    page: { main: '<p>The alphabet starts with alpha and beta in Greek.</p>' },
    signal: 'prototype.beta_program',
  },
];

describe('signal catalogue', () => {
  it('lists every signal once, sorted, as <source>.<metric>, each feeding a known dimension', () => {
    expect(new Set(SIGNAL_TYPES).size).toBe(SIGNAL_CATALOGUE.length);
    expect([...SIGNAL_TYPES]).toEqual([...SIGNAL_TYPES].sort());
    for (const entry of SIGNAL_CATALOGUE) {
      expect(entry.id).toMatch(/^[a-z]+\.[a-z0-9_]+$/);
      expect(DIMENSION_IDS).toContain(entry.dimensionId);
      expect(entry.label.length).toBeGreaterThan(0);
      expect(entry.description.length).toBeGreaterThan(0);
    }
  });

  it('gives every dimension several signals', () => {
    for (const id of DIMENSION_IDS) {
      expect(SIGNAL_CATALOGUE.filter((entry) => entry.dimensionId === id).length, id).toBeGreaterThanOrEqual(4);
    }
  });
});

describe('detectors', () => {
  it.each(Object.entries(EXAMPLES) as [SignalId, TestPage][])('detect %s with verbatim evidence', (signal, example) => {
    const page = testPage(example);
    const findings = detectSignals([page]);
    const hits = findings.filter((f) => f.signal === signal);
    expect(hits.length, `no ${signal} in ${JSON.stringify(findings.map((f) => f.signal))}`).toBeGreaterThan(0);
    for (const hit of hits) {
      expect(hit.dimensionId).toBe(signalType(signal).dimensionId);
      expect(hit.url).toBe(page.finalUrl);
      expect(evidenceProblems(hit, [page])).toEqual([]);
    }
  });

  it.each(FALSE_POSITIVES.map((c) => [c.name, c] as const))('%s', (_, { page, signal }) => {
    expect(detectSignals([testPage(page)]).map((f) => f.signal)).not.toContain(signal);
  });

  it('reports a tool seen on every page once, on the first page in canonical order', () => {
    const head = '<script src="https://cdn.amplitude.com/libs/analytics.js"></script>';
    const pages = ['/pricing', '/', '/about'].map((path) => testPage({ path, head }));
    const amplitude = detectSignals(pages).filter((f) => f.signal === 'tech.product_analytics');
    expect(amplitude.map((f) => f.url)).toEqual(['http://fixture.local/']);
  });

  it('counts the same passage on several pages once', () => {
    const main = '<p>Acme is SOC 2 Type II certified.</p>';
    const findings = detectSignals([testPage({ path: '/security', main }), testPage({ path: '/enterprise', main })]);
    expect(findings.filter((f) => f.signal === 'security.soc2')).toHaveLength(1);
  });

  it('ignores pages that are not successful responses', () => {
    const page = { ...testPage({ path: '/security', main: '<p>SOC 2 Type II</p>' }), status: 404 };
    expect(detectSignals([page])).toEqual([]);
  });

  it('gives the same findings in the same order whatever the page order', () => {
    const pages = (Object.values(EXAMPLES) as TestPage[])
      .slice(0, 60)
      .map((example, i) => testPage({ ...example, path: `${example.path ?? '/'}${i === 0 ? '' : `-${i}`}` }));
    const forward = detectSignals(pages);
    expect(detectSignals([...pages].reverse())).toEqual(forward);
    expect(forward.length).toBeGreaterThan(30);
  });
});
