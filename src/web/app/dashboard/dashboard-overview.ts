/**
 * What the dashboard (/app) shows of an account, read through the services
 * the API reads: each product with its latest score and the one of the same
 * depth before it (for the move since: a quick score is never measured
 * against a full one) and its newest measured signals (issue 27), the
 * recent scores made without a product, and the usage report of
 * GET /api/usage.
 */
import type { UsageReport } from '../../../modules/metering/routes/usage-schemas.ts';
import type { UsageReports } from '../../../modules/metering/usage-report.ts';
import type { Product, ProductService } from '../../../modules/products/product-service.ts';
import type { ScoreSummary, ScoringService } from '../../../modules/scoring/scoring-service.ts';
import type { SignalRow, SignalService } from '../../../modules/signals/signal-service.ts';
import { MEASURED_SIGNAL_TYPES } from '../../../framework/measured-signals.ts';
import type { Goal, GoalService } from '../../../modules/outcomes/goal-service.ts';
import type { Schedule, ScheduleService } from '../../../modules/outcomes/schedule-service.ts';

/** How many measured signals a product's card names, newest first; the rest stay in GET /api/signals. */
export const MEASURED_ON_CARD_LIMIT = 5;

/** How many scores without a product the dashboard lists; the rest stay in GET /api/scores. */
export const RECENT_UNFILED_LIMIT = 10;

export interface ProductOverview {
  product: Product;
  /** Its newest score; null until it is first scored. */
  latest: ScoreSummary | null;
  /** The score of the newest's depth before it, for the move since; null when there is none. */
  previous: ScoreSummary | null;
  /** Its newest measured value of each signal type and scope (a repository, a team), newest first; pushed ones without a product count for every product. */
  measured: SignalRow[];
  /** Its goals with their progress, soonest due first, and its rescoring cadence (issue 28). */
  goals: Goal[];
  schedule: Schedule;
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
  signals: Pick<SignalService, 'latestForProduct'>;
  goals: Pick<GoalService, 'list'>;
  schedules: Pick<ScheduleService, 'get'>;
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
      const [[latest = null], measuredNow, goals, schedule] = await Promise.all([
        sources.scoring.history(accountId, { productId: product.id, limit: 1 }),
        sources.signals.latestForProduct(accountId, product.id),
        sources.goals.list(accountId, product.id),
        sources.schedules.get(accountId, product.id),
      ]);
      const measured = [...measuredNow].sort(byCardOrder).slice(0, MEASURED_ON_CARD_LIMIT);
      if (!latest) return { product, latest, previous: null, measured, goals, schedule };
      const [, previous = null] = await sources.scoring.history(accountId, { productId: product.id, depth: latest.depth, limit: 2 });
      return { product, latest, previous, measured, goals, schedule };
    }),
  );
  return {
    products: overviews,
    unfiled: recent,
    usage,
  };
}

/**
 * A card names a few signals: the newest day first, and within a day (a sync
 * stores all its values at once) those that feed a level before the counts
 * behind them, in the catalogue's order (cycle time before review time...).
 */
function byCardOrder(a: SignalRow, b: SignalRow): number {
  const rank = (row: SignalRow) => {
    const index = MEASURED_SIGNAL_TYPES.findIndex((entry) => entry.type === row.type);
    if (index < 0) return 2 * MEASURED_SIGNAL_TYPES.length;
    return MEASURED_SIGNAL_TYPES[index]!.bands ? index : MEASURED_SIGNAL_TYPES.length + index;
  };
  const dayOf = (row: SignalRow) => row.observedAt.toISOString().slice(0, 10);
  return dayOf(b).localeCompare(dayOf(a)) || rank(a) - rank(b) || a.type.localeCompare(b.type) || (a.scope ?? '').localeCompare(b.scope ?? '');
}

/** An account with nothing to show yet gets the first-run path instead of empty lists. */
export function isFirstRun(overview: DashboardOverview): boolean {
  return overview.products.length === 0 && overview.unfiled.length === 0;
}

/** Whether a new address becomes a product (with a history) or, with every product slot in use, a one-off score. */
export function mayAddProduct(usage: UsageReport): boolean {
  return usage.products.remaining === null || usage.products.remaining > 0;
}
