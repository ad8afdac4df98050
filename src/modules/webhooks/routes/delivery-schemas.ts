/** Schemas of a webhook endpoint's delivery log and its JSON form. */
import { Type } from 'typebox';
import type { DeliveryView } from '../webhook-deliveries.ts';

const DateOrNull = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

export const DeliverySchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  webhookId: Type.String({ format: 'uuid' }),
  messageId: Type.String({ description: 'The webhook-id header: one per event, the same across retries and redeliveries.' }),
  eventType: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]),
  attempts: Type.Integer(),
  responseStatus: Type.Union([Type.Integer(), Type.Null()]),
  durationMs: Type.Union([Type.Integer(), Type.Null()]),
  lastError: Type.Union([Type.String(), Type.Null()]),
  nextAttemptAt: DateOrNull,
  deliveredAt: DateOrNull,
  createdAt: Type.String({ format: 'date-time' }),
});

export const DeliveryListSchema = Type.Object({ deliveries: Type.Array(DeliverySchema) });

export const DeliveryParams = Type.Object({ id: Type.String({ format: 'uuid' }), deliveryId: Type.String({ format: 'uuid' }) });

export function deliveryJson(view: DeliveryView) {
  return {
    ...view,
    status: view.status as 'pending' | 'delivered' | 'failed',
    nextAttemptAt: view.nextAttemptAt?.toISOString() ?? null,
    deliveredAt: view.deliveredAt?.toISOString() ?? null,
    createdAt: view.createdAt.toISOString(),
  };
}
