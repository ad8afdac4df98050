import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import type { AccountService } from '../account-service.ts';
import { DeleteAccountBody, SuccessSchema } from './account-schemas.ts';

/** The literal the caller must send to confirm (spec part 4). */
export const DELETE_CONFIRMATION = 'DELETE';

/**
 * DELETE /api/account/delete (spec parts 3 and 4): owner only; hard delete,
 * no grace window; a repeated call answers 404 (the identity is erased).
 */
export function registerDeleteAccount(app: App, deps: { accounts: AccountService }): void {
  app.delete(
    '/api/account/delete',
    {
      config: { auth: 'required', permission: 'account:delete' },
      // No body at all is a missing confirmation, not a malformed request.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        tags: ['Account'],
        summary: 'Delete the account and everything it owns',
        body: DeleteAccountBody,
        response: {
          200: SuccessSchema,
          ...errorResponses('CONFIRMATION_REQUIRED', 'AUTH_REQUIRED', 'FORBIDDEN', 'NOT_FOUND', 'INTERNAL_ERROR'),
        },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      if (request.body.confirmation !== DELETE_CONFIRMATION) throw new ApiError('CONFIRMATION_REQUIRED');
      if (!(await deps.accounts.erase(principal.accountId, principal.userId))) throw new ApiError('ACCOUNT_DELETED');
      return { success: true as const };
    },
  );
}
