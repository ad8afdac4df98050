import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses, invalidBody } from '../../../http/errors.ts';
import { ACCOUNT_NAME_MAX_LENGTH, type AccountService } from '../account-service.ts';
import { RenameAccountBody, SuccessSchema } from './account-schemas.ts';

/** PUT /api/account (spec part 4): rename; admin and above. */
export function registerPutAccount(app: App, deps: { accounts: AccountService }): void {
  app.put(
    '/api/account',
    {
      config: { auth: 'required', permission: 'account:edit' },
      schema: {
        tags: ['Account'],
        summary: 'Rename the account',
        body: RenameAccountBody,
        response: { 200: SuccessSchema, ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'FORBIDDEN', 'NOT_FOUND', 'INTERNAL_ERROR') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const name = request.body.name.trim();
      if (name.length < 1 || name.length > ACCOUNT_NAME_MAX_LENGTH) {
        throw invalidBody([{ field: 'body.name', message: `must be 1 to ${ACCOUNT_NAME_MAX_LENGTH} characters after trimming` }]);
      }
      if (!(await deps.accounts.rename(principal.accountId, name, principal.userId))) throw new ApiError('NOT_FOUND');
      return { success: true as const };
    },
  );
}
