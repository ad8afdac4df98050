import type { App } from '../../../http/app-types.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import type { BillingService } from '../../billing/billing-service.ts';
import type { AccountService } from '../account-service.ts';
import { removedMemberError, seatRefusalError } from './account-resolution.ts';
import { AccountSchema } from './account-schemas.ts';

/**
 * POST /api/account (our addition): starts over after an erasure. The only
 * way back for an erased identity: its next ordinary request stays a 404, so
 * an open tab never re-creates an account by itself. Answers 201 with the new,
 * empty account; 409 when the caller's account exists (it was never erased).
 */
export function registerPostAccount(app: App, deps: { accounts: AccountService; billing: BillingService }): void {
  app.post(
    '/api/account',
    {
      config: { auth: 'required', startsOver: true },
      schema: {
        tags: ['Account'],
        summary: 'Start over with a new, empty account after yours was deleted',
        response: { 201: AccountSchema, ...errorResponses('AUTH_REQUIRED', 'FORBIDDEN', 'CONFLICT', 'PLAN_LIMIT_REACHED') },
      },
    },
    async (request, reply) => {
      if (request.principal) throw new ApiError('CONFLICT', { message: 'Your account exists: there is nothing to start over.' });
      const identity = request.erasedIdentity;
      if (!identity) throw new ApiError('AUTH_REQUIRED');
      const started = await deps.accounts.startOver(identity);
      if (!started.ok) {
        if (started.reason === 'no_seat') throw seatRefusalError(started.refusal);
        if (started.reason === 'not_owner') throw new ApiError('FORBIDDEN');
        if (started.reason === 'removed') throw removedMemberError();
        throw new ApiError('ACCOUNT_DELETED');
      }
      const account = (await deps.accounts.get(started.accountId))!;
      reply.code(201);
      return {
        id: account.id,
        name: account.name,
        kind: account.kind,
        plan: await deps.billing.planOf(account.id),
        role: started.role,
        createdAt: account.createdAt.toISOString(),
      };
    },
  );
}
