import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import type { InvitationService } from '../invitations.ts';
import { SuccessSchema } from './account-schemas.ts';

/** DELETE /api/account/invitations/<id> (our addition): revokes an open invitation, its link dead from now on; admin and above. */
export function registerRevokeInvitation(app: App, deps: { invitations: InvitationService }): void {
  app.delete(
    '/api/account/invitations/:invitationId',
    {
      config: { auth: 'required', permission: 'account:edit' },
      schema: {
        tags: ['Account'],
        summary: 'Revoke an invitation',
        params: Type.Object({ invitationId: Type.String({ format: 'uuid' }) }),
        response: { 200: SuccessSchema, ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'FORBIDDEN', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      if (!(await deps.invitations.revoke(principal.accountId, request.params.invitationId, principal))) {
        throw new ApiError('NOT_FOUND', { message: 'No open invitation by that id in this account.' });
      }
      return { success: true as const };
    },
  );
}
