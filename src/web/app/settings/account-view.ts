/**
 * The account page's content (/app/settings): the account's details, the
 * rename form (admin and above), the visitor's sign-in with the note that
 * one sign-in is one account, and the owner's danger zone. The forms act
 * through the JSON API (settings.js): PUT /api/account, DELETE /api/account/delete.
 */
import { ACCOUNT_NAME_MAX_LENGTH } from '../../../modules/accounts/account-service.ts';
// What the owner types is the API's own literal (spec part 4), so the page and the API cannot disagree.
import { DELETE_CONFIRMATION } from '../../../modules/accounts/routes/delete-account.ts';
import { PLAN_NAMES } from '../../../vocabulary/plans.ts';
import { html } from '../../view.ts';
import { APP_PATHS } from '../app-layout.ts';
import type { AppVisit } from '../app-visit.ts';
import { ActionProblem, Day, ROLE_NAMES, ROLE_POWERS, ScriptNeeded } from './settings-text.ts';

const KIND_NAMES = { organization: 'Organisation', personal: 'Personal account' } as const;

function AccountDetails({ visit }: { visit: AppVisit }) {
  const { account, principal } = visit;
  const plan = PLAN_NAMES[visit.plan];
  return html`<section class="card" aria-labelledby="details-title">
    <h2 id="details-title">Details</h2>
    <dl class="settings-facts">
      <div><dt>Name</dt><dd data-account-name>${account.name}</dd></div>
      <div><dt>Kind</dt><dd>${KIND_NAMES[account.kind]}</dd></div>
      <div><dt>Created</dt><dd><${Day} at=${account.createdAt} /></dd></div>
      <div>
        <dt>Plan</dt>
        <dd>${visit.may('billing:manage') ? html`<a href=${APP_PATHS.billing}>${plan}</a>` : plan}</dd>
      </div>
      <div>
        <dt>Your role</dt>
        <dd>${ROLE_NAMES[principal.role]} <span class="muted">(${ROLE_POWERS[principal.role]})</span></dd>
      </div>
    </dl>
  </section>`;
}

function RenameForm({ visit }: { visit: AppVisit }) {
  if (!visit.may('account:edit')) {
    return html`<p class="muted">Owners and admins can rename the account.</p>`;
  }
  return html`<section class="card" aria-labelledby="rename-title">
    <h2 id="rename-title">Rename the account</h2>
    <form class="settings-form" data-rename-form>
      <label for="account-name">Account name</label>
      <input id="account-name" name="name" value=${visit.account.name} required autocomplete="organization" aria-describedby="account-name-hint rename-problem" />
      <p class="hint" id="account-name-hint">1 to ${ACCOUNT_NAME_MAX_LENGTH} characters; spaces at either end are dropped. Everyone in the account sees the new name.</p>
      <${ActionProblem} id="rename-problem" />
      <div class="form-actions">
        <button type="submit" class="button">Rename</button>
        <span class="form-status" role="status" data-status></span>
      </div>
    </form>
    <${ScriptNeeded} action="Renaming" />
  </section>`;
}

/** Tokens carry one account each (docs/DECISIONS.md): there is nothing to switch to within a sign-in. */
function SignInNote({ visit }: { visit: AppVisit }) {
  const who = visit.principal.email ?? visit.principal.userId;
  return html`<section class="card" aria-labelledby="sign-in-title">
    <h2 id="sign-in-title">Your sign-in</h2>
    <p>
      You are signed in to <strong>${visit.account.name}</strong> as <strong>${who}</strong>.
      One sign-in is one account: to work in another organisation, sign out and sign in to it.
    </p>
    <form method="post" action="/sign-out"><button type="submit" class="button button-quiet">Sign out</button></form>
  </section>`;
}

function DangerZone({ visit }: { visit: AppVisit }) {
  if (!visit.may('account:delete')) {
    return html`<p class="muted">Only the account's owner can delete it.</p>`;
  }
  return html`<section class="card danger-zone" aria-labelledby="delete-title">
    <h2 id="delete-title">Delete the account</h2>
    <p>
      Deleting <strong>${visit.account.name}</strong> erases it and everything it owns at once: products, scores,
      conversations, the team, API keys and the billing record. A paid subscription is cancelled without a refund
      for the rest of the period. There is no grace period and no undo.
    </p>
    <form class="settings-form" data-delete-form>
      <label for="delete-confirmation">Type ${DELETE_CONFIRMATION} to confirm</label>
      <input id="delete-confirmation" name="confirmation" autocomplete="off" autocapitalize="characters" spellcheck="false" aria-describedby="delete-problem" data-expected=${DELETE_CONFIRMATION} />
      <${ActionProblem} id="delete-problem" />
      <div class="form-actions">
        <button type="submit" class="button button-danger" disabled>Delete this account</button>
        <span class="form-status" role="status" data-status></span>
      </div>
    </form>
    <${ScriptNeeded} action="Deleting the account" />
  </section>`;
}

export function AccountSettings({ visit }: { visit: AppVisit }) {
  return html`
    <h1>Account</h1>
    <p class="lead">The account everything here belongs to: its products, scores, team, keys and plan.</p>
    <${AccountDetails} visit=${visit} />
    <${RenameForm} visit=${visit} />
    <${SignInNote} visit=${visit} />
    <${DangerZone} visit=${visit} />
  `;
}
