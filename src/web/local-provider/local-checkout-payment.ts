/**
 * "Pay" on the local provider's checkout page (no STRIPE_SECRET_KEY): the
 * server signs a checkout.session.completed and POSTs it to its own webhook
 * endpoint over HTTP, the same code path a provider delivery takes, then
 * sends the buyer to the success address.
 */
import type { App } from '../../http/app-types.ts';
import { page } from '../html.ts';
import { hasValidCsrfToken } from '../csrf.ts';
import { completedCheckoutEvent, decodeLocalCheckout, LOCAL_CHECKOUT_PATH } from '../../modules/billing/local-checkout-session.ts';
import { documented, htmlPage, PayForm, SESSION_EXPIRED_PAGE, type LocalCheckoutDeps } from './local-checkout-common.ts';
import { deliverToOwnWebhook } from './own-webhook-delivery.ts';
import type { BillingService } from '../../modules/billing/billing-service.ts';

/** What paying answers, for the API document (`pageResponses`, http/app-types.ts). */
const PAY_RESPONSES = {
  303: { type: 'null', description: "Paid: redirects to the checkout's success address.", headers: { location: { type: 'string' } } },
  403: htmlPage("The form's CSRF token is missing or does not match its cookie."),
  404: htmlPage('The checkout session is unknown or has expired.'),
  502: htmlPage('Our own webhook did not accept the payment event; nothing was charged.'),
};

export function registerLocalCheckoutPayment(app: App, deps: LocalCheckoutDeps & { billing: BillingService }): void {
  app.post(
    LOCAL_CHECKOUT_PATH,
    {
      config: { auth: 'public', pageResponses: PAY_RESPONSES },
      schema: { ...documented('pay, delivering a signed checkout.session.completed to our own webhook'), body: PayForm },
    },
    async (request, reply) => {
      if (!hasValidCsrfToken(request, request.body.csrf)) {
        return reply
          .code(403)
          .type('text/html; charset=utf-8')
          .send(page('Form expired', '<h1>Form expired</h1><p>Open the checkout page again and press Pay there.</p>'));
      }
      const now = deps.clock.now();
      const session = decodeLocalCheckout(request.body.session, deps.signingSecret, now);
      if (!session) {
        return reply.code(404).type('text/html; charset=utf-8').send(SESSION_EXPIRED_PAGE);
      }
      const status = await deliverToOwnWebhook(app, deps, completedCheckoutEvent(session, now), now).catch((error: unknown) => {
        request.log.error({ err: error }, 'local checkout: delivering the event to our own webhook failed');
        return 0;
      });
      if (status >= 200 && status < 300 && session.price) {
        // The local provider keeps its own invoices (Stripe keeps Stripe's): one per paid session.
        await deps.billing.recordLocalInvoice({
          sessionId: session.sessionId,
          accountId: session.accountId,
          item: session.item,
          price: session.price,
          at: now,
        });
      }
      if (status < 200 || status >= 300) {
        return reply
          .code(502)
          .type('text/html; charset=utf-8')
          .send(page('Payment not recorded', '<h1>Payment not recorded</h1><p>The webhook did not accept the event. Nothing was charged; try again.</p>'));
      }
      return reply.redirect(session.successUrl, 303);
    },
  );
}
