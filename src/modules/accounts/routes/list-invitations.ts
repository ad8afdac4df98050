import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { errorResponses } from '../../../http/errors.ts';
import type { InvitationService } from '../invitations.ts';
import { InvitationsSchema } from './invitation-schemas.ts';
import { invitationBody } from './invitation-view.ts';

/** GET /api/account/invitations (our addition): the open invitations, pending or expired, oldest first; admin and above. */
export function registerListInvitations(app: App, deps: { invitations: InvitationService }): void {
  app.get(
    '/api/account/invitations',
    {
      config: { auth: 'required', permission: 'account:edit' },
      schema: {
        tags: ['Account'],
        summary: "The account's open invitations",
        response: { 200: InvitationsSchema, ...errorResponses('AUTH_REQUIRED', 'FORBIDDEN') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      return { invitations: (await deps.invitations.open(principal.accountId)).map(invitationBody) };
    },
  );
}
