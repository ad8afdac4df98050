/**
 * POST /api/billing/portal (the spec's "Billing portal" tag, shape ours):
 * answers the address of the payment provider's billing portal for the
 * caller's account, where an owner or admin changes or cancels the
 * subscription, the payment method, and reads invoices. What they do there
 * comes back as payment events. Admin and above (billing:manage); never
 * refused in read-only mode (paying, and cancelling, always work).
 */
import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import type { BillingService, PortalOutcome } from '../billing-service.ts';

export const BILLING_PORTAL_PATH = '/api/billing/portal';

export const PortalResponse = Type.Object({
  url: Type.String({ format: 'uri', description: "Where to send the customer: the provider's portal session, which returns to the billing settings." }),
});

export function registerBillingPortal(app: App, deps: { billing: BillingService }): void {
  app.post(
    BILLING_PORTAL_PATH,
    {
      config: { auth: 'required', permission: 'billing:manage' },
      schema: {
        tags: ['Billing portal'],
        summary: "Open the payment provider's billing portal for the account",
        description:
          'No body. With Stripe, a customer portal session; with the built-in local provider, a page of ours that can cancel the subscription. ' +
          'An account that never bought anything has no customer at the provider: 409.',
        response: { 200: PortalResponse, ...errorResponses('AUTH_REQUIRED', 'FORBIDDEN', 'CONFLICT', 'SERVICE_UNAVAILABLE') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const outcome = await deps.billing.startPortal(principal.accountId);
      if (!outcome.ok) throw portalRefusalError(outcome);
      return { url: outcome.url };
    },
  );
}

function portalRefusalError(refusal: Extract<PortalOutcome, { ok: false }>): ApiError {
  switch (refusal.reason) {
    case 'no_customer':
      return new ApiError('CONFLICT', {
        message:
          'The account has bought nothing yet, so the payment provider holds nothing to manage. Upgrade to a paid plan first (POST /api/payment/checkout).',
      });
    case 'provider_unavailable':
      return new ApiError('SERVICE_UNAVAILABLE', { message: 'The payment provider did not answer. Try again shortly.' });
  }
}
