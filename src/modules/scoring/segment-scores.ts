/**
 * The scores peer benchmarks are computed over (src/modules/benchmarks/),
 * read from scoring_results for the scoring service: the latest full score
 * of each company placed in a segment, and one result's segment and levels.
 */
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { ScoringResult } from './result-schema.ts';
import { storedResult } from './stored-result.ts';
import { scoringResults } from './tables.ts';

/** One company's latest score in a segment: who scored it, its total and its level per dimension. */
export interface CompanyScore {
  resultId: string;
  accountId: string;
  /** What identifies the company: companyOf(url). */
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
 * What identifies a company: the scored address's host (name and any
 * non-default port), in lower case, without a leading "www.". Written with
 * literals only, so the DISTINCT ON and the ORDER BY that must repeat it
 * render the same SQL.
 */
const companyOf = sql<string>`regexp_replace(substring(lower(${scoringResults.url}) from ${sql.raw(`'^[a-z][a-z0-9+.-]*://([^/?#]+)'`)}), ${sql.raw(`'^www[.]'`)}, '')`;

/** A result's levels as one object (dimensionId -> score), built in the database rather than shipping every evidence text. */
const dimensionScoresOf = sql<Record<string, number>>`(
  SELECT coalesce(jsonb_object_agg(d ->> 'dimensionId', (d ->> 'score')::int), '{}'::jsonb)
  FROM jsonb_array_elements(${scoringResults.result} -> 'dimensions') AS d)`;

/**
 * The latest score of each company in the segment, whoever scored it. Only
 * account-owned results count (an anonymous one has no contributor yet) and
 * only full scores carry a segment (POST /api/score, /api/score/product,
 * /api/try-score); the depth is checked as well, so a quick score never joins.
 */
export async function latestCompanyScores(db: Database, segment: string): Promise<CompanyScore[]> {
  const rows = await db
    .selectDistinctOn([companyOf], {
      resultId: scoringResults.id,
      accountId: scoringResults.accountId,
      company: companyOf,
      totalScore: sql<number>`(${scoringResults.result} ->> 'totalScore')::int`,
      dimensionScores: dimensionScoresOf,
      scoredAt: scoringResults.createdAt,
    })
    .from(scoringResults)
    .where(and(eq(scoringResults.segment, segment), eq(scoringResults.depth, 'full'), isNotNull(scoringResults.accountId)))
    .orderBy(companyOf, desc(scoringResults.createdAt), desc(scoringResults.id));
  return rows.map((row) => ({ ...row, accountId: row.accountId! }));
}

export async function segmentedResult(db: Database, resultId: string): Promise<SegmentedResult | null> {
  const [row] = await db
    .select({ resultId: scoringResults.id, accountId: scoringResults.accountId, segment: scoringResults.segment, result: storedResult })
    .from(scoringResults)
    .where(eq(scoringResults.id, resultId));
  return row ?? null;
}
