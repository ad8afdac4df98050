/** DELETE /api/webhooks/<id>: removes the endpoint with its delivery log and pending attempts; admin and above. */
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { errorResponses } from '../../../http/errors.ts';
import type { WebhookService } from '../webhook-service.ts';
import { webhookNotFound } from './webhook-not-found.ts';
import { RemovedSchema, WebhookParams } from './webhook-schemas.ts';

export function registerDeleteWebhook(app: App, deps: { webhooks: WebhookService }): void {
  app.delete(
    '/api/webhooks/:id',
    {
      config: { auth: 'required', permission: 'webhooks:manage' },
      schema: {
        tags: ['Webhooks'],
        summary: 'Delete a webhook endpoint',
        params: WebhookParams,
        response: { 200: RemovedSchema, ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'FORBIDDEN', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      if (!(await deps.webhooks.remove(principal.accountId, request.params.id))) throw webhookNotFound();
      return { success: true as const };
    },
  );
}
