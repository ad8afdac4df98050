import { describe, expect, it } from 'vitest';
import type { DimensionScore } from '../result-schema.ts';
import { MAX_QUOTE_LENGTH } from '../signals/quote.ts';
import { applyRefinement } from './apply-refinement.ts';
import { allowedLevels, evidenceCeiling } from './level-band.ts';
import { readRefinementAnswer } from './refinement-answer.ts';
import {
  deterministicDimensions,
  FINDINGS,
  modelAnswer,
  PRICING_URL,
  refinementInput,
  SECURITY_URL,
  SOC2_QUOTE,
  USAGE_QUOTE,
} from '../../../../test/fixtures/refinement-fixture.ts';

const scoreOf = (dimensions: DimensionScore[], id: string) => dimensions.find((d) => d.dimensionId === id)!;

describe('evidenceCeiling', () => {
  it('follows the rubric: no finding -> 1; one bare claim -> 2; one with a figure, or two signals -> 3; three across two pages -> 4', () => {
    const pricing = FINDINGS.filter((f) => f.dimensionId === 'pricing_packaging');
    const bare = (finding: (typeof FINDINGS)[number]) => ({ ...finding, evidence: { kind: 'quote' as const, text: 'Plans for every team' } });
    expect(evidenceCeiling([])).toBe(1);
    expect(evidenceCeiling([bare(pricing[0]!)])).toBe(2);
    expect(evidenceCeiling(pricing.slice(0, 1))).toBe(3);
    expect(evidenceCeiling(pricing.slice(0, 2).map(bare))).toBe(3);
    expect(evidenceCeiling(pricing.map((f) => ({ ...bare(f), url: PRICING_URL })))).toBe(3);
    expect(evidenceCeiling(pricing)).toBe(4);
  });

  it('counts a repeated signal once, but sees it on a second page', () => {
    const tiers = { ...FINDINGS[0]!, evidence: { kind: 'quote' as const, text: 'Plans for every team' } };
    expect(evidenceCeiling([tiers, tiers])).toBe(2);
    expect(evidenceCeiling([tiers, { ...tiers, url: SECURITY_URL }, tiers])).toBe(3);
  });
});

describe('allowedLevels', () => {
  it('allows one step down and up to the evidence ceiling', () => {
    expect(allowedLevels(3, FINDINGS.slice(0, 3), false)).toEqual({ lowest: 2, highest: 4 });
  });

  it('keeps a dimension without findings at level 1', () => {
    expect(allowedLevels(1, [], false)).toEqual({ lowest: 1, highest: 1 });
  });

  it('never rises for a capped dimension', () => {
    expect(allowedLevels(2, FINDINGS.slice(0, 3), true)).toEqual({ lowest: 1, highest: 2 });
  });
});

