/**
 * The scores peer benchmarks are computed over (src/modules/benchmarks/),
 * read for the scoring service: each account's latest among the companies'
 * latest full scores in a segment, and one result's segment and levels.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { ScoringResult } from './result-schema.ts';
import { storedResult } from './stored-result.ts';
import { peerAccountScores, scoringResults } from './tables.ts';

/** One company's latest score in a segment: who scored it, its total and its level per dimension. */
export interface CompanyScore {
  resultId: string;
  accountId: string;
  /** What identifies the company: scoring_company_of(url) (migration 0030). */
  company: string;
  totalScore: number;
  /** dimensionId -> level (1 to 4). */
  dimensionScores: Record<string, number>;
  scoredAt: Date;
}

/** A stored result with the segment it was placed in (null: none), and the account that holds it (null: an anonymous one). */
export interface SegmentedResult {
  resultId: string;
  accountId: string | null;
  segment: string | null;
  result: ScoringResult;
}

/**
 * The segment's peer pool before the paid and asker rules: for each account,
 * its latest score among the latest full score of each company in the
 * segment (whoever scored it; a company is its site's host without "www.").
 * Only account-owned results count (an anonymous one has no contributor
 * yet), and only full scores (a quick score carries no segment and never
 * joins). Read from peer_account_scores, which a trigger on scoring_results
 * keeps exact in every writing transaction (migration 0030): as many rows as
 * accounts contributed, however many results the segment holds.
 */
export async function accountLatestScores(db: Database, segment: string): Promise<CompanyScore[]> {
  return db
    .select({
      resultId: peerAccountScores.resultId,
      accountId: peerAccountScores.accountId,
      company: peerAccountScores.company,
      totalScore: peerAccountScores.totalScore,
      dimensionScores: peerAccountScores.dimensionScores,
      scoredAt: peerAccountScores.scoredAt,
    })
    .from(peerAccountScores)
    .where(eq(peerAccountScores.segment, segment));
}

export async function segmentedResult(db: Database, resultId: string): Promise<SegmentedResult | null> {
  const [row] = await db
    .select({ resultId: scoringResults.id, accountId: scoringResults.accountId, segment: scoringResults.segment, result: storedResult })
    .from(scoringResults)
    .where(eq(scoringResults.id, resultId));
  return row ?? null;
}
