/** GET /app/settings/sources: the team's tools, connected or to connect (sources-view.ts). */
import type { App } from '../../../http/app-types.ts';
import type { SourceConnections } from '../../../modules/integrations/source-connections.ts';
import type { ProductService } from '../../../modules/products/product-service.ts';
import type { SignalService } from '../../../modules/signals/signal-service.ts';
import { html } from '../../view.ts';
import { APP_PATHS, sendAppPage } from '../app-layout.ts';
import { appVisit, type AppPageDeps } from '../app-visit.ts';
import { SourcesSettings, type SourcesPageData } from './sources-view.ts';

export function registerSourcesPage(app: App, deps: AppPageDeps & { sources: SourceConnections; signals: SignalService; products: ProductService }): void {
  app.get(APP_PATHS.sources, { config: { auth: 'page' }, schema: { hide: true } }, async (request, reply) => {
    const visit = await appVisit(request, reply, deps);
    if (!visit) return reply;
    const accountId = visit.account.id;
    const manage = visit.may('sources:manage');
    const listed = manage ? await deps.sources.list(accountId) : [];
    const fed = manage
      ? await deps.signals.syncedSummary(
          accountId,
          listed.map(({ connection }) => connection.id),
        )
      : [];
    const products = (await deps.products.list(accountId)).map((product) => ({ id: product.id, name: product.name }));
    const productNames = new Map(products.map((product) => [product.id, product.name]));
    const nameOf = (id: string) => productNames.get(id) ?? 'a removed product';
    const query = request.query as Record<string, string | undefined>;
    const data: SourcesPageData = {
      providers: deps.sources.providers().map((entry) => ({ ...entry, redirectUri: deps.sources.redirectUri(entry.provider) })),
      connections: listed.map(({ connection, scopes }) => ({
        id: connection.id,
        provider: connection.provider,
        externalAccount: connection.externalAccount,
        connectedAt: connection.createdAt,
        lastSyncedAt: connection.lastSyncedAt,
        lastSyncError: connection.lastSyncError,
        scopes: scopes.map((scope) => ({
          productId: scope.productId,
          productName: nameOf(scope.productId),
          resourceId: scope.resourceId,
          resourceName: scope.resourceName,
        })),
        fed: fed
          .filter((entry) => entry.integrationId === connection.id)
          .map((entry) => ({ type: entry.type, count: entry.count, productNames: entry.products.map(nameOf) })),
      })),
      products,
      outcome:
        query.connected || query.error
          ? { connected: Boolean(query.connected), error: query.error?.slice(0, 300) ?? null, provider: query.provider ?? null }
          : null,
    };
    return sendAppPage(reply, deps.settings, visit, {
      title: 'Sources',
      path: APP_PATHS.sources,
      section: 'sources',
      body: html`<${SourcesSettings} visit=${visit} data=${data} />`,
      scripts: ['sources.js'],
      styles: ['settings.css'],
    });
  });
}
