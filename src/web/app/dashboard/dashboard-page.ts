/** GET /app: the signed-in account's dashboard (its products and their latest scores, scoring, usage). */
import type { App } from '../../../http/app-types.ts';
import { peerComparisons } from '../../components/peer-comparison.ts';
import { html } from '../../view.ts';
import { APP_PATHS, sendAppPage } from '../app-layout.ts';
import { appVisit } from '../app-visit.ts';
import { dashboardOverview } from './dashboard-overview.ts';
import { DashboardView } from './dashboard-view.ts';
import type { DashboardDeps } from './dashboard-deps.ts';

const DASHBOARD_PATH = APP_PATHS.dashboard;

export function registerDashboardPage(app: App, deps: DashboardDeps): void {
  app.get(DASHBOARD_PATH, { config: { auth: 'page' }, schema: { hide: true } }, async (request, reply) => {
    const visit = await appVisit(request, reply, deps);
    if (!visit) return reply;
    const overview = await dashboardOverview(deps, visit.account.id);
    const latestIds = overview.products.flatMap(({ latest }) => (latest ? [latest.id] : []));
    const peers = await peerComparisons(deps.benchmarks, latestIds);
    return sendAppPage(reply, deps.settings, visit, {
      title: 'Dashboard',
      path: DASHBOARD_PATH,
      section: 'dashboard',
      body: html`<${DashboardView} overview=${overview} peers=${peers} accountName=${visit.account.name} mayManageBilling=${visit.may('billing:manage')} />`,
      scripts: ['dashboard.js'],
      styles: ['dashboard.css'],
    });
  });
}
