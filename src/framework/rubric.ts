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
 * Worked example (pricing_packaging, broad curve 1 / 3 / 6.5):
 *    tiers on the pricing page (2 x 1.0)                         = 2.0
 *  + usage-based pricing on the pricing page (2 x 1.0)           = 2.0
 *  + usage-based pricing repeated on the docs page (2 x 1.0 x .5) = 1.0
 *  + annual discount (1 x 1.0)                                   = 1.0
 *  + enterprise plan (1 x 1.0)                                   = 1.0
 *  = 7.0 points from 4 distinct signals -> 7.0 >= 6.5 and 4 >= 3 -> level 4.
 *  Without the enterprise plan: 6.0 points -> level 3.
 */
import type { DimensionId } from './dimensions.ts';
import { SIGNAL_CATALOGUE, type SignalId } from './signal-types.ts';

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
  /** The signals this dimension expects, with their weights, in catalogue order: read from the signal catalogue. */
  weights: Partial<Record<SignalId, number>>;
}

/**
 * Each dimension's curve. The signals and their weights are not restated here:
 * each signal's entry in the catalogue (signal-types.ts) names its dimension
 * and weight.
 */
export const DIMENSION_CURVES: Record<DimensionId, CurveName> = {
  market_intelligence: 'narrow',
  decision_quality: 'narrow',
  roadmap_discipline: 'narrow',
  competitive_positioning: 'narrow',
  research_discovery: 'narrow',
  prototyping_speed: 'narrow',
  experience_design: 'broad',
  design_dev_handoff: 'narrow',
  architecture_systems: 'broad',
  spec_context_quality: 'broad',
  build_vs_buy: 'narrow',
  // Narrow: a site shows delivery in one or two places (a changelog or release posts, a stated rhythm).
  delivery_velocity: 'narrow',
  developer_ecosystem: 'broad',
  customer_signal_synthesis: 'broad',
  product_analytics: 'narrow',
  data_strategy_flywheel: 'narrow',
  feedback_loop_quality: 'narrow',
  quality_experimentation: 'narrow',
  team_orchestration: 'broad',
  process_iteration: 'narrow',
  cost_token_economics: 'narrow',
  trust_security: 'broad',
  positioning_messaging: 'narrow',
  launch_execution: 'narrow',
  adoption_expansion: 'broad',
  pricing_packaging: 'broad',
  customer_success: 'broad',
};

function rubricFor(dimensionId: DimensionId): DimensionRubric {
  const weights: Partial<Record<SignalId, number>> = {};
  for (const entry of SIGNAL_CATALOGUE) if (entry.dimensionId === dimensionId) weights[entry.id] = entry.weight;
  return { curve: DIMENSION_CURVES[dimensionId], weights };
}

/** Each dimension's curve and weighted signals, assembled from DIMENSION_CURVES and the signal catalogue. */
export const RUBRIC = Object.fromEntries(
  (Object.keys(DIMENSION_CURVES) as DimensionId[]).map((dimensionId) => [dimensionId, rubricFor(dimensionId)]),
) as Record<DimensionId, DimensionRubric>;

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
