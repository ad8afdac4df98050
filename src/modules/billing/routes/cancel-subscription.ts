/**
 * POST /api/billing/subscription/cancel (ours): cancels the account's
 * subscription, by default at the end of the period paid for (the plan runs
 * until then and nothing more is charged); `"when": "now"` ends it at once,
 * without a refund for the rest of the period. Admin and above; never
 * refused in read-only mode.
 */
import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { errorResponses } from '../../../http/errors.ts';
import type { BillingService } from '../billing-service.ts';
import { subscriptionRefusalError } from './subscription-refusals.ts';

const CancelBody = Type.Object(
  {
    when: Type.Optional(
      Type.Enum(['period_end', 'now'], {
        description:
          '`period_end` (the default): the plan runs until the end of the period paid for, then the account moves to Free. `now`: it ends at once; the rest of the period is not refunded.',
      }),
    ),
  },
  { additionalProperties: false },
);

const CancelResponse = Type.Object({
  when: Type.Enum(['period_end', 'now']),
  endsAt: Type.String({ format: 'date-time', description: 'When the plan ends (ended, for `now`).' }),
});

export function registerCancelSubscription(app: App, deps: { billing: BillingService }): void {
  app.post(
    '/api/billing/subscription/cancel',
    {
      config: { auth: 'required', permission: 'billing:manage' },
      schema: {
        tags: ['Billing'],
        summary: 'Cancel the subscription, at the end of the paid period unless asked for now',
        description: 'Taken back, before the period ends, with POST /api/billing/subscription/resume. 409 without a running subscription.',
        body: CancelBody,
        response: { 200: CancelResponse, ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'FORBIDDEN', 'CONFLICT', 'SERVICE_UNAVAILABLE') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const outcome = await deps.billing.cancel(principal.accountId, request.body.when ?? 'period_end', principal.userId);
      if (!outcome.ok) throw subscriptionRefusalError(outcome);
      return { when: outcome.when, endsAt: outcome.endsAt.toISOString() };
    },
  );
}
