/** The dashboard (/app) and each product's history (/app/products/<id>) (issue 14, point 1). */
import type { App } from '../../../http/app-types.ts';
import type { DashboardDeps } from './dashboard-deps.ts';
import { registerDashboardPage } from './dashboard-page.ts';
import { registerProductHistoryPage } from './product-history-page.ts';

export type { DashboardDeps };

export function registerDashboardPages(app: App, deps: DashboardDeps): void {
  registerDashboardPage(app, deps);
  registerProductHistoryPage(app, deps);
}
