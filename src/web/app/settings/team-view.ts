/**
 * The team page's content (/app/settings/team): who is in the account, with
 * what role, since when, and who holds one of the plan's seats. Owners and
 * admins can remove a member (not an owner, not themselves: the API refuses
 * both), after a confirmation, through DELETE /api/account/members/<userId>,
 * and invite by email or revoke an invitation (invitations-view.ts).
 */
import type { MemberView } from '../../../modules/accounts/account-service.ts';
import type { InvitationView } from '../../../modules/accounts/invitations.ts';
import { PLAN_NAMES, type Plan } from '../../../vocabulary/plans.ts';
import { html } from '../../view.ts';
import { APP_PATHS } from '../app-layout.ts';
import type { AppVisit } from '../app-visit.ts';
import { ConfirmDialog, confirmation } from './confirm-dialog.ts';
import { InviteForm, PendingInvitations } from './invitations-view.ts';
import { ActionProblem, Day, ROLE_NAMES, ScriptNeeded } from './settings-text.ts';

export interface TeamState {
  members: MemberView[];
  /** The seats the plan in force gives; null for unlimited. */
  seats: number | null;
  /** The plan whose limits apply now (Free after a failed payment's grace period). */
  limitsPlan: Plan;
  /** The open invitations, for those who may invite (owners and admins); null for the others. */
  invitations: InvitationView[] | null;
}

function memberName(member: MemberView): string {
  return member.email ?? member.userId;
}

function SeatSummary({ visit, team }: { visit: AppVisit; team: TeamState }) {
  const held = team.members.filter((member) => member.holdsSeat).length;
  const waiting = team.members.length - held;
  const plan = PLAN_NAMES[team.limitsPlan];
  const invited = (team.invitations ?? []).filter((invitation) => invitation.status === 'pending').length;
  const promised = invited > 0 ? `, and ${invited} ${invited === 1 ? 'is' : 'are'} kept for pending invitations` : '';
  const limit =
    team.seats === null
      ? `The ${plan} plan's seats are not limited.`
      : `The ${plan} plan includes ${team.seats} ${team.seats === 1 ? 'seat' : 'seats'}; ${held} ${held === 1 ? 'is' : 'are'} held${held > team.seats ? ' (owners and admins always hold one)' : ''}${promised}.`;
  const more =
    waiting > 0
      ? visit.may('billing:manage')
        ? html` ${waiting} waiting for a seat: <a href=${APP_PATHS.billing}>upgrade for more seats</a>, or remove someone who has left.`
        : html` ${waiting} waiting for a seat until an owner or admin frees or buys one.`
      : null;
  return html`<p>${limit}${more}</p>`;
}

function RemoveButton({ visit, member }: { visit: AppVisit; member: MemberView }) {
  const name = memberName(member);
  if (!visit.may('account:edit') || member.role === 'owner' || member.userId === visit.principal.userId) return null;
  const text = `${name} leaves ${visit.account.name} and frees their seat. They cannot come back, even while your identity provider still lists them in the organisation, until an owner or admin invites them again; the API keys they made are revoked.`;
  return html`<button type="button" class="button button-quiet" data-remove-member=${member.userId} data-name=${name} ...${confirmation(`Remove ${name}?`, text, 'Remove')}>
    Remove<span class="visually-hidden"> ${name}</span>
  </button>`;
}

function MemberRow({ visit, member }: { visit: AppVisit; member: MemberView }) {
  const you = member.userId === visit.principal.userId;
  return html`<tr data-member=${member.userId}>
    <th scope="row">${memberName(member)}${you ? html` <span class="muted">(you)</span>` : null}</th>
    <td>${ROLE_NAMES[member.role]}</td>
    <td><${Day} at=${member.createdAt} /></td>
    <td>${member.holdsSeat ? 'Holds a seat' : html`<span class="seat-waiting">Waiting for a seat</span>`}</td>
    ${visit.may('account:edit') ? html`<td><${RemoveButton} visit=${visit} member=${member} /></td>` : null}
  </tr>`;
}

export function TeamSettings({ visit, team }: { visit: AppVisit; team: TeamState }) {
  const manages = visit.may('account:edit');
  return html`
    <h1>Team</h1>
    <p class="lead">Members come from your identity provider (whoever signs in to this organisation joins with the role the provider gives), or by an invitation sent from here.</p>
    ${
      visit.account.kind === 'personal'
        ? html`<p class="notice">This is a personal account: you are its one member. To work as a team, sign in to an organisation.</p>`
        : html`<${SeatSummary} visit=${visit} team=${team} />`
    }
    <div class="table-scroll">
      <table class="settings-table">
        <caption class="visually-hidden">Members of ${visit.account.name}</caption>
        <thead>
          <tr>
            <th scope="col">Member</th>
            <th scope="col">Role</th>
            <th scope="col">Joined</th>
            <th scope="col">Seat</th>
            ${manages ? html`<th scope="col"><span class="visually-hidden">Actions</span></th>` : null}
          </tr>
        </thead>
        <tbody>
          ${team.members.map((member) => html`<${MemberRow} visit=${visit} member=${member} />`)}
        </tbody>
      </table>
    </div>
    <${ActionProblem} id="team-problem" />
    <p class="form-status" role="status" data-page-status></p>
    ${
      manages && visit.account.kind === 'organization' && team.invitations
        ? html`<${InviteForm} /><${PendingInvitations} invitations=${team.invitations} />`
        : null
    }
    ${
      manages
        ? html`<${ScriptNeeded} action="Inviting, revoking and removing" /><${ConfirmDialog} />`
        : html`<p class="muted">Owners and admins can invite and remove members.</p>`
    }
  `;
}
