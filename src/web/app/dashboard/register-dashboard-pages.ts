/** The dashboard (/app) and each product's history (/app/products/<id>) (issue 14, point 1). */
import type { App } from '../../../http/app-types.ts';
import type { DashboardDeps } from './dashboard-deps.ts';
import { registerDashboardPage } from './dashboard-page.ts';
import { registerGoalFormSubmit } from './goal-form-submit.ts';
import { registerGoalRemoveSubmit } from './goal-remove-submit.ts';
import { registerProductHistoryPage } from './product-history-page.ts';
import { registerScheduleFormSubmit } from './schedule-form-submit.ts';

export type { DashboardDeps };

export function registerDashboardPages(app: App, deps: DashboardDeps): void {
  registerDashboardPage(app, deps);
  registerProductHistoryPage(app, deps);
}

/** The product page's goal and cadence forms: registered in the scope that parses form bodies (register-pages.ts). */
export function registerDashboardForms(forms: App, deps: DashboardDeps): void {
  registerGoalFormSubmit(forms, deps);
  registerGoalRemoveSubmit(forms, deps);
  registerScheduleFormSubmit(forms, deps);
}
