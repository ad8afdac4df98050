/** Request and response schemas of /api/webhooks. */
import { Type } from 'typebox';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../webhook-events.ts';
import { WEBHOOK_DESCRIPTION_MAX_LENGTH, type WebhookView } from '../webhook-service.ts';

const [first, ...rest] = WEBHOOK_EVENT_TYPES;
// Spelled out per literal so the static type keeps each name (a mapped array would widen it).
const EventType = Type.Union([Type.Literal(first), ...rest.map((type) => Type.Literal(type))] as [
  ReturnType<typeof Type.Literal<WebhookEventType>>,
  ...ReturnType<typeof Type.Literal<WebhookEventType>>[],
]);

export const CreateWebhookBody = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 2048 }),
    events: Type.Array(EventType, { minItems: 1, maxItems: WEBHOOK_EVENT_TYPES.length * 2 }),
    description: Type.Optional(Type.String({ maxLength: WEBHOOK_DESCRIPTION_MAX_LENGTH })),
  },
  { additionalProperties: false },
);

const WebhookFields = {
  id: Type.String({ format: 'uuid' }),
  url: Type.String(),
  events: Type.Array(EventType),
  description: Type.Union([Type.String(), Type.Null()]),
  enabled: Type.Boolean(),
  disabledReason: Type.Union([Type.Literal('manual'), Type.Literal('failing'), Type.Null()], {
    description: "'failing' when deliveries failed for 3 days and the endpoint was disabled.",
  }),
  previousSecretExpiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'While set and in the future, the previous secret signs beside the current one.',
  }),
  createdAt: Type.String({ format: 'date-time' }),
};

export const WebhookSchema = Type.Object(WebhookFields);

export const WebhookWithSecretSchema = Type.Object({
  ...WebhookFields,
  secret: Type.String({ description: 'The signing secret (Standard Webhooks, whsec_...). Shown this once.' }),
});

export const WebhookListSchema = Type.Object({ webhooks: Type.Array(WebhookSchema) });

export const RemovedSchema = Type.Object({ success: Type.Literal(true) });

export { IdParams as WebhookParams } from '../../../http/uuid.ts';

export function webhookJson(view: WebhookView) {
  return {
    id: view.id,
    url: view.url,
    events: view.events,
    description: view.description,
    enabled: view.enabled,
    disabledReason: view.disabledReason as 'manual' | 'failing' | null,
    previousSecretExpiresAt: view.previousSecretExpiresAt?.toISOString() ?? null,
    createdAt: view.createdAt.toISOString(),
  };
}
