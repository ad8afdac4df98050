/** GET /api/webhooks: the account's endpoints, never their secrets; admin and above. */
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { errorResponses } from '../../../http/errors.ts';
import type { WebhookService } from '../webhook-service.ts';
import { webhookJson, WebhookListSchema } from './webhook-schemas.ts';

export function registerListWebhooks(app: App, deps: { webhooks: WebhookService }): void {
  app.get(
    '/api/webhooks',
    {
      config: { auth: 'required', permission: 'webhooks:manage' },
      schema: {
        tags: ['Webhooks'],
        summary: "List the account's webhook endpoints",
        response: { 200: WebhookListSchema, ...errorResponses('AUTH_REQUIRED', 'FORBIDDEN') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      return { webhooks: (await deps.webhooks.list(principal.accountId)).map(webhookJson) };
    },
  );
}
