import { Type, type Static } from 'typebox';
import { INVITABLE_ROLES } from '../invitations.ts';

/** The longest address SMTP carries (RFC 5321: 254 characters in a path). */
export const EMAIL_MAX_LENGTH = 254;

/**
 * POST /api/account/invitations takes either form: { email, role } invites
 * an address by mail (issue 23, part 4); { userId } lets a removed person
 * back as before (issue 24), kept for the clients that use it.
 */
export const PostInvitationBody = Type.Object({
  email: Type.Optional(Type.String({ maxLength: EMAIL_MAX_LENGTH * 2, description: 'The address to invite; trimmed and lower-cased.' })),
  role: Type.Optional(Type.Enum(INVITABLE_ROLES, { description: 'The role the person joins with; default member.' })),
  userId: Type.Optional(
    Type.String({ minLength: 1, maxLength: 255, description: "Lets a removed person back: the identity provider's user id (the token's sub)." }),
  ),
});

export const InvitationSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  email: Type.String(),
  role: Type.Enum(INVITABLE_ROLES),
  invitedByUserId: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  expiresAt: Type.String({ format: 'date-time' }),
  /** pending: the link works; expired: it no longer does, and the invitation still holds no seat. */
  status: Type.Enum(['pending', 'expired']),
});
export type InvitationBody = Static<typeof InvitationSchema>;

export const InvitationsSchema = Type.Object({ invitations: Type.Array(InvitationSchema) });

export const AcceptInvitationBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });

export const AcceptedInvitationSchema = Type.Object({
  accountId: Type.String({ format: 'uuid' }),
  accountName: Type.String(),
  role: Type.Enum(INVITABLE_ROLES),
  /** The person was in the account already (their identity provider put them there); the invitation is used up all the same. */
  alreadyMember: Type.Boolean(),
});
