import { describe, expect, it } from 'vitest';
import { fixtureResult } from '../../../test/fixtures/coach-result.ts';
import { compareResults, siteOf } from './result-comparison.ts';

const ours = { ...fixtureResult(), id: 'a', url: 'https://www.acme.example/', companyName: 'Acme' };
const theirs = {
  ...fixtureResult({ levels: { pricing_packaging: 4, market_intelligence: 4, feedback_loop_quality: 3, prototyping_speed: 1 } }),
  id: 'b',
  url: 'https://rival.example/',
  companyName: 'Rival',
};

describe('compareResults', () => {
  it('gives the totals, every dimension and function side by side, and where each leads, largest difference first', () => {
    const comparison = compareResults(ours, theirs);
    expect(comparison.totalDelta).toBe(ours.totalScore - theirs.totalScore);
    expect(comparison.dimensions).toHaveLength(27);
    expect(comparison.dimensions[0]).toMatchObject({ dimensionId: 'market_intelligence', function: 'strategy', a: 2, b: 4, delta: -2 });
    expect(comparison.aLeads.map((d) => [d.dimensionId, d.delta])).toEqual([['prototyping_speed', 2]]);
    expect(comparison.bLeads.map((d) => d.dimensionId)).toEqual(['pricing_packaging', 'market_intelligence', 'feedback_loop_quality']);
    expect(comparison.level).toBe(23);
    const strategy = comparison.functions.find((f) => f.function === 'strategy')!;
    expect(strategy.delta).toBe(Math.round((strategy.a - strategy.b) * 10) / 10);
    expect(comparison.functions).toHaveLength(6);
    expect(comparison.sameSite).toBe(false);
    expect(comparison.sameDepth).toBe(true);
  });

  it('knows now against before on one site, and a quick score against a full one', () => {
    const before = { ...fixtureResult({ depth: 'quick' }), id: 'c', url: 'https://acme.example/pricing' };
    const comparison = compareResults(ours, before);
    expect(comparison.sameSite).toBe(true);
    expect(comparison.sameDepth).toBe(false);
    expect(comparison.totalDelta).toBe(0);
    expect(comparison.level).toBe(27);
    expect(siteOf('not a url')).toBeNull();
  });
});
