import type { InvitationView } from '../invitations.ts';
import type { InvitationBody } from './invitation-schemas.ts';

export function invitationBody(invitation: InvitationView): InvitationBody {
  return { ...invitation, createdAt: invitation.createdAt.toISOString(), expiresAt: invitation.expiresAt.toISOString() };
}
