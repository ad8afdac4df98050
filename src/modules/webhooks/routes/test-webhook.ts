/** POST /api/webhooks/<id>/test: queues a webhook.test event to the endpoint (202, the queued delivery); admin and above. */
import type { App } from '../../../http/app-types.ts';
import type { AdmissionGate } from '../../metering/admission-gate.ts';
import { rateLimitHeaders, refusalError } from '../../metering/api/refusal-responses.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { errorResponses } from '../../../http/errors.ts';
import type { WebhookDeliveries } from '../webhook-deliveries.ts';
import { deliveryJson, DeliverySchema } from './delivery-schemas.ts';
import { webhookNotFound } from './webhook-not-found.ts';
import { WebhookParams } from './webhook-schemas.ts';

export function registerTestWebhook(app: App, deps: { deliveries: WebhookDeliveries; admissionGate: Pick<AdmissionGate, 'throttle'> }): void {
  app.post(
    '/api/webhooks/:id/test',
    {
      config: { auth: 'required', permission: 'webhooks:manage' },
      schema: {
        tags: ['Webhooks'],
        summary: 'Send a webhook.test event to the endpoint',
        params: WebhookParams,
        response: { 202: DeliverySchema, ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'FORBIDDEN', 'NOT_FOUND', 'SCORING_RATE_LIMITED') },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      // Each one makes the service POST to an address an admin chose: limited per account (issue 24).
      const throttled = await deps.admissionGate.throttle('webhook_send', principal.accountId);
      if (!throttled.ok) throw refusalError(throttled);
      reply.headers(rateLimitHeaders(throttled.rateLimit));
      const delivery = await deps.deliveries.sendTest(principal.accountId, request.params.id);
      if (!delivery) throw webhookNotFound();
      return reply.code(202).send(deliveryJson(delivery));
    },
  );
}
