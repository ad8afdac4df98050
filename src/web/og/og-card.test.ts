import { describe, expect, it } from 'vitest';
import { DIMENSIONS } from '../../framework/dimensions.ts';
import { FUNCTION_LABELS, FUNCTIONS, type ProductFunction } from '../../framework/functions.ts';
import { stageForLevel } from '../../framework/tiers.ts';
import type { ScoringResult } from '../../modules/scoring/result-schema.ts';
import { BAR_TRACK_WIDTH, barWidth, CARD_COLOURS, genericCard, resultCard, resultCardFacts, type CardChild, type CardElement } from './og-card.ts';

/** One level per function: every dimension of the function scores it. */
const LEVELS: Record<ProductFunction, number> = { strategy: 4, design: 3, development: 2, intelligence: 1, operations: 3, gtm: 2 };

function resultWith(levels: Record<ProductFunction, number>, overrides: Partial<ScoringResult> = {}): ScoringResult {
  const dimensions = DIMENSIONS.map((dimension) => ({
    dimensionId: dimension.id,
    dimensionName: dimension.name,
    score: levels[dimension.function],
    stageName: stageForLevel(levels[dimension.function]),
    evidence: 'Not stated on the site.',
    confidence: 'low' as const,
    reasoning: 'Hand-built for the card test.',
  }));
  return {
    id: '0b7f1a9e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
    url: 'https://burrowly.example/',
    companyName: 'Burrowly',
    totalScore: dimensions.reduce((sum, dimension) => sum + dimension.score, 0),
    stageName: 'Scaling',
    depth: 'full',
    dimensions,
    strengths: [],
    gaps: [],
    crawlStats: { pagesAnalyzed: 18, contentLength: 90_000 },
    createdAt: '2026-11-20T12:00:00.000Z',
    ...overrides,
  };
}

const childrenOf = (element: CardElement): CardChild[] => [element.props.children ?? []].flat();
const texts = (element: CardElement): string[] => childrenOf(element).flatMap((child) => (typeof child === 'string' ? [child] : texts(child)));
const boxes = (element: CardElement): CardElement[] => [element, ...childrenOf(element).flatMap((child) => (typeof child === 'string' ? [] : boxes(child)))];
const accentBars = (element: CardElement) =>
  boxes(element).filter((box) => box.props.style.backgroundColor === CARD_COLOURS.accent && box.props.style.height === 18);

describe('the result card', () => {
  const result = resultWith(LEVELS);
  const facts = resultCardFacts(result);
  const card = resultCard(facts);

  it('averages each function over its own dimensions, in the framework order', () => {
    expect(facts.functions.map((entry) => entry.function)).toEqual([...FUNCTIONS]);
    expect(facts.functions.map((entry) => entry.averageLevel)).toEqual(FUNCTIONS.map((productFunction) => LEVELS[productFunction]));
    const mixed = resultCardFacts({
      ...result,
      // Strategy's four dimensions at 1, 2, 3 and 4: average 2.5.
      dimensions: result.dimensions.map((dimension) =>
        dimension.dimensionId === 'market_intelligence'
          ? { ...dimension, score: 1 }
          : dimension.dimensionId === 'decision_quality'
            ? { ...dimension, score: 2 }
            : dimension.dimensionId === 'roadmap_discipline'
              ? { ...dimension, score: 3 }
              : dimension,
      ),
    });
    expect(DIMENSIONS.filter((dimension) => dimension.function === 'strategy').map((dimension) => dimension.id)).toEqual([
      'market_intelligence',
      'decision_quality',
      'roadmap_discipline',
      'competitive_positioning',
    ]);
    expect(mixed.functions[0]!.averageLevel).toBe(2.5);
  });

  it('shows the company, the total out of the framework maximum (27 × 4 = 108), the tier, the date and the product name', () => {
    const words = texts(card);
    expect(words).toEqual(expect.arrayContaining(['Burrowly', String(result.totalScore), '/ 108', 'Scaling', '20 November 2026', 'Maturity Scoring']));
  });

  it('draws six bars, one per function with its label, each as wide as its average over 4', () => {
    expect(texts(card)).toEqual(expect.arrayContaining(FUNCTIONS.map((productFunction) => FUNCTION_LABELS[productFunction])));
    const widths = accentBars(card).map((bar) => bar.props.style.width);
    expect(widths).toEqual(FUNCTIONS.map((productFunction) => (LEVELS[productFunction] / 4) * BAR_TRACK_WIDTH));
    expect(barWidth(2.5)).toBe(Math.round(BAR_TRACK_WIDTH * 0.625));
  });

  it('names the site by its host when the result has no company name', () => {
    expect(resultCardFacts(resultWith(LEVELS, { companyName: undefined })).companyName).toBe('burrowly.example');
    expect(resultCardFacts(resultWith(LEVELS, { companyName: '  ' })).companyName).toBe('burrowly.example');
  });

  it('labels a quick score with the pages it read, and a full one not at all', () => {
    const quick = resultCard(resultCardFacts(resultWith(LEVELS, { depth: 'quick', crawlStats: { pagesAnalyzed: 6, contentLength: 30_000 } })));
    expect(texts(quick)).toContain('Quick score: 6 pages read');
    expect(texts(card).some((words) => /quick/i.test(words))).toBe(false);
    expect(resultCardFacts(result).quickScore).toBeNull();
  });

  it('lays out boxes satori accepts: every box with children says display flex (block only around text alone)', () => {
    const quick = resultCard(resultCardFacts(resultWith(LEVELS, { depth: 'quick' })));
    for (const box of [...boxes(card), ...boxes(quick), ...boxes(genericCard())]) {
      if (box.props.children === undefined) continue;
      expect(box.props.style.display).toEqual(typeof box.props.children === 'string' ? expect.stringMatching(/^(flex|block)$/) : 'flex');
    }
  });
});

describe('the generic card', () => {
  it("states the product's promise and names no company", () => {
    const words = texts(genericCard());
    expect(words).toEqual(['How mature is your product?', '27 dimensions, evidence quoted from your own site.', 'Maturity Scoring']);
  });
});
