/**
 * GET /api/billing/invoices (ours): the account's invoices, newest first:
 * with Stripe, its invoices with their hosted pages; with the built-in local
 * provider, the invoices it keeps for each paid checkout. Admin and above.
 */
import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { errorResponses } from '../../../http/errors.ts';
import type { BillingService } from '../billing-service.ts';
import { INVOICES_LISTED } from '../payment-provider.ts';
import { subscriptionRefusalError } from './subscription-refusals.ts';

const InvoiceSchema = Type.Object({
  id: Type.String(),
  number: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  description: Type.String(),
  amount: Type.Integer({ description: "In the currency's minor unit (cents)." }),
  currency: Type.String({ description: 'ISO 4217, lower case.' }),
  status: Type.Enum(['paid', 'open', 'void', 'uncollectible', 'draft']),
  url: Type.Union([Type.String(), Type.Null()], { description: "The invoice's page at the provider; null for the local provider's." }),
});

export function registerListInvoices(app: App, deps: { billing: BillingService }): void {
  app.get(
    '/api/billing/invoices',
    {
      config: { auth: 'required', permission: 'billing:manage' },
      schema: {
        tags: ['Billing'],
        summary: `The account's invoices, newest first (at most ${INVOICES_LISTED})`,
        response: { 200: Type.Object({ invoices: Type.Array(InvoiceSchema) }), ...errorResponses('AUTH_REQUIRED', 'FORBIDDEN', 'SERVICE_UNAVAILABLE') },
      },
    },
    async (request) => {
      const outcome = await deps.billing.invoices(requirePrincipal(request).accountId);
      if (!outcome.ok) throw subscriptionRefusalError(outcome);
      return { invoices: outcome.invoices.map((invoice) => ({ ...invoice, createdAt: invoice.createdAt.toISOString() })) };
    },
  );
}
