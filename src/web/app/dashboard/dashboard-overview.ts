/**
 * What the dashboard (/app) shows of an account, read through the services
 * the API reads: each product with its latest score and the one of the same
 * depth before it (for the move since: a quick score is never measured
 * against a full one), the recent scores made without a product, and the
 * usage report of GET /api/usage.
 */
import type { UsageReport } from '../../../modules/metering/routes/usage-schemas.ts';
import type { UsageReports } from '../../../modules/metering/usage-report.ts';
import type { Product, ProductService } from '../../../modules/products/product-service.ts';
import type { ScoreSummary, ScoringService } from '../../../modules/scoring/scoring-service.ts';

/** How many scores without a product the dashboard lists; the rest stay in GET /api/scores. */
export const RECENT_UNFILED_LIMIT = 10;

export interface ProductOverview {
  product: Product;
  /** Its newest score; null until it is first scored. */
  latest: ScoreSummary | null;
  /** The score of the newest's depth before it, for the move since; null when there is none. */
  previous: ScoreSummary | null;
}

export interface DashboardOverview {
  products: ProductOverview[];
  /** Scores made of a bare address (POST /api/score, a claimed /try score), newest first. */
  unfiled: ScoreSummary[];
  usage: UsageReport;
}

export interface OverviewSources {
  products: ProductService;
  scoring: ScoringService;
  usageReports: UsageReports;
}

export async function dashboardOverview(sources: OverviewSources, accountId: string): Promise<DashboardOverview> {
  const [products, recent, usage] = await Promise.all([
    sources.products.list(accountId),
    // Only the unfiled scores it lists (a partial index holds them, migration 0042): not the account's
    // newest hundred filtered here, which read rows it never shows and missed older unfiled ones.
    sources.scoring.history(accountId, { unfiled: true, limit: RECENT_UNFILED_LIMIT }),
    sources.usageReports.forAccount(accountId),
  ]);
  const overviews = await Promise.all(
    products.map(async (product): Promise<ProductOverview> => {
      const [latest = null] = await sources.scoring.history(accountId, { productId: product.id, limit: 1 });
      if (!latest) return { product, latest, previous: null };
      const [, previous = null] = await sources.scoring.history(accountId, { productId: product.id, depth: latest.depth, limit: 2 });
      return { product, latest, previous };
    }),
  );
  return {
    products: overviews,
    unfiled: recent,
    usage,
  };
}

/** An account with nothing to show yet gets the first-run path instead of empty lists. */
export function isFirstRun(overview: DashboardOverview): boolean {
  return overview.products.length === 0 && overview.unfiled.length === 0;
}

/** Whether a new address becomes a product (with a history) or, with every product slot in use, a one-off score. */
export function mayAddProduct(usage: UsageReport): boolean {
  return usage.products.remaining === null || usage.products.remaining > 0;
}
