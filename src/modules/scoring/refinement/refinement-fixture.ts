/**
 * A small hand-built refinement input for the tests: two crawled pages, a few
 * findings with verbatim quotes, and deterministic scores that are level 1
 * with no evidence except where the findings are. Test-only.
 */
import { DIMENSIONS, DIMENSION_IDS, type DimensionId } from '../../../framework/dimensions.ts';
import { stageForLevel } from '../../../framework/tiers.ts';
import type { Finding } from '../artifacts.ts';
import type { DimensionScore } from '../result-schema.ts';
import type { DimensionRefinement, RefinementAnswer } from './refinement-answer.ts';
import type { RefinementInput } from './refinement-input.ts';

export const PRICING_URL = 'https://acme.example/pricing';
export const SECURITY_URL = 'https://acme.example/security';

export const TIERS_QUOTE = 'Starter $29 per month';
export const USAGE_QUOTE = 'Pay as you go: $0.002 per event above your plan';
export const ANNUAL_QUOTE = 'Annual billing saves 20%';
export const SOC2_QUOTE = 'We are SOC 2 Type II audited every year';

const PAGE_TEXTS = new Map([
  [PRICING_URL, ['Pricing', TIERS_QUOTE, 'Growth $99 per month', USAGE_QUOTE, ANNUAL_QUOTE].join('\n')],
  [SECURITY_URL, ['Security at Acme', 'All data is encrypted in transit and at rest', SOC2_QUOTE].join('\n')],
]);

const quote = (signal: string, dimensionId: DimensionId, text: string, url: string): Finding => ({
  signal,
  dimensionId,
  strength: 1,
  evidence: { kind: 'quote', text },
  url,
});

/** pricing_packaging: three distinct signals (enough for level 4); trust_security: one (enough for level 2). */
export const FINDINGS: Finding[] = [
  quote('pricing.tiers', 'pricing_packaging', TIERS_QUOTE, PRICING_URL),
  quote('pricing.usage_based', 'pricing_packaging', USAGE_QUOTE, PRICING_URL),
  quote('pricing.annual_discount', 'pricing_packaging', ANNUAL_QUOTE, PRICING_URL),
  quote('security.soc2', 'trust_security', SOC2_QUOTE, SECURITY_URL),
];

const DETERMINISTIC_LEVELS: Partial<Record<DimensionId, number>> = { pricing_packaging: 3, trust_security: 2 };

export function deterministicDimensions(): DimensionScore[] {
  return DIMENSIONS.map((dimension) => {
    const level = DETERMINISTIC_LEVELS[dimension.id] ?? 1;
    const finding = FINDINGS.find((f) => f.dimensionId === dimension.id);
    return {
      dimensionId: dimension.id,
      dimensionName: dimension.name,
      score: level,
      stageName: stageForLevel(level),
      evidence: finding ? `"${finding.evidence.text}" (${finding.url})` : `No public evidence for ${dimension.name} was found on the crawled pages.`,
      confidence: finding ? 'medium' : 'low',
      reasoning: `Engine reasoning for ${dimension.id}.`,
    };
  });
}

export function refinementInput(overrides: Partial<RefinementInput> = {}): RefinementInput {
  return {
    companyName: 'Acme',
    context: 'We sell usage-based billing software to finance teams.',
    dimensions: deterministicDimensions(),
    findings: FINDINGS,
    pageTexts: PAGE_TEXTS,
    ...overrides,
  };
}

/** A model answer that keeps every deterministic level, with the given dimensions changed. */
export function modelAnswer(changes: Partial<Record<DimensionId, Partial<DimensionRefinement>>> = {}): RefinementAnswer {
  return {
    dimensions: DIMENSION_IDS.map((dimensionId) => ({
      dimensionId,
      level: DETERMINISTIC_LEVELS[dimensionId] ?? 1,
      reasoning: `Model reasoning for ${dimensionId}.`,
      quote: null,
      ...changes[dimensionId],
    })),
  };
}
