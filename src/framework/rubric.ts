/**
 * The rubric: how findings become a level from 1 to 4 in each dimension.
 *
 * Arithmetic, in the order the engine applies it:
 *
 * 1. A finding is worth  weight(signal) x strength(finding) x figure,  with
 *    strength in (0, 1] set by its detector (a pricing page with two prices is
 *    weaker than one with three) and figure FIGURE_BONUS (1.5) when its quote
 *    states a figure ("SLA for 99.99% uptime", "a new version once a month"),
 *    else 1: a practice stated with its numbers says more than a claim.
 * 2. Repeats of one signal have diminishing returns: the signal's findings are
 *    sorted strongest first and the k-th (k = 0, 1, 2) is multiplied by
 *    REPEAT_DECAY^k; findings beyond MAX_COUNTED_REPEATS add nothing.
 *    So one signal is worth at most weight x (1 + 0.5 + 0.25) = 1.75 x weight:
 *    the same claim on ten pages is not ten times the evidence.
 * 3. A dimension's points are the sum over its signals.
 * 4. The points go through the dimension's named curve: the level is the
 *    highest one whose control point (points needed) is reached AND whose
 *    evidence hangs together (LEVEL_SUPPORT). Level 1 needs nothing. A
 *    level 3 stands on one strong practice that holds up: two distinct
 *    signals, or one seen on two pages, or one quoted with a specific (a
 *    number, a date, a version, an amount). A level 4 needs a practice
 *    shown with a system around it: three distinct signals across two
 *    pages, or four on one page with a figure (a pricing page's tiers,
 *    usage rates, enterprise plan and yearly billing). So a keyword said
 *    once never makes a level 3, and one page with three claims (a roadmap
 *    page with statuses and a date) never makes a level 4.
 *
 * Worked example (pricing_packaging, broad curve 1 / 3.5 / 6.5):
 *    tiers on the pricing page (2 x 1.0)                         = 2.0
 *  + usage-based pricing on the pricing page (2 x 1.0)           = 2.0
 *  + usage-based pricing repeated on the docs page (2 x 1.0 x .5) = 1.0
 *  + annual discount (1 x 1.0)                                   = 1.0
 *  + enterprise plan (1 x 1.0)                                   = 1.0
 *  = 7.0 points from 4 distinct signals -> 7.0 >= 6.5 and 4 >= 3 -> level 4.
 *  Without the enterprise plan: 6.0 points -> level 3.
 */
import type { DimensionId } from './dimensions.ts';
import type { SignalId } from './signal-types.ts';

export const REPEAT_DECAY = 0.5;
export const MAX_COUNTED_REPEATS = 3;

/** Points needed for each level above 1 (Lighthouse-style named control points). */
export interface LevelCurve {
  pointsForLevel2: number;
  pointsForLevel3: number;
  pointsForLevel4: number;
}

/** What a dimension's findings show besides their points: how far the evidence hangs together. */
export interface EvidenceSupport {
  /** Distinct signals with a finding. */
  signals: number;
  /** Distinct pages the findings come from. */
  pages: number;
  /** Whether a counted quote states a specific: a number, a date, a version, an amount. */
  specific: boolean;
}

/**
 * The support each level needs besides the curve's points (step 4 above).
 * Level 2 needs one finding: any evidence worth the points.
 */
export const LEVEL_SUPPORT = {
  3: { signals: 2, orPages: 2, orSpecific: true },
  4: { signals: 3, pages: 2, orOnOnePage: { signals: 4, specific: true } },
} as const;

/** Whether the support meets what `level` needs. */
export function supportAllows(level: 2 | 3 | 4, support: EvidenceSupport): boolean {
  if (support.signals === 0) return false;
  if (level === 2) return true;
  if (level === 3) {
    const need = LEVEL_SUPPORT[3];
    return support.signals >= need.signals || support.pages >= need.orPages || (need.orSpecific && support.specific);
  }
  const need = LEVEL_SUPPORT[4];
  const acrossPages = support.signals >= need.signals && support.pages >= need.pages;
  const systemOnOnePage = support.signals >= need.orOnOnePage.signals && (!need.orOnOnePage.specific || support.specific);
  return acrossPages || systemOnOnePage;
}

