import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import type { BillingService } from '../../billing/billing-service.ts';
import type { AccountService } from '../account-service.ts';
import { AccountSchema } from './account-schemas.ts';

/** GET /api/account (our addition): the caller's account, plan and role. */
export function registerGetAccount(app: App, deps: { accounts: AccountService; billing: BillingService }): void {
  app.get(
    '/api/account',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['Account'],
        summary: "The caller's account, its plan and the caller's role",
        response: { 200: AccountSchema, ...errorResponses('AUTH_REQUIRED', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const account = await deps.accounts.get(principal.accountId);
      if (!account) throw new ApiError('NOT_FOUND');
      return {
        id: account.id,
        name: account.name,
        kind: account.kind,
        plan: await deps.billing.planOf(account.id),
        role: principal.role,
        createdAt: account.createdAt.toISOString(),
      };
    },
  );
}
