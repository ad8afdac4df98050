import { describe, expect, it } from 'vitest';
import { DIMENSION_IDS, type DimensionId } from '../../../framework/dimensions.ts';
import { strengthsAndGaps, type RankedDimension } from './strengths-and-gaps.ts';

const all = (score: (id: DimensionId, index: number) => number, points: (id: DimensionId, index: number) => number = () => 0): RankedDimension[] =>
  DIMENSION_IDS.map((dimensionId, index) => ({ dimensionId, score: score(dimensionId, index), points: points(dimensionId, index) }));

describe('strengthsAndGaps', () => {
  it('ranks by score, then points, then framework order', () => {
    const dims = all(
      (id) => (id === 'pricing_packaging' || id === 'trust_security' || id === 'delivery_velocity' ? 4 : id === 'decision_quality' ? 1 : 2),
      (id) => (id === 'trust_security' ? 9 : id === 'pricing_packaging' ? 7 : id === 'delivery_velocity' ? 7 : id === 'customer_success' ? 0 : 1.5),
    );
    const { strengths, gaps } = strengthsAndGaps(dims);
    // delivery_velocity and pricing_packaging tie on score and points: the earlier in the framework wins.
    expect(strengths).toEqual(['trust_security', 'delivery_velocity', 'pricing_packaging']);
    // decision_quality is the only level 1; then customer_success has the fewest points at level 2; then framework order.
    expect(gaps).toEqual(['decision_quality', 'customer_success', 'market_intelligence']);
  });

  it('never names one dimension as both, and leaves them empty where nothing qualifies', () => {
    expect(strengthsAndGaps(all(() => 1))).toEqual({ strengths: [], gaps: ['market_intelligence', 'decision_quality', 'roadmap_discipline'] });
    expect(strengthsAndGaps(all(() => 4))).toEqual({ strengths: ['market_intelligence', 'decision_quality', 'roadmap_discipline'], gaps: [] });
    const mixed = strengthsAndGaps(all((_, i) => (i < 2 ? 3 : 4)));
    expect(mixed.strengths).toEqual(['roadmap_discipline', 'competitive_positioning', 'research_discovery']);
    expect(mixed.gaps).toEqual(['market_intelligence', 'decision_quality']);
  });
});
