/** Settings, billing (/app/settings/billing): plan, renewal, upgrade, packs and the billing portal (issue 14, point 4). */
import type { App } from '../../../http/app-types.ts';
import type { UsageReports } from '../../../modules/metering/usage-report.ts';
import { html } from '../../view.ts';
import { APP_PATHS, sendAppPage } from '../app-layout.ts';
import { appVisit, type AppPageDeps } from '../app-visit.ts';
import { BillingPage } from './billing-view.ts';

export interface BillingPageDeps extends AppPageDeps {
  usageReports: UsageReports;
}

export function registerBillingPages(app: App, deps: BillingPageDeps): void {
  app.get(APP_PATHS.billing, { config: { auth: 'page' }, schema: { hide: true } }, async (request, reply) => {
    const visit = await appVisit(request, reply, deps);
    if (!visit) return reply;
    const accountId = visit.principal.accountId;
    const [overview, usage, prices, invoices] = await Promise.all([
      deps.billing.overview(accountId),
      deps.usageReports.forAccount(accountId),
      deps.billing.prices(),
      // Invoices are for those who manage billing, as the API's are.
      visit.may('billing:manage') ? deps.billing.invoices(accountId) : null,
    ]);
    return sendAppPage(reply, deps.settings, visit, {
      title: 'Billing',
      path: APP_PATHS.billing,
      section: 'billing',
      body: html`<${BillingPage} visit=${visit} overview=${overview} packBalance=${usage.scores.packBalance} prices=${prices} invoices=${invoices} />`,
      scripts: ['checkout.js', 'billing.js'],
      styles: ['onboarding.css'],
    });
  });
}
