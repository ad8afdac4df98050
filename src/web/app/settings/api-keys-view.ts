/**
 * The API keys page's content (/app/settings/api-keys). Owners and admins
 * (api_keys:manage) see the account's live keys and, on a plan with API
 * access, create one: the secret is shown once, with a copy button, and
 * never again (only its hash is kept). Revoking asks first. Members see
 * no keys: the API refuses them the list too.
 */
import { API_KEY_NAME_MAX_LENGTH, type ApiKeyView } from '../../../modules/api-keys/api-key-service.ts';
import { includesApiAccess, PLAN_LIMITS, PLAN_NAMES, PLANS, type Plan } from '../../../vocabulary/plans.ts';
import { html } from '../../view.ts';
import { APP_PATHS } from '../app-layout.ts';
import type { AppVisit } from '../app-visit.ts';
import { ConfirmDialog, confirmation } from './confirm-dialog.ts';
import { ActionProblem, Day, Moment, ScriptNeeded } from './settings-text.ts';

export interface KeysState {
  /** The account's live keys; empty for a visitor who may not manage them. */
  keys: ApiKeyView[];
  /** Whether the limits in force include API access (a failed payment's grace can take it away). */
  apiAccess: boolean;
  /** The plan the account is subscribed to. */
  plan: Plan;
}

/** "Business and Enterprise", from the plans' own limits. */
const PLANS_WITH_KEYS = PLANS.filter((plan) => includesApiAccess(PLAN_LIMITS[plan]))
  .map((plan) => PLAN_NAMES[plan])
  .join(' and ');

function UpgradeNote({ visit, state }: { visit: AppVisit; state: KeysState }) {
  const upgrade = visit.may('billing:manage')
    ? html`<a href=${APP_PATHS.billing}>Change the plan in Billing</a>.`
    : html`<a href="/pricing">Compare the plans</a>; an owner or admin can upgrade.`;
  // Subscribed to a plan with keys, but held to Free: a payment failed and its grace period is over.
  const held = includesApiAccess(PLAN_LIMITS[state.plan]);
  return html`<section class="notice" aria-labelledby="keys-plan-title">
    <h2 id="keys-plan-title">${held ? 'API keys are paused' : `API keys come with ${PLANS_WITH_KEYS}`}</h2>
    <p>
      ${
        held
          ? html`A payment for the ${PLAN_NAMES[state.plan]} plan has not gone through, so the account is held to the Free plan's limits and its keys are refused until a payment succeeds.`
          : html`Your account is on the ${PLAN_NAMES[state.plan]} plan, which does not include programmatic access.`
      }
      ${' '}${upgrade}
    </p>
  </section>`;
}

function CreateKeyForm({ visit }: { visit: AppVisit }) {
  if (visit.coverage.readOnly) {
    return html`<p class="notice">The account is read-only, so no new key can be created until that is lifted (see above).</p>`;
  }
  return html`<section class="card" aria-labelledby="create-key-title">
    <h2 id="create-key-title">Create a key</h2>
    <form class="settings-form" data-create-key-form>
      <label for="key-name">Key name</label>
      <input id="key-name" name="name" required autocomplete="off" aria-describedby="key-name-hint create-key-problem" />
      <p class="hint" id="key-name-hint">What will use it, such as "CI pipeline": 1 to ${API_KEY_NAME_MAX_LENGTH} characters.</p>
      <${ActionProblem} id="create-key-problem" />
      <div class="form-actions"><button type="submit" class="button">Create key</button></div>
    </form>
    <${ScriptNeeded} action="Creating a key" />
  </section>
  <section class="card key-reveal" aria-labelledby="new-key-title" tabindex="-1" hidden data-key-reveal>
    <h2 id="new-key-title">Your new key</h2>
    <p><strong>Copy it now: this is the only time it is shown.</strong> We keep only a hash of it, so it cannot be shown again; if it is lost, revoke it and create another.</p>
    <label for="new-key-secret">Key <span data-new-key-name></span></label>
    <div class="secret-row">
      <input id="new-key-secret" class="secret" readonly spellcheck="false" autocomplete="off" data-new-key-secret />
      <button type="button" class="button" data-copy-key>Copy</button>
    </div>
    <p class="form-status" role="status" data-copy-status></p>
  </section>`;
}

function RevokeButton({ apiKey }: { apiKey: { id: string; name: string } }) {
  const text = `Anything that calls the API with "${apiKey.name}" is refused from now on. This cannot be undone.`;
  return html`<button type="button" class="button button-quiet" data-revoke-key=${apiKey.id} data-name=${apiKey.name} ...${confirmation(`Revoke ${apiKey.name}?`, text, 'Revoke')}>
    Revoke<span class="visually-hidden" data-key-label> ${apiKey.name}</span>
  </button>`;
}

function KeyRow({ apiKey }: { apiKey: ApiKeyView }) {
  return html`<tr data-key=${apiKey.id}>
    <th scope="row">${apiKey.name}</th>
    <td><code>${apiKey.prefix}…</code></td>
    <td><${Day} at=${apiKey.createdAt} /></td>
    <td>${apiKey.lastUsedAt ? html`<${Moment} at=${apiKey.lastUsedAt} />` : 'Never'}</td>
    <td><${RevokeButton} apiKey=${apiKey} /></td>
  </tr>`;
}

/** A new key's row, filled in by settings.js after creation (same cells as KeyRow). */
function KeyRowTemplate() {
  return html`<template data-key-row-template>
    <tr>
      <th scope="row" data-cell="name"></th>
      <td><code data-cell="prefix"></code></td>
      <td><time data-cell="created"></time></td>
      <td>Never</td>
      <td><${RevokeButton} apiKey=${{ id: '', name: '' }} /></td>
    </tr>
  </template>`;
}

function KeyList({ keys }: { keys: ApiKeyView[] }) {
  return html`<section aria-labelledby="keys-title">
    <h2 id="keys-title" tabindex="-1">Keys</h2>
    <p class="muted" hidden=${keys.length > 0} data-no-keys>No keys yet.</p>
    <div class="table-scroll" hidden=${keys.length === 0} data-keys-table>
      <table class="settings-table">
        <caption class="visually-hidden">The account's API keys</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Key</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col"><span class="visually-hidden">Actions</span></th>
          </tr>
        </thead>
        <tbody data-keys>
          ${keys.map((apiKey) => html`<${KeyRow} apiKey=${apiKey} />`)}
        </tbody>
      </table>
    </div>
    <${ActionProblem} id="keys-problem" />
    <p class="form-status" role="status" data-page-status></p>
    <${KeyRowTemplate} />
    <${ConfirmDialog} />
  </section>`;
}

export function ApiKeysSettings({ visit, state }: { visit: AppVisit; state: KeysState }) {
  const manages = visit.may('api_keys:manage');
  return html`
    <h1>API keys</h1>
    <p class="lead">
      A key lets your own programs call the API: send it as <code>Authorization: Bearer <var>key</var></code>.
      A key acts as a member: it can score and talk with the coach, not manage the account, its billing or other keys.
    </p>
    ${state.apiAccess ? null : html`<${UpgradeNote} visit=${visit} state=${state} />`}
    ${
      manages
        ? // Below Business the list appears only for keys left from a higher plan: they can still be revoked.
          html`${state.apiAccess ? html`<${CreateKeyForm} visit=${visit} />` : null}
          ${state.apiAccess || state.keys.length > 0 ? html`<${KeyList} keys=${state.keys} />` : null}`
        : html`<p class="notice">Owners and admins create and revoke the account's keys. Ask one of them if you need one.</p>`
    }
  `;
}
