/** GET /app/settings/api-keys: the API keys page (api-keys-view.ts). */
import type { App } from '../../../http/app-types.ts';
import type { ApiKeyService } from '../../../modules/api-keys/api-key-service.ts';
import { includesApiAccess } from '../../../vocabulary/plans.ts';
import { html } from '../../view.ts';
import { APP_PATHS, sendAppPage } from '../app-layout.ts';
import { appVisit, type AppPageDeps } from '../app-visit.ts';
import { ApiKeysSettings } from './api-keys-view.ts';

export function registerApiKeysPage(app: App, deps: AppPageDeps & { apiKeys: ApiKeyService }): void {
  app.get(APP_PATHS.apiKeys, { config: { auth: 'page' }, schema: { hide: true } }, async (request, reply) => {
    const visit = await appVisit(request, reply, deps);
    if (!visit) return reply;
    const accountId = visit.account.id;
    const [entitlement, keys] = await Promise.all([
      deps.billing.entitlementOf(accountId),
      // A member may not list keys (GET /api/keys answers 403): the page shows them none either.
      visit.may('api_keys:manage') ? deps.apiKeys.list(accountId) : Promise.resolve([]),
    ]);
    const state = { keys, apiAccess: includesApiAccess(entitlement.limits), plan: entitlement.plan };
    return sendAppPage(reply, deps.settings, visit, {
      title: 'API keys',
      path: APP_PATHS.apiKeys,
      section: 'apiKeys',
      body: html`<${ApiKeysSettings} visit=${visit} state=${state} />`,
      scripts: ['settings.js'],
      styles: ['settings.css'],
    });
  });
}
