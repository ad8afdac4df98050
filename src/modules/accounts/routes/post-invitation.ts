import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses, invalidBody } from '../../../http/errors.ts';
import type { AccountService } from '../account-service.ts';
import type { InvitationService } from '../invitations.ts';
import { SuccessSchema } from './account-schemas.ts';
import { EMAIL_MAX_LENGTH, InvitationSchema, PostInvitationBody } from './invitation-schemas.ts';
import { invitationBody } from './invitation-view.ts';

/** Something@somewhere.tld, no spaces: what a mail server would take; the mail's arrival is the real check. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * POST /api/account/invitations (our addition), admin and above.
 * `{ email, role }`: invites the address by mail with a single-use link that
 * expires (201, the invitation); one open invitation to the same address is
 * replaced. Refused when the address is a member already (409) or the plan's
 * seats are taken, counting open invitations (402 PLAN_LIMIT_REACHED).
 * `{ userId }`: lets a person an admin removed back (200); their next
 * request joins again with the role the identity provider gives them.
 */
export function registerPostInvitation(app: App, deps: { accounts: AccountService; invitations: InvitationService }): void {
  app.post(
    '/api/account/invitations',
    {
      config: { auth: 'required', permission: 'account:edit' },
      schema: {
        tags: ['Account'],
        summary: 'Invite someone by email, or let a removed person back',
        body: PostInvitationBody,
        response: {
          200: SuccessSchema,
          201: InvitationSchema,
          ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'FORBIDDEN', 'CONFLICT', 'PLAN_LIMIT_REACHED'),
        },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const { email, role, userId } = request.body;
      if (email === undefined) {
        if (userId === undefined) throw invalidBody([{ field: 'body.email', message: 'Enter the email address to invite.' }]);
        await deps.accounts.invite(principal.accountId, userId, principal);
        return { success: true as const };
      }
      const address = email.trim();
      if (address === '') throw invalidBody([{ field: 'body.email', message: 'Enter the email address to invite.' }]);
      if (address.length > EMAIL_MAX_LENGTH || !EMAIL_SHAPE.test(address)) {
        throw invalidBody([{ field: 'body.email', message: 'Enter an email address, like name@example.com.' }]);
      }
      const outcome = await deps.invitations.invite(principal.accountId, principal, { email: address, role: role ?? 'member' });
      if (!outcome.ok && outcome.reason === 'already_member') {
        throw new ApiError('CONFLICT', {
          message: `${address} is already a member of this account.`,
          details: [{ field: 'body.email', message: 'Someone with this address is already a member of this account.' }],
        });
      }
      if (!outcome.ok) {
        throw new ApiError('PLAN_LIMIT_REACHED', {
          message: `The ${outcome.planName} plan includes ${outcome.seats} ${outcome.seats === 1 ? 'seat' : 'seats'}, and members and pending invitations take all of them.`,
          action: 'Upgrade for more seats, revoke a pending invitation, or remove a member, then invite again.',
        });
      }
      return reply.code(201).send(invitationBody(outcome.invitation));
    },
  );
}