describe('applyRefinement', () => {
  it('applies a grounded change with a verbatim quote, recomputing the stage name', () => {
    const reasoning = 'Three distinct pricing signals, including metered usage pricing.';
    const { dimensions, rejected } = applyRefinement(
      refinementInput(),
      modelAnswer({ pricing_packaging: { level: 4, reasoning, quote: { text: USAGE_QUOTE, url: PRICING_URL } } }),
    );
    expect(rejected).toEqual([]);
    expect(scoreOf(dimensions, 'pricing_packaging')).toMatchObject({
      score: 4,
      stageName: 'Compounding',
      reasoning,
      evidence: `"${USAGE_QUOTE}" (${PRICING_URL})`,
      confidence: 'medium',
    });
    expect(scoreOf(dimensions, 'market_intelligence').reasoning).toBe('Model reasoning for market_intelligence.');
  });

  it('keeps the detector evidence when no quote is given', () => {
    const { dimensions } = applyRefinement(refinementInput(), modelAnswer({ trust_security: { level: 1 } }));
    const before = scoreOf(deterministicDimensions(), 'trust_security');
    expect(scoreOf(dimensions, 'trust_security')).toMatchObject({ score: 1, stageName: 'Foundation', evidence: before.evidence });
  });

  it('refuses an invented quote and keeps that dimension deterministic', () => {
    const invented = 'We run hundreds of pricing experiments every quarter';
    const { dimensions, rejected } = applyRefinement(
      refinementInput(),
      modelAnswer({ pricing_packaging: { level: 4, quote: { text: invented, url: PRICING_URL } } }),
    );
    expect(rejected).toEqual([{ dimensionId: 'pricing_packaging', reason: 'quote-not-verbatim' }]);
    expect(scoreOf(dimensions, 'pricing_packaging')).toEqual(scoreOf(deterministicDimensions(), 'pricing_packaging'));
  });

  it('refuses a real quote attributed to a page that does not carry it', () => {
    const { rejected } = applyRefinement(refinementInput(), modelAnswer({ trust_security: { quote: { text: SOC2_QUOTE, url: PRICING_URL } } }));
    expect(rejected).toEqual([{ dimensionId: 'trust_security', reason: 'quote-not-verbatim' }]);
  });

  it('keeps "No public evidence" and level 1 for a dimension without findings, even with a real quote from a crawled page', () => {
    const { dimensions, rejected } = applyRefinement(
      refinementInput(),
      modelAnswer({
        market_intelligence: { level: 1, reasoning: 'The pricing page hints at market research.', quote: { text: USAGE_QUOTE, url: PRICING_URL } },
      }),
    );
    expect(rejected).toEqual([{ dimensionId: 'market_intelligence', reason: 'quote-without-findings' }]);
    const kept = scoreOf(dimensions, 'market_intelligence');
    expect(kept).toEqual(scoreOf(deterministicDimensions(), 'market_intelligence'));
    expect(kept.evidence).toBe('No public evidence for Market Intelligence was found on the crawled pages.');
    expect(kept.score).toBe(1);
  });

  it('refuses a quote longer than the evidence bound', () => {
    const long = 'x'.repeat(MAX_QUOTE_LENGTH + 1);
    const input = refinementInput({ pageTexts: new Map([[PRICING_URL, long]]) });
    const { rejected } = applyRefinement(input, modelAnswer({ pricing_packaging: { quote: { text: long, url: PRICING_URL } } }));
    expect(rejected).toEqual([{ dimensionId: 'pricing_packaging', reason: 'quote-too-long' }]);
  });

  it.each([
    ['a dimension without findings rising', 'market_intelligence', 2],
    ['a rise the findings do not support', 'trust_security', 4],
    ['a fall of two steps', 'pricing_packaging', 1],
  ] as const)('refuses %s', (_, dimensionId, level) => {
    const { dimensions, rejected } = applyRefinement(refinementInput(), modelAnswer({ [dimensionId]: { level } }));
    expect(rejected).toEqual([{ dimensionId, reason: 'level-unsupported' }]);
    expect(scoreOf(dimensions, dimensionId)).toEqual(scoreOf(deterministicDimensions(), dimensionId));
  });

  it('refuses a rise of a dimension an anti-pattern capped', () => {
    const input = refinementInput({ cappedBy: { pricing_packaging: 'Pricing hidden behind sales' } });
    const { rejected } = applyRefinement(input, modelAnswer({ pricing_packaging: { level: 4 } }));
    expect(rejected).toEqual([{ dimensionId: 'pricing_packaging', reason: 'level-unsupported' }]);
  });

  it('refuses an empty reasoning', () => {
    const { rejected } = applyRefinement(refinementInput(), modelAnswer({ trust_security: { reasoning: '   ' } }));
    expect(rejected).toEqual([{ dimensionId: 'trust_security', reason: 'reasoning-invalid' }]);
  });
});

describe('readRefinementAnswer', () => {
  it('accepts a complete answer', () => {
    expect(readRefinementAnswer(modelAnswer()).ok).toBe(true);
  });

  it.each([
    ['a level out of range', () => modelAnswer({ trust_security: { level: 5 } })],
    ['a fractional level', () => modelAnswer({ trust_security: { level: 2.5 } })],
    ['an unknown dimension id', () => modelAnswer({ trust_security: { dimensionId: 'vibes' as 'trust_security' } })],
    ['a repeated dimension id', () => modelAnswer({ trust_security: { dimensionId: 'pricing_packaging' } })],
    ['a missing dimension', () => ({ dimensions: modelAnswer().dimensions.slice(1) })],
    ['an extra property', () => ({ ...modelAnswer(), note: 'hi' })],
    ['not an object', () => 'four'],
  ])('refuses %s', (_, answer) => {
    expect(readRefinementAnswer(answer()).ok).toBe(false);
  });
});
