/**
 * What a product's history page shows, read through the services the API
 * reads (GET /api/products/<id>/scores, GET /api/scores/<id>/change): its
 * scores newest first, the trend of the newest full scores (each one's total
 * and six function averages), and what changed in the chosen score since the
 * one of the same depth before it. Quick scores stay off the trend: read
 * from six pages, they would draw drops the site never made; the list shows
 * them, labelled.
 */
import type { ProductFunction } from '../../../framework/functions.ts';
import type { Product } from '../../../modules/products/product-service.ts';
import type { ScoreChange } from '../../../modules/scoring/score-change.ts';
import type { ScoreSummary } from '../../../modules/scoring/scoring-service.ts';
import { functionSummaries } from '../../result-summary.ts';
import type { OverviewSources } from './dashboard-overview.ts';

/**
 * How many of the newest full scores the trend draws. Each point reads its
 * whole result (the function averages are not in the summary), so the chart
 * stays to the scores a reader compares; the table below it lists them all,
 * a page at a time.
 */
export const TREND_LIMIT = 24;

/** Scores per page of the table: the page reads these, never the whole history (older pages by a cursor). */
export const HISTORY_PAGE_SIZE = 25;

export interface TrendPoint {
  resultId: string;
  createdAt: string;
  totalScore: number;
  functions: { id: ProductFunction; label: string; average: number }[];
}

export interface ProductHistory {
  product: Product;
  /** This page of the product's scores, newest first, as GET /api/products/<id>/scores lists them. */
  scores: ScoreSummary[];
  /** Each listed score's score of the same depth before it (its move since), by id; absent for a first one. */
  previous: Map<string, ScoreSummary>;
  /** The page's cursor: the score the page lists after (null: the newest page). */
  after: string | null;
  /** The next (older) page's cursor; null when this page holds the oldest score. */
  nextCursor: string | null;
  /** The product's newest score, whatever the page; null before the first score. */
  latest: ScoreSummary | null;
  /** The newest full scores (TREND_LIMIT), oldest first: the chart reads left to right. */
  trend: TrendPoint[];
  /** How many of the listed scores are quick ones, which the trend leaves out. */
  quickScores: number;
  /** The score whose change is shown: the one asked for, else the newest; null before the first score. */
  selected: ScoreSummary | null;
  change: ScoreChange | null;
}

/**
 * The product's history at one page (`after`: the previous page's last
 * score; null for the newest), or null when the account has no such
 * product, or the score asked for is not one of this product's: either way
 * the address leads nowhere. Every read is bounded: the page, the trend's
 * newest full scores, one probe per depth for the move of the page's oldest
 * scores, the selected score.
 */
export async function productHistory(
  sources: Pick<OverviewSources, 'products' | 'scoring'>,
  accountId: string,
  productId: string,
  selectedId: string | null,
  after: string | null = null,
): Promise<ProductHistory | null> {
  const product = await sources.products.find(accountId, productId);
  if (!product) return null;
  const scoring = sources.scoring;
  const [{ scores, nextCursor }, [latest = null], fullScores] = await Promise.all([
    scoring.historyPage(accountId, { productId: product.id, after: after ?? undefined, limit: HISTORY_PAGE_SIZE }),
    scoring.history(accountId, { productId: product.id, limit: 1 }),
    scoring.history(accountId, { productId: product.id, depth: 'full', limit: TREND_LIMIT }),
  ]);
  const selected = await selectedScore(sources, accountId, product.id, scores, latest, selectedId);
  if (selectedId !== null && !selected) return null;
  const [trend, change, previous] = await Promise.all([
    trendOf(sources, fullScores),
    selected ? scoring.changeOf(accountId, selected.id) : null,
    previousScores(sources, accountId, product.id, scores),
  ]);
  return {
    product,
    scores,
    previous,
    after,
    nextCursor,
    latest,
    trend,
    quickScores: scores.filter((score) => score.depth === 'quick').length,
    selected,
    change,
  };
}

/** The score asked for, on this page or not (a link from elsewhere may name an older one), else the newest. */
async function selectedScore(
  sources: Pick<OverviewSources, 'scoring'>,
  accountId: string,
  productId: string,
  page: ScoreSummary[],
  latest: ScoreSummary | null,
  selectedId: string | null,
): Promise<ScoreSummary | null> {
  if (selectedId === null) return latest;
  const listed = page.find((score) => score.id === selectedId);
  if (listed) return listed;
  const [found = null] = await sources.scoring.history(accountId, { productId, id: selectedId, limit: 1 });
  return found;
}

/**
 * Each listed score's score of the same depth before it: on the page for
 * most; for the page's oldest of each depth, one probe of the next page.
 */
async function previousScores(
  sources: Pick<OverviewSources, 'scoring'>,
  accountId: string,
  productId: string,
  page: ScoreSummary[],
): Promise<Map<string, ScoreSummary>> {
  const previous = new Map<string, ScoreSummary>();
  const oldestOfDepth = new Map<string, ScoreSummary>();
  for (const [index, score] of page.entries()) {
    const before = page.slice(index + 1).find((older) => older.depth === score.depth);
    if (before) previous.set(score.id, before);
    else oldestOfDepth.set(score.depth, score);
  }
  await Promise.all(
    [...oldestOfDepth.values()].map(async (score) => {
      const [before] = await sources.scoring.history(accountId, { productId, depth: score.depth, after: score.id, limit: 1 });
      if (before) previous.set(score.id, before);
    }),
  );
  return previous;
}

async function trendOf(sources: Pick<OverviewSources, 'scoring'>, newestFirst: ScoreSummary[]): Promise<TrendPoint[]> {
  const results = await Promise.all(newestFirst.map((score) => sources.scoring.get(score.id)));
  return results
    .flatMap((result) => (result ? [result] : []))
    .map((result) => ({
      resultId: result.id,
      createdAt: result.createdAt,
      totalScore: result.totalScore,
      functions: functionSummaries(result).map(({ id, label, average }) => ({ id, label, average })),
    }))
    .reverse();
}
