/**
 * The team page's invitations (owners and admins): the form that invites an
 * address with a role (POST /api/account/invitations), and the open
 * invitations with Revoke (DELETE /api/account/invitations/<id>), after a
 * confirmation. The API's refusals appear per field (the address) or under
 * the form (seats), in its words.
 */
import type { InvitationView } from '../../../modules/accounts/invitations.ts';
import { INVITATION_LIFETIME_DAYS } from '../../../modules/accounts/invitations.ts';
import { html } from '../../view.ts';
import { confirmation } from './confirm-dialog.ts';
import { ActionProblem, Day, ROLE_NAMES, ROLE_POWERS } from './settings-text.ts';

export function InviteForm() {
  return html`<section class="card" aria-labelledby="invite-title">
    <h2 id="invite-title">Invite someone</h2>
    <form class="settings-form" data-invite-form novalidate>
      <label for="invite-email">Email address</label>
      <input id="invite-email" name="email" type="email" data-field="body.email" data-empty-message="Enter the email address to invite."
        autocomplete="off" autocapitalize="none" spellcheck="false" required aria-describedby="invite-email-hint" />
      <p class="hint" id="invite-email-hint">We mail them a link that works once, for ${INVITATION_LIFETIME_DAYS} days. They accept it signed in with this address.</p>
      <label for="invite-role">Role</label>
      <select id="invite-role" name="role" data-field="body.role" aria-describedby="invite-role-hint">
        <option value="member" selected>${ROLE_NAMES.member}</option>
        <option value="admin">${ROLE_NAMES.admin}</option>
      </select>
      <p class="hint" id="invite-role-hint">A member may ${ROLE_POWERS.member}; an admin may also ${ROLE_POWERS.admin}.</p>
      <${ActionProblem} id="invite-problem" />
      <div class="form-actions"><button type="submit" class="button">Send invitation</button></div>
    </form>
  </section>`;
}

function RevokeButton({ invitation }: { invitation: InvitationView }) {
  const text = `The link we mailed to ${invitation.email} stops working. You can invite them again later.`;
  return html`<button type="button" class="button button-quiet" data-revoke-invitation=${invitation.id} data-email=${invitation.email}
    ...${confirmation(`Revoke the invitation to ${invitation.email}?`, text, 'Revoke')}>
    Revoke<span class="visually-hidden"> the invitation to ${invitation.email}</span>
  </button>`;
}

export function PendingInvitations({ invitations }: { invitations: InvitationView[] }) {
  return html`<section aria-labelledby="pending-title">
    <h2 id="pending-title">Pending invitations</h2>
    ${
      invitations.length === 0
        ? html`<p class="muted" data-no-invitations>No invitations are waiting for an answer.</p>`
        : html`<div class="table-scroll">
          <table class="settings-table" data-invitations>
            <caption class="visually-hidden">Invitations waiting for an answer</caption>
            <thead>
              <tr>
                <th scope="col">Invited</th>
                <th scope="col">Role</th>
                <th scope="col" class="wide-only">Sent</th>
                <th scope="col">Link works</th>
                <th scope="col"><span class="visually-hidden">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              ${invitations.map(
                (invitation) => html`<tr data-invitation=${invitation.id}>
                  <th scope="row">${invitation.email}</th>
                  <td>${ROLE_NAMES[invitation.role]}</td>
                  <td class="wide-only"><${Day} at=${invitation.createdAt} /></td>
                  <td>${invitation.status === 'expired' ? html`<span class="seat-waiting">Expired</span>` : html`Until <${Day} at=${invitation.expiresAt} />`}</td>
                  <td><${RevokeButton} invitation=${invitation} /></td>
                </tr>`,
              )}
            </tbody>
          </table>
        </div>`
    }
  </section>`;
}