/** What a quoted finding that states a figure is worth, as a multiple of its weight (rubric step 1). */
export const FIGURE_BONUS = 1.5;

/**
 * A quote is specific when it states a figure (a number, a date, a version,
 * an amount) or a rhythm ("once a month", "weekly"). A number that is part of
 * a name is no figure: "SOC 2", "ISO 27001", "Type 2", "Section 508".
 */
export const SPECIFIC_QUOTE =
  /(?<![\d.,])(?<!\b(?:SOC|ISO|IEC|PCI|DSS|WCAG|NIST|FIPS|CIS|OWASP|HTTP|TLS|SSL|OAuth|IPv|Web|Type|Tier|Section|Article|Part|Level|Step|Phase)[\s/-]?)\d|\b(?:daily|weekly|monthly|quarterly|yearly|annually|once a (?:day|week|month|quarter|year)|every (?:day|week|month|quarter|year))\b/i;

export const CURVES = {
  /**
   * For dimensions whose evidence a public site shows plenty of (5 to 9
   * expected signals, summing to 7.5..11.25 points at one full-strength
   * finding each): level 2 is any one solid signal (a weight-1 signal at full
   * strength), level 3 a strong signal and another (2 + 1), or one seen on
   * three pages (2 + 1 + 0.5 with its figure), level 4 about four
   * (2 + 2 + 1.5 + 1).
   */
  broad: { pointsForLevel2: 1, pointsForLevel3: 3, pointsForLevel4: 6.5 },
  /**
   * For dimensions where the outside world sees only a few signals, even when
   * the catalogue lists more (4 to 7 expected signals, summing to 6..11
   * points): the same level 2; level 3 at one strong practice that holds up
   * (a weight-2 signal stated with a figure, or seen on two pages) or two
   * medium signals (1 + 1); level 4 at three (2 + 1.5 + 1).
   */
  narrow: { pointsForLevel2: 1, pointsForLevel3: 2, pointsForLevel4: 4.5 },
} as const satisfies Record<string, LevelCurve>;
export type CurveName = keyof typeof CURVES;

export interface DimensionRubric {
  curve: CurveName;
  /** The signals this dimension expects, with their weights; 2.5 marks the most telling. */
  weights: Partial<Record<SignalId, number>>;
}

