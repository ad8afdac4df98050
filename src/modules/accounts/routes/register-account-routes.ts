/**
 * The account API: the account itself, its members and its invitations. One
 * endpoint a file; this only gathers them, so the composition root stays short.
 */
import type { App } from '../../../http/app-types.ts';
import type { BillingService } from '../../billing/billing-service.ts';
import type { AccountService } from '../account-service.ts';
import type { InvitationService } from '../invitations.ts';
import { registerDeleteAccount } from './delete-account.ts';
import { registerGetAccount } from './get-account.ts';
import { registerListMembers } from './list-members.ts';
import { registerPostAccount } from './post-account.ts';
import { registerPutAccount } from './put-account.ts';
import { registerInvitationRoutes } from './register-invitation-routes.ts';
import { registerRemoveMember } from './remove-member.ts';

export function registerAccountRoutes(app: App, deps: { accounts: AccountService; billing: BillingService; invitations: InvitationService }): void {
  const { accounts, billing, invitations } = deps;
  registerGetAccount(app, { accounts, billing });
  registerPutAccount(app, { accounts });
  registerPostAccount(app, { accounts, billing });
  registerDeleteAccount(app, { accounts });
  registerListMembers(app, { accounts });
  registerRemoveMember(app, { accounts });
  registerInvitationRoutes(app, { accounts, invitations });
}
