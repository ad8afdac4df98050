import type { Static } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import type { BillingService } from '../billing-service.ts';
import type { CheckoutItem } from '../payment-provider.ts';
import { CheckoutBody, CheckoutResponse } from './billing-schemas.ts';
import { checkoutRefusalError } from './checkout-refusals.ts';

/**
 * POST /api/payment/checkout (spec part 4, shape ours): `{ "plan": "pro" }`
 * or `{ "pack": "small" }`; answers the address to send the buyer to.
 * Admin and above (billing:manage).
 */
export function registerCheckout(app: App, deps: { billing: BillingService }): void {
  app.post(
    '/api/payment/checkout',
    {
      config: { auth: 'required', permission: 'billing:manage', idempotent: true },
      schema: {
        tags: ['Billing'],
        summary: 'Start a checkout for a plan or a score pack',
        body: CheckoutBody,
        response: {
          200: CheckoutResponse,
          ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'PLAN_LIMIT_REACHED', 'FORBIDDEN', 'CONFLICT', 'IDEMPOTENCY_KEY_REUSED', 'SERVICE_UNAVAILABLE'),
        },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const outcome = await deps.billing.startCheckout(principal.accountId, checkoutItem(request.body));
      if (!outcome.ok) throw checkoutRefusalError(outcome);
      return { url: outcome.url };
    },
  );
}

function checkoutItem({ plan, pack }: Static<typeof CheckoutBody>): CheckoutItem {
  if (plan !== undefined && pack === undefined) return { kind: 'plan', plan };
  if (pack !== undefined && plan === undefined) return { kind: 'pack', pack };
  throw new ApiError('INVALID_REQUEST', { message: 'Send exactly one of body.plan and body.pack.' });
}
