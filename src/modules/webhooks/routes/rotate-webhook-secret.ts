/** POST /api/webhooks/<id>/rotate-secret: a new secret, in this answer only; the old one signs beside it for 24 h. Admin and above. */
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { errorResponses } from '../../../http/errors.ts';
import type { WebhookService } from '../webhook-service.ts';
import { webhookNotFound } from './webhook-not-found.ts';
import { webhookJson, WebhookParams, WebhookWithSecretSchema } from './webhook-schemas.ts';

export function registerRotateWebhookSecret(app: App, deps: { webhooks: WebhookService }): void {
  app.post(
    '/api/webhooks/:id/rotate-secret',
    {
      config: { auth: 'required', permission: 'webhooks:manage' },
      schema: {
        tags: ['Webhooks'],
        summary: "Rotate a webhook endpoint's signing secret",
        description: 'The new secret is in this answer only; the previous one keeps signing beside it for 24 hours.',
        params: WebhookParams,
        response: { 200: WebhookWithSecretSchema, ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'FORBIDDEN', 'NOT_FOUND') },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const rotated = await deps.webhooks.rotateSecret(principal.accountId, request.params.id);
      if (!rotated) throw webhookNotFound();
      reply.header('cache-control', 'no-store');
      return { ...webhookJson(rotated), secret: rotated.secret };
    },
  );
}
