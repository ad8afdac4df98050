/**
 * What changed between two scores of the same product (or, without one, the
 * same address) and of the same depth: the total's difference and the
 * dimensions that moved. Pure, so the weekly digest, the dashboard and the
 * API say the same thing. A quick score is never compared with a full one:
 * it reads six pages, so the difference would be the crawl's, not the site's.
 */
import type { DimensionId } from '../../framework/dimensions.ts';
import type { ScoreDepth, ScoringResult } from './result-schema.ts';

export interface DimensionMove {
  dimensionId: DimensionId;
  dimensionName: string;
  from: number;
  to: number;
}

export interface ScoreChange {
  resultId: string;
  /** The depth of this score, and of the one it is compared with. */
  depth: ScoreDepth;
  /** The score this one is compared with; null when it is the first of its depth. */
  previous: { id: string; totalScore: number; stageName: string; createdAt: string } | null;
  /** This total minus the previous one; null when there is no previous score. */
  totalDelta: number | null;
  stageChanged: boolean;
  /** The dimensions whose score differs, largest move first, then in framework order. */
  moved: DimensionMove[];
}

type Comparable = Pick<ScoringResult, 'id' | 'totalScore' | 'stageName' | 'depth' | 'dimensions' | 'createdAt'>;

/** `current` against `previous`; a previous score of another depth counts as none. */
export function scoreChange(previous: Comparable | null, current: Comparable): ScoreChange {
  if (!previous || previous.depth !== current.depth) {
    return { resultId: current.id, depth: current.depth, previous: null, totalDelta: null, stageChanged: false, moved: [] };
  }
  const before = new Map(previous.dimensions.map((dimension) => [dimension.dimensionId, dimension.score]));
  const moved = current.dimensions.flatMap((dimension, order) => {
    const from = before.get(dimension.dimensionId);
    return from === undefined || from === dimension.score
      ? []
      : [{ move: { dimensionId: dimension.dimensionId, dimensionName: dimension.dimensionName, from, to: dimension.score }, order }];
  });
  moved.sort((a, b) => Math.abs(b.move.to - b.move.from) - Math.abs(a.move.to - a.move.from) || a.order - b.order);
  return {
    resultId: current.id,
    depth: current.depth,
    previous: { id: previous.id, totalScore: previous.totalScore, stageName: previous.stageName, createdAt: previous.createdAt },
    totalDelta: current.totalScore - previous.totalScore,
    stageChanged: current.stageName !== previous.stageName,
    moved: moved.map((entry) => entry.move),
  };
}

/** "up 3", "down 2" or "unchanged", for sentences about a total. */
export function describeDelta(delta: number): string {
  if (delta === 0) return 'unchanged';
  return delta > 0 ? `up ${delta}` : `down ${-delta}`;
}
