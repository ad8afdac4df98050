/** GET /api/webhooks/<id>/deliveries: the endpoint's delivery log, newest first (last 100); admin and above. */
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { errorResponses } from '../../../http/errors.ts';
import type { WebhookDeliveries } from '../webhook-deliveries.ts';
import { deliveryJson, DeliveryListSchema } from './delivery-schemas.ts';
import { webhookNotFound } from './webhook-not-found.ts';
import { WebhookParams } from './webhook-schemas.ts';

export function registerListWebhookDeliveries(app: App, deps: { deliveries: WebhookDeliveries }): void {
  app.get(
    '/api/webhooks/:id/deliveries',
    {
      config: { auth: 'required', permission: 'webhooks:manage' },
      schema: {
        tags: ['Webhooks'],
        summary: "A webhook endpoint's delivery log, newest first (last 100)",
        params: WebhookParams,
        response: { 200: DeliveryListSchema, ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'FORBIDDEN', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const deliveries = await deps.deliveries.list(principal.accountId, request.params.id);
      if (!deliveries) throw webhookNotFound();
      return { deliveries: deliveries.map(deliveryJson) };
    },
  );
}
