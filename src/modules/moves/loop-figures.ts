/**
 * Whether the moves worked (issue 28, item 5), as a pure function of the
 * moves and scores of a 30-day window. Every definition is published in
 * docs/DECISIONS.md ("Moves: the intelligence figures"):
 *
 * - movesProposed, movesDispatched, movesDismissed: moves proposed,
 *   dispatched, dismissed within the window (dismissed: also by reason);
 * - a work move is one with a dimension (an issue or a Slack post, or a
 *   rescore standing in for a product with no tool); a loop is closed when
 *   the dimension's level on the product's first full score after the move
 *   was dispatched is above the level it was proposed from;
 * - loopsClosed: the work moves dispatched in the window whose loop closed;
 *   dimensionsImproved: the distinct (product, dimension) pairs among them;
 * - loopClosureRate: loopsClosed over the work moves dispatched in the
 *   window that have a later full score; null when none has one yet;
 * - pointsPerWeek: per product, its latest full total in the window minus
 *   its earliest, summed over products, over 30/7 weeks;
 * - byKind: per kind, the moves dispatched in the window and the loops they
 *   closed.
 */
import { DISMISS_REASONS, MOVE_KINDS, type DismissReason, type MoveKind } from './tables.ts';

export const LOOP_WINDOW_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface FigureMove {
  productId: string;
  kind: MoveKind;
  dimensionId: string | null;
  fromLevel: number | null;
  proposedAt: Date;
  dispatchedAt: Date | null;
  dismissedAt: Date | null;
  dismissReason: DismissReason | null;
  /** The dimension's level on the product's first full score after the dispatch; null when there is none yet. */
  levelAfter: number | null;
}

export interface FigureScore {
  productId: string;
  totalScore: number;
  createdAt: Date;
}

export interface LoopFigures {
  from: string;
  to: string;
  windowDays: number;
  movesProposed: number;
  movesDispatched: number;
  movesDismissed: { total: number; byReason: Record<DismissReason, number> };
  dimensionsImproved: number;
  loopsClosed: number;
  loopClosureRate: number | null;
  pointsPerWeek: number;
  byKind: { kind: MoveKind; dispatched: number; closed: number }[];
}

const rounded = (value: number) => Math.round(value * 100) / 100;

export function loopFigures(moves: readonly FigureMove[], scores: readonly FigureScore[], now: Date): LoopFigures {
  const from = new Date(now.getTime() - LOOP_WINDOW_DAYS * DAY_MS);
  const within = (at: Date | null): at is Date => at !== null && at >= from && at <= now;
  const dispatched = moves.filter((move) => within(move.dispatchedAt));
  const work = dispatched.filter((move) => move.dimensionId !== null && move.fromLevel !== null);
  const measured = work.filter((move) => move.levelAfter !== null);
  const closed = measured.filter((move) => move.levelAfter! > move.fromLevel!);
  const dismissed = moves.filter((move) => within(move.dismissedAt) && move.dismissReason !== null);
  const byReason = Object.fromEntries(DISMISS_REASONS.map((reason) => [reason, 0])) as Record<DismissReason, number>;
  for (const move of dismissed) byReason[move.dismissReason!] += 1;
  return {
    from: from.toISOString(),
    to: now.toISOString(),
    windowDays: LOOP_WINDOW_DAYS,
    movesProposed: moves.filter((move) => within(move.proposedAt)).length,
    movesDispatched: dispatched.length,
    movesDismissed: { total: dismissed.length, byReason },
    dimensionsImproved: new Set(closed.map((move) => `${move.productId} ${move.dimensionId}`)).size,
    loopsClosed: closed.length,
    loopClosureRate: measured.length === 0 ? null : rounded(closed.length / measured.length),
    pointsPerWeek: rounded(pointsGained(scores.filter((score) => within(score.createdAt))) / (LOOP_WINDOW_DAYS / 7)),
    byKind: MOVE_KINDS.map((kind) => ({
      kind,
      dispatched: dispatched.filter((move) => move.kind === kind).length,
      closed: closed.filter((move) => move.kind === kind).length,
    })),
  };
}

/** Per product, the latest total minus the earliest, summed; a product scored once gained nothing measurable. */
function pointsGained(scores: readonly FigureScore[]): number {
  const span = new Map<string, { earliest: FigureScore; latest: FigureScore }>();
  for (const score of scores) {
    const seen = span.get(score.productId);
    if (!seen) span.set(score.productId, { earliest: score, latest: score });
    else {
      if (score.createdAt < seen.earliest.createdAt) seen.earliest = score;
      if (score.createdAt > seen.latest.createdAt) seen.latest = score;
    }
  }
  let sum = 0;
  for (const { earliest, latest } of span.values()) sum += latest.totalScore - earliest.totalScore;
  return sum;
}
