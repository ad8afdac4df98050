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
import { HISTORY_LIMIT } from '../../../modules/scoring/api/score-schemas.ts';
import type { ScoreChange } from '../../../modules/scoring/score-change.ts';
import type { ScoreSummary } from '../../../modules/scoring/scoring-service.ts';
import { functionSummaries } from '../../result-summary.ts';
import type { OverviewSources } from './dashboard-overview.ts';

/**
 * How many of the newest full scores the trend draws. Each point reads its
 * whole result (the function averages are not in the summary), so the chart
 * stays to the scores a reader compares; the table below it lists them all.
 */
export const TREND_LIMIT = 24;

export interface TrendPoint {
  resultId: string;
  createdAt: string;
  totalScore: number;
  functions: { id: ProductFunction; label: string; average: number }[];
}

export interface ProductHistory {
  product: Product;
  /** Newest first, as GET /api/products/<id>/scores lists them. */
  scores: ScoreSummary[];
  /** Full scores only, oldest first: the chart reads left to right. */
  trend: TrendPoint[];
  /** How many of the listed scores are quick ones, which the trend leaves out. */
  quickScores: number;
  /** The score whose change is shown: the one asked for, else the newest; null before the first score. */
  selected: ScoreSummary | null;
  change: ScoreChange | null;
}

/**
 * The product's history, or null when the account has no such product, or
 * the score asked for is not one of this product's: either way the address
 * leads nowhere.
 */
export async function productHistory(
  sources: Pick<OverviewSources, 'products' | 'scoring'>,
  accountId: string,
  productId: string,
  selectedId: string | null,
): Promise<ProductHistory | null> {
  const product = await sources.products.find(accountId, productId);
  if (!product) return null;
  const scores = await sources.scoring.history(accountId, { productId: product.id, limit: HISTORY_LIMIT });
  const selected = selectedId === null ? (scores[0] ?? null) : (scores.find((score) => score.id === selectedId) ?? null);
  if (selectedId !== null && !selected) return null;
  const [trend, change] = await Promise.all([
    trendOf(sources, scores.filter((score) => score.depth === 'full').slice(0, TREND_LIMIT)),
    selected ? sources.scoring.changeOf(accountId, selected.id) : null,
  ]);
  return { product, scores, trend, quickScores: scores.filter((score) => score.depth === 'quick').length, selected, change };
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