export const RUBRIC: Record<DimensionId, DimensionRubric> = {
  market_intelligence: {
    curve: 'narrow',
    weights: { 'market.research_report': 2.5, 'market.survey_data': 2, 'market.research_hub': 1.5, 'market.sizing': 1.5, 'market.segment_pages': 1, 'market.trend_analysis': 1 },
  },
  decision_quality: {
    curve: 'narrow',
    weights: { 'decision.product_principles': 2, 'decision.public_rfcs': 2, 'decision.rationale_writing': 1.5, 'decision.metrics_driven': 1.5 },
  },
  roadmap_discipline: {
    curve: 'narrow',
    weights: {
      'roadmap.public_page': 2,
      'roadmap.status_columns': 1.5,
      'roadmap.linked_delivery': 1.5,
      'roadmap.planning_practice': 1.5,
      'roadmap.timeframes': 1,
      'roadmap.link': 1,
      'roadmap.preview': 1,
    },
  },
  competitive_positioning: {
    curve: 'narrow',
    weights: { 'compare.comparison_page': 2, 'compare.named_alternative': 1.5, 'compare.migration_path': 1.5, 'compare.differentiator': 1 },
  },
  research_discovery: {
    curve: 'narrow',
    weights: {
      'research.user_research_practice': 2,
      'careers.research_roles': 2,
      'research.research_panel': 1.5,
      'research.interview_counts': 1.5,
      'tech.survey_tooling': 1.5,
      'research.surveys': 1.5,
      'research.customer_contact': 1,
    },
  },
  prototyping_speed: {
    curve: 'narrow',
    weights: { 'prototype.labs': 2, 'prototype.beta_program': 1.5, 'prototype.early_access': 1.5, 'prototype.fast_iteration': 1 },
  },
  experience_design: {
    curve: 'broad',
    weights: {
      'ux.accessibility': 2,
      'ux.onboarding_flow': 1.5,
      'ux.templates': 1,
      'ux.multi_platform': 1,
      'ux.localization': 1,
      'ux.power_user_features': 1,
    },
  },
  design_dev_handoff: {
    curve: 'narrow',
    weights: { 'design.design_system': 2, 'design.component_library': 1.5, 'design.design_tokens': 1.5, 'careers.design_engineering_roles': 1.5 },
  },
  architecture_systems: {
    curve: 'broad',
    weights: {
      'arch.status_page': 2,
      'arch.uptime_sla': 2,
      'arch.multi_region': 1.5,
      'arch.reliability_practice': 1.5,
      'arch.engineering_blog': 1.5,
      'arch.scale_claims': 1,
    },
  },
  spec_context_quality: {
    curve: 'broad',
    weights: {
      'docs.documentation_site': 2,
      'docs.api_reference': 2,
      'docs.openapi_spec': 1.5,
      'docs.versioning_policy': 1.5,
      'docs.spec_practice': 1.5,
      'docs.guides': 1,
      'tech.docs_platform': 1,
    },
  },
  build_vs_buy: {
    curve: 'narrow',
    weights: {
      // A marketing site's tool stack says little of how the product is built: it alone lifts nothing.
      'tech.vendor_breadth': 1,
      'build.platform_partners': 1.5,
      'build.focus_statement': 1.5,
      'tech.managed_platform': 1,
      'tech.site_generator': 1,
    },
  },
  // Narrow: a site shows delivery in one or two places (a changelog or release posts, a stated rhythm).
  delivery_velocity: {
    curve: 'narrow',
    weights: {
      'changelog.cadence': 2.5,
      'changelog.dated_entries': 2,
      'changelog.published': 1,
      'delivery.release_posts': 2,
      'changelog.versioned_releases': 1.5,
      'delivery.shipping_claims': 1.5,
    },
  },
  developer_ecosystem: {
    curve: 'broad',
    weights: {
      'devex.public_api': 2,
      'devex.sdks': 1.5,
      'devex.integrations_directory': 1.5,
      'devex.marketplace': 1.5,
      'devex.webhooks': 1,
      'devex.open_source': 1,
      'devex.developer_community': 1,
    },
  },
  customer_signal_synthesis: {
    curve: 'broad',
    weights: {
      'customers.case_studies': 2,
      'customers.quantified_outcomes': 2,
      'customers.feedback_synthesis': 1.5,
      'customers.testimonials': 1,
      'customers.reviews': 1,
      'customers.logo_wall': 1,
    },
  },
  product_analytics: {
    curve: 'narrow',
    weights: {
      'tech.product_analytics': 2.5,
      'tech.customer_data_platform': 2,
      'tech.session_replay': 1.25,
      'careers.analytics_roles': 1.5,
      'analytics.instrumentation': 1.5,
      'tech.web_analytics': 1,
    },
  },
  data_strategy_flywheel: {
    curve: 'narrow',
    weights: {
      'data.benchmarks': 2,
      'data.learning_loop': 2,
      'data.personalisation': 1.5,
      'careers.data_roles': 1.5,
      'data.warehouse_export': 1,
    },
  },
  feedback_loop_quality: {
    curve: 'narrow',
    weights: {
      'feedback.closed_loop': 2.5,
      'feedback.public_board': 2,
      'tech.feedback_widget': 1.5,
      'feedback.satisfaction_surveys': 1,
      'feedback.community_forum': 1,
    },
  },
  quality_experimentation: {
    curve: 'narrow',
    weights: {
      'tech.feature_flags': 2,
      'tech.ab_testing': 2,
      'quality.experimentation_practice': 2,
      'quality.staged_rollouts': 1.5,
      'quality.qa_practice': 1,
    },
  },
  team_orchestration: {
    curve: 'broad',
    weights: {
      'careers.product_roles': 2,
      'careers.design_roles': 1.5,
      'careers.ml_roles': 1.5,
      'careers.team_structure': 1.5,
      'careers.careers_page': 1,
    },
  },
  process_iteration: {
    curve: 'narrow',
    weights: {
      'process.public_handbook': 2,
      'process.postmortems': 2,
      'process.retrospectives': 1.5,
      'process.operating_cadence': 1,
      'process.async_culture': 1,
    },
  },
  cost_token_economics: {
    curve: 'narrow',
    weights: {
      'ai.token_pricing': 2.5,
      'ai.usage_credits': 1.5,
      'ai.model_choice': 1.5,
      'ai.spend_controls': 1.5,
      // Having AI features is not managing their cost: alone they lift nothing.
      'ai.features': 0.5,
    },
  },
  trust_security: {
    curve: 'broad',
    weights: {
      'security.soc2': 2.5,
      'security.iso27001': 2,
      'security.trust_center': 1.5,
      'security.disclosure': 1.5,
      'security.enterprise_controls': 1,
      'security.practices': 1,
      'security.regulatory': 1,
      'security.headers': 0.5,
      // Counted, but so little that claims alone never lift the level far.
      'security.vague_claims': 0.25,
    },
  },
  positioning_messaging: {
    curve: 'narrow',
    weights: {
      'positioning.target_audience': 1.5,
      'positioning.category': 1.5,
      'positioning.use_case_pages': 1.5,
      'positioning.quantified_value': 1.5,
      'positioning.headline': 1,
    },
  },
  launch_execution: {
    curve: 'narrow',
    weights: { 'launch.announcements': 2, 'launch.launch_events': 1.5, 'launch.launch_process': 1.5, 'launch.press': 1, 'launch.release_posts': 1 },
  },
  adoption_expansion: {
    curve: 'broad',
    weights: {
      'adoption.self_serve_signup': 2,
      'adoption.free_plan': 1.5,
      'adoption.free_trial': 1.5,
      'adoption.team_expansion': 1.5,
      'adoption.referral': 1,
    },
  },
  pricing_packaging: {
    curve: 'broad',
    weights: {
      'pricing.tiers': 2,
      'pricing.usage_based': 2,
      // A public pricing page is itself the main act of pricing transparency.
      'pricing.public_page': 1.5,
      'pricing.seat_based': 1,
      'pricing.enterprise_plan': 1,
      'pricing.annual_discount': 1,
      'pricing.plan_comparison': 1,
      'pricing.stated_price': 1,
      'pricing.contact_sales': 0.5,
    },
  },
  customer_success: {
    curve: 'broad',
    weights: {
      'support.help_center': 2,
      'support.channels': 1.5,
      'support.response_times': 1.5,
      'support.dedicated_csm': 1.5,
      'support.training': 1.5,
      'tech.support_platform': 1,
    },
  },
};

/**
 * Confidence follows the amount and the diversity of evidence: how many
 * findings counted, from how many distinct signals and pages.
 * high:   at least 4 findings from at least 3 signals on at least 2 pages;
 * medium: at least 2 findings from at least 2 signals or 2 pages;
 * low:    anything less, including no evidence at all.
 */
export const CONFIDENCE_THRESHOLDS = {
  high: { findings: 4, signals: 3, pages: 2 },
  medium: { findings: 2, signalsOrPages: 2 },
} as const;
