/** POST /api/webhooks/<id>/deliveries/<deliveryId>/redeliver: the logged event again, same webhook-id, as a new delivery (202); admin and above. */
import type { App } from '../../../http/app-types.ts';
import type { AdmissionGate } from '../../metering/admission-gate.ts';
import { rateLimitHeaders, refusalError } from '../../metering/api/refusal-responses.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import type { WebhookDeliveries } from '../webhook-deliveries.ts';
import { deliveryJson, DeliveryParams, DeliverySchema } from './delivery-schemas.ts';

export function registerRedeliverWebhook(app: App, deps: { deliveries: WebhookDeliveries; admissionGate: Pick<AdmissionGate, 'throttle'> }): void {
  app.post(
    '/api/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      config: { auth: 'required', permission: 'webhooks:manage' },
      schema: {
        tags: ['Webhooks'],
        summary: 'Send a logged event again',
        params: DeliveryParams,
        response: { 202: DeliverySchema, ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'FORBIDDEN', 'NOT_FOUND', 'SCORING_RATE_LIMITED') },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      // Each one makes the service POST to an address an admin chose: limited per account (issue 24).
      const throttled = await deps.admissionGate.throttle('webhook_send', principal.accountId);
      if (!throttled.ok) throw refusalError(throttled);
      reply.headers(rateLimitHeaders(throttled.rateLimit));
      const delivery = await deps.deliveries.redeliver(principal.accountId, request.params.id, request.params.deliveryId);
      if (!delivery) throw new ApiError('NOT_FOUND', { message: 'No such delivery of this webhook endpoint.' });
      return reply.code(202).send(deliveryJson(delivery));
    },
  );
}
