/**
 * The webhooks API (/api/webhooks...), registered in the order the API
 * document lists it: the endpoints, then their deliveries. One endpoint a
 * file; this only gathers them, so the app's composition root stays short.
 */
import type { App } from '../../../http/app-types.ts';
import type { AdmissionGate } from '../../metering/admission-gate.ts';
import type { WebhookDeliveries } from '../webhook-deliveries.ts';
import type { WebhookService } from '../webhook-service.ts';
import { registerCreateWebhook } from './create-webhook.ts';
import { registerDeleteWebhook } from './delete-webhook.ts';
import { registerGetWebhook } from './get-webhook.ts';
import { registerListWebhookDeliveries } from './list-webhook-deliveries.ts';
import { registerListWebhooks } from './list-webhooks.ts';
import { registerRedeliverWebhook } from './redeliver-webhook.ts';
import { registerRotateWebhookSecret } from './rotate-webhook-secret.ts';
import { registerTestWebhook } from './test-webhook.ts';
import { registerToggleWebhook } from './toggle-webhook.ts';

export function registerWebhookRoutes(app: App, deps: { webhooks: WebhookService; deliveries: WebhookDeliveries; admissionGate: AdmissionGate }): void {
  const { webhooks, deliveries, admissionGate } = deps;
  registerCreateWebhook(app, { webhooks });
  registerListWebhooks(app, { webhooks });
  registerGetWebhook(app, { webhooks });
  registerDeleteWebhook(app, { webhooks });
  registerToggleWebhook(app, { webhooks }, 'enable');
  registerToggleWebhook(app, { webhooks }, 'disable');
  registerRotateWebhookSecret(app, { webhooks });
  registerListWebhookDeliveries(app, { deliveries });
  // Tests and redeliveries share a per-account window: an admin cannot make the service send at will.
  registerRedeliverWebhook(app, { deliveries, admissionGate });
  registerTestWebhook(app, { deliveries, admissionGate });
}
