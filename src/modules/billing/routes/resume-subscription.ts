/** POST /api/billing/subscription/resume (ours): takes back a cancellation at the end of the period; the subscription renews as before. */
import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { errorResponses } from '../../../http/errors.ts';
import type { BillingService } from '../billing-service.ts';
import { subscriptionRefusalError } from './subscription-refusals.ts';

export function registerResumeSubscription(app: App, deps: { billing: BillingService }): void {
  app.post(
    '/api/billing/subscription/resume',
    {
      config: { auth: 'required', permission: 'billing:manage' },
      schema: {
        tags: ['Billing'],
        summary: 'Keep the subscription: take back a cancellation at the end of the period',
        description: '409 when the subscription is not set to end.',
        response: { 200: Type.Object({ success: Type.Literal(true) }), ...errorResponses('AUTH_REQUIRED', 'FORBIDDEN', 'CONFLICT', 'SERVICE_UNAVAILABLE') },
      },
    },
    async (request) => {
      const outcome = await deps.billing.resume(requirePrincipal(request).accountId);
      if (!outcome.ok) throw subscriptionRefusalError(outcome);
      return { success: true as const };
    },
  );
}
