import type { App } from '../../../http/app-types.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import type { AcceptOutcome, InvitationService } from '../invitations.ts';
import { AcceptedInvitationSchema, AcceptInvitationBody } from './invitation-schemas.ts';

/**
 * POST /api/invitations/accept { token } (our addition): the signed-in
 * person joins the invitation's account with its role. Any signed-in person
 * may call it, whatever account their session resolves to (a removed person
 * included: the invitation is their way back), but only the invited
 * address can use the token.
 */
export function registerAcceptInvitation(app: App, deps: { invitations: InvitationService }): void {
  app.post(
    '/api/invitations/accept',
    {
      config: { auth: 'required', identityOnly: true },
      schema: {
        tags: ['Account'],
        summary: 'Accept an invitation',
        body: AcceptInvitationBody,
        response: {
          200: AcceptedInvitationSchema,
          ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'PLAN_LIMIT_REACHED'),
        },
      },
    },
    async (request) => {
      const identity = request.verifiedIdentity;
      if (!identity) throw new ApiError('AUTH_REQUIRED');
      const outcome = await deps.invitations.accept(request.body.token, identity);
      if (!outcome.ok) throw acceptRefusal(outcome, identity.email);
      return { accountId: outcome.accountId, accountName: outcome.accountName, role: outcome.role, alreadyMember: outcome.alreadyMember };
    },
  );
}

/** Each way a link can fail, said plainly, with what to do next. */
export function acceptRefusal(outcome: Exclude<AcceptOutcome, { ok: true }>, signedInAs: string | null): ApiError {
  switch (outcome.reason) {
    case 'unknown':
      return new ApiError('NOT_FOUND', { message: 'This invitation link is not valid. Check that the whole link was copied, or ask for a new invitation.' });
    case 'expired':
      return new ApiError('CONFLICT', {
        message: `This invitation to ${outcome.accountName} has expired.`,
        details: { status: 'expired', action: 'Ask an owner or admin of the account to invite you again.' },
      });
    case 'accepted':
      return new ApiError('CONFLICT', {
        message: `This invitation to ${outcome.accountName} was already used.`,
        details: { status: 'accepted', action: 'An invitation works once: sign in to reach the account, or ask for a new invitation.' },
      });
    case 'revoked':
      return new ApiError('CONFLICT', {
        message: `This invitation to ${outcome.accountName} was withdrawn.`,
        details: { status: 'revoked', action: 'Ask an owner or admin of the account for a new invitation.' },
      });
    case 'other_address':
      return new ApiError('FORBIDDEN', {
        message: `This invitation was sent to ${outcome.invitedEmail}, and you are signed in ${signedInAs ? `as ${signedInAs}` : 'without an email address'}.`,
        details: { action: `Sign out, then sign in as ${outcome.invitedEmail} to accept it.` },
      });
    case 'no_seat':
      return new ApiError('PLAN_LIMIT_REACHED', {
        message: `Every seat of ${outcome.accountName}'s plan is taken, so you cannot join yet.`,
        action: 'Ask an owner of the account to upgrade the plan or free a seat, then open the link again.',
      });
  }
}
