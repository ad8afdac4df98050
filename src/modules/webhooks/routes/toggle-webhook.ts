/** POST /api/webhooks/<id>/enable or .../disable (one endpoint per call of the register function); admin and above. */
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { errorResponses } from '../../../http/errors.ts';
import type { WebhookService } from '../webhook-service.ts';
import { webhookNotFound } from './webhook-not-found.ts';
import { webhookJson, WebhookParams, WebhookSchema } from './webhook-schemas.ts';

export function registerToggleWebhook(app: App, deps: { webhooks: WebhookService }, action: 'enable' | 'disable'): void {
  app.post(
    `/api/webhooks/:id/${action}`,
    {
      config: { auth: 'required', permission: 'webhooks:manage' },
      schema: {
        tags: ['Webhooks'],
        summary: action === 'enable' ? 'Enable a webhook endpoint' : 'Disable a webhook endpoint',
        params: WebhookParams,
        response: { 200: WebhookSchema, ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'FORBIDDEN', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const webhook = await deps.webhooks.setEnabled(principal.accountId, request.params.id, action === 'enable');
      if (!webhook) throw webhookNotFound();
      return webhookJson(webhook);
    },
  );
}
