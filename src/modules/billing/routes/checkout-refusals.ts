/** The refusals of a checkout (BillingService.startCheckout) as answers. */
import { ApiError } from '../../../http/errors.ts';
import type { CheckoutOutcome } from '../billing-service.ts';
import { PLAN_NAMES } from '../../../vocabulary/plans.ts';

export type CheckoutRefusal = Extract<CheckoutOutcome, { ok: false }>;

export function checkoutRefusalError(refusal: CheckoutRefusal): ApiError {
  switch (refusal.reason) {
    case 'pack_needs_paid_plan':
      return new ApiError('PLAN_LIMIT_REACHED', {
        message: 'Score packs are sold to paid plans only.',
        action: 'Upgrade to Pro or Business first, then buy a score pack.',
      });
    case 'plan_already_held':
      return new ApiError('CONFLICT', { message: `The account is already on the ${PLAN_NAMES[refusal.plan]} plan.` });
    case 'not_an_upgrade':
      return new ApiError('CONFLICT', {
        message: `The account is on the ${PLAN_NAMES[refusal.currentPlan]} plan; checkout sells only a higher plan. Move to ${PLAN_NAMES[refusal.requestedPlan]} by changing the plan in the billing portal, or by cancelling the subscription.`,
      });
    case 'no_price':
      return new ApiError('INVALID_REQUEST', { message: `No price is configured for ${refusal.item}; it cannot be bought online.` });
    case 'provider_unavailable':
      return new ApiError('SERVICE_UNAVAILABLE', { message: 'The payment provider did not answer. Try again shortly.' });
  }
}
