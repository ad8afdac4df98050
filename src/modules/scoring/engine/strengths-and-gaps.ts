/**
 * Strengths and gaps: the top and bottom three dimensions.
 *
 * Strengths rank by score (descending), then points (descending: more
 * evidence within the same level ranks higher), then the framework's
 * dimension order (earlier first); only scores of 2 or more qualify.
 * Gaps rank by score (ascending), then points (ascending), then the same
 * framework order (earlier first); only scores of 3 or less qualify, and a
 * strength is never also a gap. So a site at level 1 everywhere has no
 * strengths, and a site at level 4 everywhere has no gaps.
 */
import { DIMENSION_IDS, type DimensionId } from '../../../framework/dimensions.ts';

const RANKED_DIMENSIONS = 3;
const MIN_STRENGTH_LEVEL = 2;
const MAX_GAP_LEVEL = 3;

export interface RankedDimension {
  dimensionId: DimensionId;
  score: number;
  points: number;
}

const frameworkOrder = new Map<DimensionId, number>(DIMENSION_IDS.map((id, index) => [id, index]));
const byFrameworkOrder = (a: RankedDimension, b: RankedDimension) => frameworkOrder.get(a.dimensionId)! - frameworkOrder.get(b.dimensionId)!;

export function strengthsAndGaps(dimensions: readonly RankedDimension[]): { strengths: DimensionId[]; gaps: DimensionId[] } {
  const strengths = dimensions
    .filter((d) => d.score >= MIN_STRENGTH_LEVEL)
    .sort((a, b) => b.score - a.score || b.points - a.points || byFrameworkOrder(a, b))
    .slice(0, RANKED_DIMENSIONS)
    .map((d) => d.dimensionId);
  const gaps = dimensions
    .filter((d) => d.score <= MAX_GAP_LEVEL && !strengths.includes(d.dimensionId))
    .sort((a, b) => a.score - b.score || a.points - b.points || byFrameworkOrder(a, b))
    .slice(0, RANKED_DIMENSIONS)
    .map((d) => d.dimensionId);
  return { strengths, gaps };
}
