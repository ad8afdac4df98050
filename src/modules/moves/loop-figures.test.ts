import { describe, expect, it } from 'vitest';
import { loopFigures, type FigureMove, type FigureScore } from './loop-figures.ts';

const now = new Date('2026-06-30T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3600_000);

const move = (overrides: Partial<FigureMove>): FigureMove => ({
  productId: 'p1',
  kind: 'linear_issue',
  dimensionId: 'pricing_packaging',
  fromLevel: 2,
  proposedAt: daysAgo(10),
  dispatchedAt: null,
  dismissedAt: null,
  dismissReason: null,
  levelAfter: null,
  ...overrides,
});

describe('the loop figures', () => {
  it('are all zero, and the rate null, with no moves and no scores', () => {
    const figures = loopFigures([], [], now);
    expect(figures).toMatchObject({ movesProposed: 0, movesDispatched: 0, loopsClosed: 0, dimensionsImproved: 0, loopClosureRate: null, pointsPerWeek: 0 });
    expect(figures.movesDismissed.total).toBe(0);
    expect(figures.byKind.map((kind) => kind.kind)).toEqual(['linear_issue', 'github_issue', 'slack_post', 'rescore']);
    expect(figures.from).toBe(daysAgo(30).toISOString());
  });

  it('close a loop when the first score after the dispatch shows the dimension above the level it was proposed from', () => {
    const figures = loopFigures(
      [
        move({ dispatchedAt: daysAgo(9), levelAfter: 3 }),
        // Same level after: measured, not closed.
        move({ dimensionId: 'onboarding', kind: 'github_issue', dispatchedAt: daysAgo(8), levelAfter: 2 }),
        // No score since: not measured yet.
        move({ dimensionId: 'documentation', dispatchedAt: daysAgo(1), levelAfter: null }),
        // A rescore is no work move: counted as dispatched only.
        move({ kind: 'rescore', dimensionId: null, fromLevel: null, dispatchedAt: daysAgo(7) }),
      ],
      [],
      now,
    );
    expect(figures.movesDispatched).toBe(4);
    expect(figures.loopsClosed).toBe(1);
    expect(figures.dimensionsImproved).toBe(1);
    expect(figures.loopClosureRate).toBe(0.5);
    expect(figures.byKind).toEqual([
      { kind: 'linear_issue', dispatched: 2, closed: 1 },
      { kind: 'github_issue', dispatched: 1, closed: 0 },
      { kind: 'slack_post', dispatched: 0, closed: 0 },
      { kind: 'rescore', dispatched: 1, closed: 0 },
    ]);
  });

  it('count two closed moves on the same dimension of a product as one dimension improved', () => {
    const figures = loopFigures([move({ dispatchedAt: daysAgo(20), levelAfter: 3 }), move({ fromLevel: 3, dispatchedAt: daysAgo(5), levelAfter: 4 })], [], now);
    expect(figures.loopsClosed).toBe(2);
    expect(figures.dimensionsImproved).toBe(1);
    expect(figures.loopClosureRate).toBe(1);
  });

  it('leave out what happened before the window, and count dismissals by reason', () => {
    const figures = loopFigures(
      [
        move({ proposedAt: daysAgo(40), dispatchedAt: daysAgo(35), levelAfter: 3 }),
        move({ proposedAt: daysAgo(3), dismissedAt: daysAgo(2), dismissReason: 'wrong_priority' }),
        move({ proposedAt: daysAgo(40), dismissedAt: daysAgo(31), dismissReason: 'not_actionable' }),
      ],
      [],
      now,
    );
    expect(figures.movesProposed).toBe(1);
    expect(figures.movesDispatched).toBe(0);
    expect(figures.loopsClosed).toBe(0);
    expect(figures.movesDismissed.total).toBe(1);
    expect(figures.movesDismissed.byReason).toMatchObject({ wrong_priority: 1, not_actionable: 0, helpful: 0 });
  });

  it('gain points per week from each product latest total minus its earliest in the window, over 30/7 weeks', () => {
    const scores: FigureScore[] = [
      { productId: 'p1', totalScore: 70, createdAt: daysAgo(40) },
      { productId: 'p1', totalScore: 60, createdAt: daysAgo(25) },
      { productId: 'p1', totalScore: 66, createdAt: daysAgo(2) },
      { productId: 'p1', totalScore: 63, createdAt: daysAgo(10) },
      { productId: 'p2', totalScore: 50, createdAt: daysAgo(20) },
      { productId: 'p2', totalScore: 47, createdAt: daysAgo(1) },
      // Scored once: no gain to measure.
      { productId: 'p3', totalScore: 90, createdAt: daysAgo(3) },
    ];
    // (66 - 60) + (47 - 50) = 3 points over 30/7 weeks.
    expect(loopFigures([], scores, now).pointsPerWeek).toBe(0.7);
  });
});
