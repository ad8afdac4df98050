/** GET /api/webhooks/<id>: one endpoint, never its secret; admin and above. */
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { errorResponses } from '../../../http/errors.ts';
import type { WebhookService } from '../webhook-service.ts';
import { webhookNotFound } from './webhook-not-found.ts';
import { webhookJson, WebhookParams, WebhookSchema } from './webhook-schemas.ts';

export function registerGetWebhook(app: App, deps: { webhooks: WebhookService }): void {
  app.get(
    '/api/webhooks/:id',
    {
      config: { auth: 'required', permission: 'webhooks:manage' },
      schema: {
        tags: ['Webhooks'],
        summary: 'Get a webhook endpoint',
        params: WebhookParams,
        response: { 200: WebhookSchema, ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'FORBIDDEN', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const webhook = await deps.webhooks.find(principal.accountId, request.params.id);
      if (!webhook) throw webhookNotFound();
      return webhookJson(webhook);
    },
  );
}
