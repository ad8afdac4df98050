/** GET /app/settings/webhooks: the account's webhook endpoints and their deliveries (webhooks-view.ts). */
import type { App } from '../../../http/app-types.ts';
import type { WebhookDeliveries } from '../../../modules/webhooks/webhook-deliveries.ts';
import type { WebhookService } from '../../../modules/webhooks/webhook-service.ts';
import { html } from '../../view.ts';
import { APP_PATHS, sendAppPage } from '../app-layout.ts';
import { appVisit, type AppPageDeps } from '../app-visit.ts';
import { DELIVERIES_SHOWN, WebhooksSettings, type WebhookEndpoint } from './webhooks-view.ts';

export function registerWebhooksPage(app: App, deps: AppPageDeps & { webhooks: WebhookService; webhookDeliveries: WebhookDeliveries }): void {
  app.get(APP_PATHS.webhooks, { config: { auth: 'page' }, schema: { hide: true } }, async (request, reply) => {
    const visit = await appVisit(request, reply, deps);
    if (!visit) return reply;
    const accountId = visit.account.id;
    // A member may not list endpoints (GET /api/webhooks answers 403): the page shows them none either.
    const webhooks = visit.may('webhooks:manage') ? await deps.webhooks.list(accountId) : [];
    const endpoints: WebhookEndpoint[] = await Promise.all(
      webhooks.map(async (webhook) => {
        const log = (await deps.webhookDeliveries.list(accountId, webhook.id)) ?? [];
        return { webhook, deliveries: log.slice(0, DELIVERIES_SHOWN), deliveryCount: log.length };
      }),
    );
    return sendAppPage(reply, deps.settings, visit, {
      title: 'Webhooks',
      path: APP_PATHS.webhooks,
      section: 'webhooks',
      body: html`<${WebhooksSettings} visit=${visit} endpoints=${endpoints} />`,
      scripts: ['webhooks.js'],
      styles: ['settings.css'],
    });
  });
}
