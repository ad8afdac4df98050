/**
 * Peer benchmarks: how a company compares with the others scored in its
 * market segment. The pool is the latest full score of each company placed
 * in the segment, whoever scored it (the scoring service picks it: a company
 * is its site's host). No figure leaves the pool unless at least
 * MINIMUM_CONTRIBUTING_ACCOUNTS distinct accounts made its scores, so no
 * single company, and no single account's view of the market, can be read out.
 * Owns no table: computed from the pool on each request.
 */
import { DIMENSIONS, type DimensionId } from '../../framework/dimensions.ts';
import type { CompanyScore, SegmentedResult } from '../scoring/segment-scores.ts';
import { percentileRank, quartiles, type Quartiles } from './statistics.ts';

/** Fewer contributing accounts than this, and the segment shows nothing (issue 15). */
export const MINIMUM_CONTRIBUTING_ACCOUNTS = 5;

export interface BenchmarkDependencies {
  /** The latest score of each company in the segment (ScoringService.latestCompanyScoresIn). */
  latestCompanyScoresIn(segment: string): Promise<CompanyScore[]>;
  /** A stored result and its segment (ScoringService.segmentedResult). */
  segmentedResult(resultId: string): Promise<SegmentedResult | null>;
}

export type SegmentFigures =
  | { available: false }
  | { available: true; companies: number; total: Quartiles; dimensions: { dimensionId: DimensionId; dimensionName: string; quartiles: Quartiles }[] };

/** A score and its percentile rank within the segment's pool. */
export interface Standing {
  score: number;
  percentile: number;
}

export type ResultStanding =
  | { available: false; reason: 'no_segment' | 'too_few_accounts' }
  | { available: true; companies: number; total: Standing; dimensions: ({ dimensionId: DimensionId } & Standing)[] };

export type StandingOutcome = { ok: true; segment: string | null; standing: ResultStanding } | { ok: false; reason: 'no_result' };

const accountsBehind = (scores: readonly CompanyScore[]) => new Set(scores.map((score) => score.accountId)).size;

/** The pool's scores of one dimension, only when enough accounts rated it (every result rates all 27, unless the framework changes). */
function dimensionPool(pool: readonly CompanyScore[], dimensionId: DimensionId): number[] | null {
  const rated = pool.filter((score) => score.dimensionScores[dimensionId] !== undefined);
  return accountsBehind(rated) >= MINIMUM_CONTRIBUTING_ACCOUNTS ? rated.map((score) => score.dimensionScores[dimensionId]!) : null;
}

export class BenchmarkService {
  readonly #deps: BenchmarkDependencies;

  constructor(deps: BenchmarkDependencies) {
    this.#deps = deps;
  }

  /** The segment's pool, or null while too few accounts contributed to it. */
  async #pool(segment: string): Promise<CompanyScore[] | null> {
    const pool = await this.#deps.latestCompanyScoresIn(segment);
    return accountsBehind(pool) >= MINIMUM_CONTRIBUTING_ACCOUNTS ? pool : null;
  }

  /** The quartiles of the total and of each dimension over the segment's pool. */
  async figures(segment: string): Promise<SegmentFigures> {
    const pool = await this.#pool(segment);
    if (!pool) return { available: false };
    const dimensions = DIMENSIONS.flatMap((dimension) => {
      const values = dimensionPool(pool, dimension.id);
      return values ? [{ dimensionId: dimension.id, dimensionName: dimension.name, quartiles: quartiles(values) }] : [];
    });
    return { available: true, companies: pool.length, total: quartiles(pool.map((score) => score.totalScore)), dimensions };
  }

  /**
   * Where a result stands within the pool of the segment it was placed in:
   * the percentile rank of its total and of each dimension's level. The
   * pool holds the company's own latest score: a result ranks among its
   * segment as the quartiles describe it.
   */
  async standingOf(resultId: string): Promise<StandingOutcome> {
    const stored = await this.#deps.segmentedResult(resultId);
    if (!stored) return { ok: false, reason: 'no_result' };
    const { segment, result } = stored;
    if (segment === null) return { ok: true, segment, standing: { available: false, reason: 'no_segment' } };
    const pool = await this.#pool(segment);
    if (!pool) return { ok: true, segment, standing: { available: false, reason: 'too_few_accounts' } };
    const total = { score: result.totalScore, percentile: percentileRank(pool.map((score) => score.totalScore), result.totalScore) };
    const dimensions = result.dimensions.flatMap(({ dimensionId, score }) => {
      const values = dimensionPool(pool, dimensionId);
      return values ? [{ dimensionId, score, percentile: percentileRank(values, score) }] : [];
    });
    return { ok: true, segment, standing: { available: true, companies: pool.length, total, dimensions } };
  }
}
