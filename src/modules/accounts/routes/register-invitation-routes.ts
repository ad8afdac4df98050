/** The invitation routes (issue 23, part 4), gathered so app.ts registers them in one line. */
import type { App } from '../../../http/app-types.ts';
import type { AccountService } from '../account-service.ts';
import type { InvitationService } from '../invitations.ts';
import { registerAcceptInvitation } from './accept-invitation.ts';
import { registerListInvitations } from './list-invitations.ts';
import { registerPostInvitation } from './post-invitation.ts';
import { registerRevokeInvitation } from './revoke-invitation.ts';

export function registerInvitationRoutes(app: App, deps: { accounts: AccountService; invitations: InvitationService }): void {
  registerPostInvitation(app, deps);
  registerListInvitations(app, deps);
  registerRevokeInvitation(app, deps);
  registerAcceptInvitation(app, deps);
}
