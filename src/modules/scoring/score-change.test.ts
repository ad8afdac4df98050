/** What changed between two scores: the total's difference and the dimensions that moved, largest move first. */
import { describe, expect, it } from 'vitest';
import { fixtureResult } from '../../../test/fixtures/coach-result.ts';
import { changeSentence } from '../lifecycle-mail/weekly-digest-mail.ts';
import { describeDelta, scoreChange } from './score-change.ts';

const before = { ...fixtureResult(), id: '00000000-0000-4000-8000-000000000001', createdAt: '2026-03-02T10:00:00.000Z' };

describe('scoreChange', () => {
  it('has no previous score, delta or moves for a first score', () => {
    expect(scoreChange(null, before)).toEqual({ resultId: before.id, depth: 'full', previous: null, totalDelta: null, stageChanged: false, moved: [] });
  });

  it('never compares a quick score with a full one: a quick score after a full one reports no drop', () => {
    // A quick score reads six pages: the same site lands lower than its full score did.
    const quick = {
      ...fixtureResult({ depth: 'quick', levels: { market_intelligence: 1, pricing_packaging: 1, decision_quality: 1 } }),
      id: '00000000-0000-4000-8000-000000000004',
    };
    expect(quick.totalScore).toBeLessThan(before.totalScore);
    const change = scoreChange(before, quick);
    expect(change).toEqual({ resultId: quick.id, depth: 'quick', previous: null, totalDelta: null, stageChanged: false, moved: [] });
    expect(changeSentence(change)).toBe('The first quick score of this product: not compared with full scores.');
    // And the other way: a full score after a quick one is not a rise.
    expect(scoreChange(quick, { ...before, id: '00000000-0000-4000-8000-000000000005' }).previous).toBeNull();
  });

  it('compares a quick score with the quick score before it, and says so', () => {
    const earlier = { ...fixtureResult({ depth: 'quick' }), id: '00000000-0000-4000-8000-000000000006', createdAt: '2026-03-02T10:00:00.000Z' };
    const later = { ...fixtureResult({ depth: 'quick', levels: { pricing_packaging: 4 } }), id: '00000000-0000-4000-8000-000000000007' };
    const change = scoreChange(earlier, later);
    expect(change.depth).toBe('quick');
    expect(change.previous?.id).toBe(earlier.id);
    expect(changeSentence(change)).toMatch(/^Up \d+ since the quick score of 2026-03-02 \(/);
  });

  it('lists the dimensions that moved, largest first, then in framework order', () => {
    const after = {
      ...fixtureResult({ levels: { market_intelligence: 3, pricing_packaging: 4, decision_quality: 1 } }),
      id: '00000000-0000-4000-8000-000000000002',
    };
    const pricingBefore = before.dimensions.find((d) => d.dimensionId === 'pricing_packaging')!.score;
    const change = scoreChange(before, after);
    expect(change.resultId).toBe(after.id);
    expect(change.previous).toEqual({ id: before.id, totalScore: before.totalScore, stageName: before.stageName, createdAt: before.createdAt });
    expect(change.totalDelta).toBe(after.totalScore - before.totalScore);
    // decision_quality stays at Acme's 1: not a move.
    expect(change.moved.map((move) => [move.dimensionId, move.from, move.to])).toEqual([
      ['pricing_packaging', pricingBefore, 4],
      ['market_intelligence', 2, 3],
    ]);
    expect(change.moved[0]!.dimensionName).toBe('Pricing & Packaging');
  });

  it('says unchanged when nothing moved', () => {
    const change = scoreChange(before, { ...before, id: '00000000-0000-4000-8000-000000000003' });
    expect(change.totalDelta).toBe(0);
    expect(change.stageChanged).toBe(false);
    expect(change.moved).toEqual([]);
    expect(changeSentence(change)).toBe(`Unchanged since 2026-03-02 (${before.totalScore}, ${before.stageName}); no dimension moved.`);
  });

  it('describes a delta in words', () => {
    expect([describeDelta(3), describeDelta(-2), describeDelta(0)]).toEqual(['up 3', 'down 2', 'unchanged']);
  });
});
