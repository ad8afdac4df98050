import { describe, expect, it } from 'vitest';
import { DIMENSION_IDS, type DimensionId } from '../../src/framework/dimensions.ts';
import { agreementBy, agreementOf, averageRanks, functionAverages, quadraticWeightedKappa, spearman, type LevelPair } from './agreement-metrics.ts';

const pair = (company: string, dimensionId: DimensionId, scorer: number, label: number): LevelPair => ({ company, dimensionId, scorer, label });

describe('spearman', () => {
  it('gives tied values the average of the ranks they span', () => {
    expect(averageRanks([3, 1, 3, 2])).toEqual([3.5, 1, 3.5, 2]);
  });

  it('is the Pearson correlation of average ranks when there are ties (not the 1 - 6 sum d^2 shortcut, 0.95 here)', () => {
    expect(spearman([1, 2, 2, 3], [10, 20, 30, 40])).toBeCloseTo(3 / Math.sqrt(10), 12);
  });

  it('is 1 for the same order, -1 for the reverse, NaN when one side has no spread', () => {
    expect(spearman([70, 51, 45], [61, 50, 40])).toBe(1);
    expect(spearman([1, 2, 3], [3, 2, 1])).toBe(-1);
    expect(spearman([1, 2, 3], [5, 5, 5])).toBeNaN();
  });
});

describe('agreement', () => {
  const pairs = [
    pair('a', 'market_intelligence', 1, 1),
    pair('a', 'decision_quality', 2, 1),
    pair('b', 'market_intelligence', 4, 2),
    pair('b', 'decision_quality', 3, 3),
  ];

  it('counts exact and within-one pairs and the mean signed difference', () => {
    expect(agreementOf(pairs)).toEqual({ pairs: 4, exact: 2, withinOne: 3, exactShare: 0.5, withinOneShare: 0.75, meanSignedDifference: 0.75 });
  });

  it('groups by company or dimension', () => {
    const byDimension = agreementBy(pairs, (p) => p.dimensionId);
    expect(byDimension.get('market_intelligence')).toMatchObject({ pairs: 2, exact: 1, withinOne: 1, meanSignedDifference: 1 });
    expect(agreementBy(pairs, (p) => p.company).get('a')).toMatchObject({ pairs: 2, exact: 1, withinOne: 2 });
  });

  it('is all zero with no pairs', () => {
    expect(agreementOf([])).toMatchObject({ exactShare: 0, withinOneShare: 0, meanSignedDifference: 0 });
  });
});

describe('functionAverages', () => {
  it("averages each function's dimension levels to 2 decimals", () => {
    const levels = Object.fromEntries(DIMENSION_IDS.map((id) => [id, 1])) as Record<DimensionId, number>;
    levels.market_intelligence = 4;
    levels.architecture_systems = 2;
    expect(functionAverages(levels)).toEqual({ strategy: 1.75, design: 1, development: 1.2, intelligence: 1, operations: 1, gtm: 1 });
  });
});

describe('quadratic weighted kappa', () => {
  const levels = (scorer: number[], label: number[]) => scorer.map((s, i) => ({ scorer: s, label: label[i]! }));

  it('is 1 when every level agrees', () => {
    expect(quadraticWeightedKappa(levels([1, 2, 3, 4], [1, 2, 3, 4]))).toBe(1);
  });

  it('is 0 when the scorer ignores the label (the same level distribution either way)', () => {
    // Scorer levels independent of label levels: observed equals the chance expectation.
    expect(quadraticWeightedKappa(levels([1, 2, 1, 2], [1, 1, 2, 2]))).toBeCloseTo(0, 12);
  });

  it('weighs a miss of two levels four times a miss of one (worked by hand)', () => {
    // Observed disagreements: (2, 1) off by one (w = 1/9), (3, 1) off by two (w = 4/9); n = 4.
    const pairs = levels([1, 2, 3, 4], [1, 1, 1, 4]);
    const observed = (1 / 9 + 4 / 9) / 4;
    // Chance: scorer totals are 1 at each level, label totals 3 at level 1 and 1 at level 4.
    const expected = [1, 2, 3, 4].reduce((sum, s) => sum + ((s - 1) ** 2 / 9) * (3 / 4) + ((s - 4) ** 2 / 9) * (1 / 4), 0) / 4;
    expect(quadraticWeightedKappa(pairs)).toBeCloseTo(1 - observed / expected, 12);
  });

  it('is NaN without pairs, and refuses a level outside 1..4', () => {
    expect(quadraticWeightedKappa([])).toBeNaN();
    expect(() => quadraticWeightedKappa([{ scorer: 5, label: 1 }])).toThrow(RangeError);
  });
});
