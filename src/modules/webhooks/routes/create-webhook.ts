/** POST /api/webhooks: admin and above; the signing secret is in this answer only. */
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import type { WebhookService } from '../webhook-service.ts';
import { MAX_WEBHOOKS_PER_ACCOUNT } from '../webhook-service.ts';
import { CreateWebhookBody, webhookJson, WebhookWithSecretSchema } from './webhook-schemas.ts';

export function registerCreateWebhook(app: App, deps: { webhooks: WebhookService }): void {
  app.post(
    '/api/webhooks',
    {
      config: { auth: 'required', permission: 'webhooks:manage' },
      schema: {
        tags: ['Webhooks'],
        summary: 'Register a webhook endpoint',
        description: 'https only (http only for allowlisted hosts); an address that is or resolves to an internal one is refused with INVALID_URL.',
        body: CreateWebhookBody,
        response: { 201: WebhookWithSecretSchema, ...errorResponses('INVALID_REQUEST', 'INVALID_URL', 'AUTH_REQUIRED', 'FORBIDDEN', 'CONFLICT') },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const created = await deps.webhooks.create(principal.accountId, request.body);
      if (!created.ok) {
        if (created.reason === 'invalid_url') throw new ApiError('INVALID_URL', { message: created.detail });
        throw new ApiError('CONFLICT', { message: `An account can have at most ${MAX_WEBHOOKS_PER_ACCOUNT} webhook endpoints.` });
      }
      reply.header('cache-control', 'no-store');
      return reply.code(201).send({ ...webhookJson(created.webhook), secret: created.webhook.secret });
    },
  );
}
