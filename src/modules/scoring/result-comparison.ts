/**
 * Two results side by side (ours against a competitor's, or now against
 * before): the totals, each function's average and each dimension's level,
 * with the differences, and where each one leads. Pure, so the compare page,
 * the coach and any other reader say the same thing. Unlike what changed
 * between two scores of one product (score-change.ts), any two results may
 * be compared; when their depths differ the comparison says so, since a
 * quick score reads six pages and its levels rest on less.
 */
import { DIMENSIONS, type DimensionId } from '../../framework/dimensions.ts';
import { FUNCTION_LABELS, FUNCTIONS, type ProductFunction } from '../../framework/functions.ts';
import type { ScoringResult } from './result-schema.ts';

export type ComparableResult = Pick<ScoringResult, 'id' | 'url' | 'totalScore' | 'stageName' | 'dimensions' | 'createdAt'> &
  Partial<Pick<ScoringResult, 'companyName' | 'depth'>>;

export interface DimensionComparison {
  dimensionId: DimensionId;
  dimensionName: string;
  function: ProductFunction;
  a: number;
  b: number;
  /** a minus b: positive where the first result leads. */
  delta: number;
}

export interface FunctionComparison {
  function: ProductFunction;
  label: string;
  /** Mean level of the function's dimensions, to one decimal. */
  a: number;
  b: number;
  delta: number;
}

export interface ResultComparison {
  /** a minus b. */
  totalDelta: number;
  functions: FunctionComparison[];
  /** In framework order. */
  dimensions: DimensionComparison[];
  /** Where the first result is higher, largest difference first (ties in framework order). */
  aLeads: DimensionComparison[];
  /** Where the second result is higher, largest difference first. */
  bLeads: DimensionComparison[];
  /** How many dimensions have the same level in both. */
  level: number;
  /** Both scored at the same depth (a quick score against a full one reads far fewer pages). */
  sameDepth: boolean;
  /** Both scored the same site (same host, without www.): the comparison is then now against before. */
  sameSite: boolean;
}

const ORDER = new Map<DimensionId, number>(DIMENSIONS.map((dimension, index) => [dimension.id, index]));
const FUNCTION_OF = new Map<DimensionId, ProductFunction>(DIMENSIONS.map((dimension) => [dimension.id, dimension.function]));

function average(levels: number[]): number {
  return levels.length === 0 ? 0 : Math.round((levels.reduce((sum, level) => sum + level, 0) / levels.length) * 10) / 10;
}

/** A site's host without www., lower case; null for an address that does not parse. */
export function siteOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return null;
  }
}

export function compareResults(a: ComparableResult, b: ComparableResult): ResultComparison {
  const levelsOf = (result: ComparableResult) => new Map(result.dimensions.map((dimension) => [dimension.dimensionId, dimension]));
  const inA = levelsOf(a);
  const inB = levelsOf(b);
  const dimensions: DimensionComparison[] = DIMENSIONS.flatMap((dimension) => {
    const first = inA.get(dimension.id);
    const second = inB.get(dimension.id);
    if (!first || !second) return [];
    return [
      {
        dimensionId: dimension.id,
        dimensionName: first.dimensionName,
        function: dimension.function,
        a: first.score,
        b: second.score,
        delta: first.score - second.score,
      },
    ];
  });
  const functions = FUNCTIONS.map((fn) => {
    const own = dimensions.filter((dimension) => FUNCTION_OF.get(dimension.dimensionId) === fn);
    const first = average(own.map((dimension) => dimension.a));
    const second = average(own.map((dimension) => dimension.b));
    return { function: fn, label: FUNCTION_LABELS[fn], a: first, b: second, delta: Math.round((first - second) * 10) / 10 };
  });
  const byLead = (x: DimensionComparison, y: DimensionComparison) =>
    Math.abs(y.delta) - Math.abs(x.delta) || ORDER.get(x.dimensionId)! - ORDER.get(y.dimensionId)!;
  const sameSiteHost = siteOf(a.url);
  return {
    totalDelta: a.totalScore - b.totalScore,
    functions,
    dimensions,
    aLeads: dimensions.filter((dimension) => dimension.delta > 0).sort(byLead),
    bLeads: dimensions.filter((dimension) => dimension.delta < 0).sort(byLead),
    level: dimensions.filter((dimension) => dimension.delta === 0).length,
    sameDepth: (a.depth ?? 'full') === (b.depth ?? 'full'),
    sameSite: sameSiteHost !== null && sameSiteHost === siteOf(b.url),
  };
}
