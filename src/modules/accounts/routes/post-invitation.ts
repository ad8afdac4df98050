import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { errorResponses } from '../../../http/errors.ts';
import type { AccountService } from '../account-service.ts';
import { SuccessSchema } from './account-schemas.ts';

/**
 * POST /api/account/invitations { userId } (our addition): lets a person an
 * admin removed back into the account; admin and above. Their next request
 * joins again with the role the identity provider gives them (and a seat if
 * one is free). Inviting someone who was not removed changes nothing: the
 * identity provider already lets them in.
 */
export function registerPostInvitation(app: App, deps: { accounts: AccountService }): void {
  app.post(
    '/api/account/invitations',
    {
      config: { auth: 'required', permission: 'account:edit' },
      schema: {
        tags: ['Account'],
        summary: 'Invite a removed person back into the account',
        body: Type.Object({ userId: Type.String({ minLength: 1, maxLength: 255, description: "The identity provider's user id (the token's sub)." }) }),
        response: { 200: SuccessSchema, ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'FORBIDDEN') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      await deps.accounts.invite(principal.accountId, request.body.userId, principal);
      return { success: true as const };
    },
  );
}
