/** What the dashboard's pages read: the app pages' common services, and products, scores and usage. */
import type { UsageReports } from '../../../modules/metering/usage-report.ts';
import type { ProductService } from '../../../modules/products/product-service.ts';
import type { ScoringService } from '../../../modules/scoring/scoring-service.ts';
import type { AppPageDeps } from '../app-visit.ts';

export interface DashboardDeps extends AppPageDeps {
  scoring: ScoringService;
  products: ProductService;
  usageReports: UsageReports;
}
