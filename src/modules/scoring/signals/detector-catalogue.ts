/**
 * The detector catalogue: every detector family, listed here and nowhere
 * else, with the text rules it reads. What the engine runs, and the trigger
 * words the page index knows, follow from this list alone: nothing registers
 * itself when a module loads. A family's file is named after the signal-id
 * prefix it emits (tech.ts emits tech.*), as its signals are declared, with
 * their dimensions and weights, in src/framework/signal-types.ts.
 */
import type { SignalDetector, TextRule } from './detection-rules.ts';
import { TriggerVocabulary } from './text-index.ts';
import { detectAdoptionSignals, TEXT_RULES as ADOPTION_TEXT_RULES } from './adoption.ts';
import { detectAiSignals, TEXT_RULES as AI_TEXT_RULES } from './ai.ts';
import { detectAnalyticsSignals, TEXT_RULES as ANALYTICS_TEXT_RULES } from './analytics.ts';
import { detectArchSignals, TEXT_RULES as ARCH_TEXT_RULES } from './arch.ts';
import { detectBuildSignals, TEXT_RULES as BUILD_TEXT_RULES } from './build.ts';
import { detectCareersSignals, TEXT_RULES as CAREERS_TEXT_RULES } from './careers.ts';
import { detectChangelogSignals } from './changelog.ts';
import { detectCompareSignals, TEXT_RULES as COMPARE_TEXT_RULES } from './compare.ts';
import { detectCustomersSignals, TEXT_RULES as CUSTOMERS_TEXT_RULES } from './customers.ts';
import { detectDataSignals, TEXT_RULES as DATA_TEXT_RULES } from './data.ts';
import { detectDecisionSignals, TEXT_RULES as DECISION_TEXT_RULES } from './decision.ts';
import { detectDeliverySignals, TEXT_RULES as DELIVERY_TEXT_RULES } from './delivery.ts';
import { detectDesignSignals, TEXT_RULES as DESIGN_TEXT_RULES } from './design.ts';
import { detectDevexSignals, TEXT_RULES as DEVEX_TEXT_RULES } from './devex.ts';
import { detectDocsSignals, TEXT_RULES as DOCS_TEXT_RULES } from './docs.ts';
import { detectFeedbackSignals, TEXT_RULES as FEEDBACK_TEXT_RULES } from './feedback.ts';
import { detectLaunchSignals, TEXT_RULES as LAUNCH_TEXT_RULES } from './launch.ts';
import { detectMarketSignals, TEXT_RULES as MARKET_TEXT_RULES } from './market.ts';
import { detectPositioningSignals, TEXT_RULES as POSITIONING_TEXT_RULES } from './positioning.ts';
import { detectPricingSignals, TEXT_RULES as PRICING_TEXT_RULES } from './pricing.ts';
import { detectProcessSignals, TEXT_RULES as PROCESS_TEXT_RULES } from './process.ts';
import { detectPrototypeSignals, TEXT_RULES as PROTOTYPE_TEXT_RULES } from './prototype.ts';
import { detectQualitySignals, TEXT_RULES as QUALITY_TEXT_RULES } from './quality.ts';
import { detectResearchSignals, TEXT_RULES as RESEARCH_TEXT_RULES } from './research.ts';
import { detectRoadmapSignals, TEXT_RULES as ROADMAP_TEXT_RULES } from './roadmap.ts';
import { detectSecuritySignals, TEXT_RULES as SECURITY_TEXT_RULES } from './security.ts';
import { detectSupportSignals, TEXT_RULES as SUPPORT_TEXT_RULES } from './support.ts';
import { detectTechSignals } from './tech.ts';
import { detectUxSignals, TEXT_RULES as UX_TEXT_RULES } from './ux.ts';

export interface DetectorFamily {
  /** The signal-id prefix the family emits, and its file's name. */
  source: string;
  detect: SignalDetector;
  /** The family's phrase rules (detectByTextRules); empty when it reads only markup, links or dates. */
  textRules: readonly TextRule[];
}

/** In the framework's dimension order, for the reader: detect-signals.ts sorts the findings, so the order changes nothing. */
export const DETECTOR_FAMILIES: readonly DetectorFamily[] = [
  { source: 'market', detect: detectMarketSignals, textRules: MARKET_TEXT_RULES },
  { source: 'decision', detect: detectDecisionSignals, textRules: DECISION_TEXT_RULES },
  { source: 'roadmap', detect: detectRoadmapSignals, textRules: ROADMAP_TEXT_RULES },
  { source: 'compare', detect: detectCompareSignals, textRules: COMPARE_TEXT_RULES },
  { source: 'research', detect: detectResearchSignals, textRules: RESEARCH_TEXT_RULES },
  { source: 'prototype', detect: detectPrototypeSignals, textRules: PROTOTYPE_TEXT_RULES },
  { source: 'ux', detect: detectUxSignals, textRules: UX_TEXT_RULES },
  { source: 'design', detect: detectDesignSignals, textRules: DESIGN_TEXT_RULES },
  { source: 'arch', detect: detectArchSignals, textRules: ARCH_TEXT_RULES },
  { source: 'docs', detect: detectDocsSignals, textRules: DOCS_TEXT_RULES },
  { source: 'build', detect: detectBuildSignals, textRules: BUILD_TEXT_RULES },
  { source: 'changelog', detect: detectChangelogSignals, textRules: [] },
  { source: 'delivery', detect: detectDeliverySignals, textRules: DELIVERY_TEXT_RULES },
  { source: 'devex', detect: detectDevexSignals, textRules: DEVEX_TEXT_RULES },
  { source: 'customers', detect: detectCustomersSignals, textRules: CUSTOMERS_TEXT_RULES },
  { source: 'tech', detect: detectTechSignals, textRules: [] },
  { source: 'analytics', detect: detectAnalyticsSignals, textRules: ANALYTICS_TEXT_RULES },
  { source: 'data', detect: detectDataSignals, textRules: DATA_TEXT_RULES },
  { source: 'feedback', detect: detectFeedbackSignals, textRules: FEEDBACK_TEXT_RULES },
  { source: 'quality', detect: detectQualitySignals, textRules: QUALITY_TEXT_RULES },
  { source: 'careers', detect: detectCareersSignals, textRules: CAREERS_TEXT_RULES },
  { source: 'process', detect: detectProcessSignals, textRules: PROCESS_TEXT_RULES },
  { source: 'ai', detect: detectAiSignals, textRules: AI_TEXT_RULES },
  { source: 'security', detect: detectSecuritySignals, textRules: SECURITY_TEXT_RULES },
  { source: 'positioning', detect: detectPositioningSignals, textRules: POSITIONING_TEXT_RULES },
  { source: 'launch', detect: detectLaunchSignals, textRules: LAUNCH_TEXT_RULES },
  { source: 'adoption', detect: detectAdoptionSignals, textRules: ADOPTION_TEXT_RULES },
  { source: 'pricing', detect: detectPricingSignals, textRules: PRICING_TEXT_RULES },
  { source: 'support', detect: detectSupportSignals, textRules: SUPPORT_TEXT_RULES },
];

/** Every text rule of every family, in the families' order. */
export const TEXT_RULES: readonly TextRule[] = DETECTOR_FAMILIES.flatMap((family) => family.textRules);

/** The trigger words of every text rule, compiled once for the page index. */
export const TRIGGER_VOCABULARY = new TriggerVocabulary(TEXT_RULES.flatMap((rule) => rule.words));
