/**
 * Peer benchmarks: how a company compares with the others scored in its
 * market segment. Owns no table: computed on each request from the pool,
 * which the scoring module keeps as results are stored (one row per
 * contributing account, so a request costs the same at any number of results).
 *
 * The pool (issue 24, item 5), so that no figure can be read out of it or
 * steered by whoever asks:
 * - it starts from the latest full score of each company placed in the
 *   segment, whoever scored it (the scoring service picks it: a company is
 *   its site's host);
 * - only accounts on a paid plan contribute: a Free account can be made for
 *   nothing, in bulk, to surround someone else's score with chosen ones;
 * - each account contributes one score, its latest there: an account that
 *   scored many companies counts once, so moving its score moves a quartile
 *   at most as far as the scores of the accounts on either side of it;
 * - the asking account never contributes, nor, for a result's standing, the
 *   account that holds the result: nobody is compared with themselves, and
 *   nobody's own scores count toward the accounts the figures need;
 * - no figure leaves it unless at least MINIMUM_CONTRIBUTING_ACCOUNTS
 *   accounts remain.
 */
import { DIMENSIONS, type DimensionId } from '../../framework/dimensions.ts';
import type { CompanyScore, SegmentedResult } from '../scoring/segment-scores.ts';
import { percentileRank, quartiles, type Quartiles } from './statistics.ts';

/** Fewer contributing accounts than this, and the segment shows nothing (issue 15). */
export const MINIMUM_CONTRIBUTING_ACCOUNTS = 5;

export interface BenchmarkDependencies {
  /** Each account's latest among the latest score of each company in the segment (ScoringService.accountLatestScoresIn): one per account, read from an aggregate kept as results are stored. */
  accountLatestScoresIn(segment: string): Promise<CompanyScore[]>;
  /** A stored result, its account and its segment (ScoringService.segmentedResult). */
  segmentedResult(resultId: string): Promise<SegmentedResult | null>;
  /** Which of these accounts are on a paid plan (BillingService.paidAmong). */
  paidAmong(accountIds: readonly string[]): Promise<Set<string>>;
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

/** A result's standing and its segment's figures, from one pool. */
export type ComparisonOutcome = { ok: true; segment: string | null; standing: ResultStanding; figures: SegmentFigures } | { ok: false; reason: 'no_result' };

/** The pool's scores of one dimension, only when enough accounts rated it (every result rates all 27, unless the framework changes). */
function dimensionPool(pool: readonly CompanyScore[], dimensionId: DimensionId): number[] | null {
  const rated = pool.filter((score) => score.dimensionScores[dimensionId] !== undefined);
  return rated.length >= MINIMUM_CONTRIBUTING_ACCOUNTS ? rated.map((score) => score.dimensionScores[dimensionId]!) : null;
}

function figuresOf(pool: readonly CompanyScore[]): SegmentFigures {
  const dimensions = DIMENSIONS.flatMap((dimension) => {
    const values = dimensionPool(pool, dimension.id);
    return values ? [{ dimensionId: dimension.id, dimensionName: dimension.name, quartiles: quartiles(values) }] : [];
  });
  return { available: true, companies: pool.length, total: quartiles(pool.map((score) => score.totalScore)), dimensions };
}

export class BenchmarkService {
  readonly #deps: BenchmarkDependencies;

  constructor(deps: BenchmarkDependencies) {
    this.#deps = deps;
  }

  /**
   * The segment's pool without the `excluded` accounts: one score per paid
   * account (its latest there), or null while fewer than the minimum remain.
   */
  async #pool(segment: string, excluded: ReadonlySet<string>): Promise<CompanyScore[] | null> {
    const candidates = (await this.#deps.accountLatestScoresIn(segment)).filter((score) => !excluded.has(score.accountId));
    const paid = await this.#deps.paidAmong([...new Set(candidates.map((score) => score.accountId))]);
    const latestByAccount = new Map<string, CompanyScore>();
    for (const score of candidates) {
      if (!paid.has(score.accountId)) continue;
      const kept = latestByAccount.get(score.accountId);
      if (!kept || score.scoredAt > kept.scoredAt || (score.scoredAt.getTime() === kept.scoredAt.getTime() && score.resultId > kept.resultId)) {
        latestByAccount.set(score.accountId, score);
      }
    }
    const pool = [...latestByAccount.values()];
    return pool.length >= MINIMUM_CONTRIBUTING_ACCOUNTS ? pool : null;
  }

  /** The quartiles of the total and of each dimension over the segment's pool, as `askingAccountId` may see them. */
  async figures(segment: string, askingAccountId: string | null): Promise<SegmentFigures> {
    const pool = await this.#pool(segment, new Set(askingAccountId ? [askingAccountId] : []));
    return pool ? figuresOf(pool) : { available: false };
  }

  /**
   * Where a result stands within the pool of the segment it was placed in
   * (the percentile rank of its total and of each dimension's level), and
   * the segment's figures from the same pool. The pool leaves out the
   * result's own account and the asking one.
   */
  async comparisonOf(resultId: string, askingAccountId: string | null): Promise<ComparisonOutcome> {
    const stored = await this.#deps.segmentedResult(resultId);
    if (!stored) return { ok: false, reason: 'no_result' };
    const { segment, result } = stored;
    if (segment === null) return { ok: true, segment, standing: { available: false, reason: 'no_segment' }, figures: { available: false } };
    const excluded = new Set([stored.accountId, askingAccountId].filter((id): id is string => id !== null));
    const pool = await this.#pool(segment, excluded);
    if (!pool) return { ok: true, segment, standing: { available: false, reason: 'too_few_accounts' }, figures: { available: false } };
    const total = {
      score: result.totalScore,
      percentile: percentileRank(
        pool.map((score) => score.totalScore),
        result.totalScore,
      ),
    };
    const dimensions = result.dimensions.flatMap(({ dimensionId, score }) => {
      const values = dimensionPool(pool, dimensionId);
      return values ? [{ dimensionId, score, percentile: percentileRank(values, score) }] : [];
    });
    return { ok: true, segment, standing: { available: true, companies: pool.length, total, dimensions }, figures: figuresOf(pool) };
  }

  /** A result's standing alone (comparisonOf without the figures). */
  async standingOf(resultId: string, askingAccountId: string | null): Promise<StandingOutcome> {
    const outcome = await this.comparisonOf(resultId, askingAccountId);
    return outcome.ok ? { ok: true, segment: outcome.segment, standing: outcome.standing } : outcome;
  }
}
