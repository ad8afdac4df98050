/**
 * An account's results as lists (part of scoring, which owns
 * scoring_results): the history pages show, and the names a coach question
 * may give.
 *
 * Both ask in two steps: which rows first, from the account's index alone,
 * then only the listed fields of those rows. Asked in one statement, a
 * planner without statistics (PGlite gathers them only hourly,
 * db/embedded-statistics.ts) sorted every row of the account with its
 * fields, reading each result document: 11 s at 10k results
 * (docs/BENCHMARKS.md, issue 29).
 */
import { and, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { ScoreDepth } from './result-schema.ts';
import { scoringResults } from './tables.ts';

/** A result by the names it goes by: its address and its company's name. */
export interface ScoreName {
  id: string;
  url: string;
  companyName: string | null;
}

export interface ScoreSummary {
  id: string;
  url: string;
  companyName: string | null;
  totalScore: number;
  stageName: string;
  depth: ScoreDepth;
  /** The pages the score read (its crawlStats.pagesAnalyzed, else how many pages it lists); null when it says neither. */
  pagesAnalyzed: number | null;
  productId: string | null;
  createdAt: string;
}

export interface HistoryQuery {
  productId?: string;
  /** Only the results filed under no product (a bare address, a claimed anonymous score). */
  unfiled?: boolean;
  depth?: ScoreDepth;
  createdFrom?: Date;
  createdBefore?: Date;
  /** Only this result (still within the other filters): how a page finds one score without listing the rest. */
  id?: string;
  /** A result id: only the results listed after it, newest first (the next page). */
  after?: string;
  limit: number;
}

/** The ids (and times) of the account's results the query selects, newest first, as a subquery to read their fields from. */
function resultPage(db: Database, accountId: string, options: HistoryQuery) {
  return db
    .select({ id: scoringResults.id, createdAt: scoringResults.createdAt })
    .from(scoringResults)
    .where(
      and(
        eq(scoringResults.accountId, accountId),
        options.productId ? eq(scoringResults.productId, options.productId) : undefined,
        options.unfiled ? isNull(scoringResults.productId) : undefined,
        options.depth ? eq(scoringResults.depth, options.depth) : undefined,
        options.createdFrom ? gte(scoringResults.createdAt, options.createdFrom) : undefined,
        options.createdBefore ? lt(scoringResults.createdAt, options.createdBefore) : undefined,
        options.id ? eq(scoringResults.id, options.id) : undefined,
        // The cursor's own (created_at, id), read in the database: a timestamp sent through a JavaScript Date
        // would lose its microseconds and repeat or skip rows. A cursor of another account positions nothing.
        options.after
          ? sql`(${scoringResults.createdAt}, ${scoringResults.id}) < (SELECT c.created_at, c.id FROM scoring_results c WHERE c.id = ${options.after} AND c.account_id = ${accountId})`
          : undefined,
      ),
    )
    .orderBy(desc(scoringResults.createdAt), desc(scoringResults.id))
    .limit(options.limit)
    .as('page');
}

/** The account's results the query selects, newest first (ScoringService.history). */
export async function scoreHistory(db: Database, accountId: string, options: HistoryQuery): Promise<ScoreSummary[]> {
  const page = resultPage(db, accountId, options);
  const rows = await db
    .select({
      id: scoringResults.id,
      url: scoringResults.url,
      companyName: sql<string | null>`${scoringResults.result}->>'companyName'`,
      totalScore: sql<number>`(${scoringResults.result}->>'totalScore')::int`,
      stageName: sql<string>`${scoringResults.result}->>'stageName'`,
      depth: scoringResults.depth,
      pagesAnalyzed: sql<
        number | null
      >`coalesce((${scoringResults.result}->'crawlStats'->>'pagesAnalyzed')::int, jsonb_array_length(${scoringResults.result}->'crawledPages'))`,
      productId: scoringResults.productId,
      createdAt: scoringResults.createdAt,
    })
    .from(page)
    .innerJoin(scoringResults, eq(scoringResults.id, page.id))
    .orderBy(desc(page.createdAt), desc(page.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/**
 * The account's newest `limit` results by their address and company name
 * only: asked before every coach answer, it reads nothing a name does not
 * need (on PGlite, 0.8 ms for an account with none against 1.6 ms for the
 * whole summaries, timed without drizzle).
 */
export function scoreNames(db: Database, accountId: string, limit: number): Promise<ScoreName[]> {
  const page = resultPage(db, accountId, { limit });
  return db
    .select({ id: scoringResults.id, url: scoringResults.url, companyName: sql<string | null>`${scoringResults.result}->>'companyName'` })
    .from(page)
    .innerJoin(scoringResults, eq(scoringResults.id, page.id))
    .orderBy(desc(page.createdAt), desc(page.id));
}
