import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import type { AccountService } from '../account-service.ts';
import { SuccessSchema } from './account-schemas.ts';

/**
 * DELETE /api/account/members/<userId> (our addition): removes a member and
 * frees their seat; admin and above; an owner is never removed. The removal
 * is recorded: the person's next request is refused whatever their token's
 * claims say, until an admin invites them again (POST
 * /api/account/invitations). The API keys they made are revoked with them.
 */
export function registerRemoveMember(app: App, deps: { accounts: AccountService }): void {
  app.delete(
    '/api/account/members/:userId',
    {
      config: { auth: 'required', permission: 'account:edit' },
      schema: {
        tags: ['Account'],
        summary: 'Remove a member from the account',
        params: Type.Object({ userId: Type.String({ minLength: 1, maxLength: 255 }) }),
        response: { 200: SuccessSchema, ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'FORBIDDEN', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const { userId } = request.params;
      if (userId === principal.userId) throw new ApiError('INVALID_REQUEST', { message: 'You cannot remove yourself from the account.' });
      const outcome = await deps.accounts.removeMember(principal.accountId, userId, principal);
      if (outcome === 'not_found') throw new ApiError('NOT_FOUND', { message: 'No such member in this account.' });
      if (outcome === 'forbidden') throw new ApiError('FORBIDDEN');
      return { success: true as const };
    },
  );
}
