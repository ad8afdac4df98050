/**
 * The billing API: checkout, the provider's portal, cancelling and keeping
 * the subscription, the invoices, and the provider's webhook. One endpoint a
 * file; this only gathers them, so the app's composition root stays short.
 */
import type { Clock } from '../../../clock.ts';
import type { App } from '../../../http/app-types.ts';
import type { BillingService } from '../billing-service.ts';
import { registerBillingPortal } from './billing-portal.ts';
import { registerCancelSubscription } from './cancel-subscription.ts';
import { registerCheckout } from './checkout.ts';
import { registerListInvoices } from './list-invoices.ts';
import { registerPaymentWebhook } from './payment-webhook.ts';
import { registerResumeSubscription } from './resume-subscription.ts';

export function registerBillingRoutes(app: App, deps: { billing: BillingService; webhookSecrets: readonly string[]; clock: Clock }): void {
  const { billing } = deps;
  registerCheckout(app, { billing });
  registerBillingPortal(app, { billing });
  registerCancelSubscription(app, { billing });
  registerResumeSubscription(app, { billing });
  registerListInvoices(app, { billing });
  registerPaymentWebhook(app, deps);
}
