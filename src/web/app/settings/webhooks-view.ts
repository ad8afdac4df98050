/**
 * The webhooks page's content (/app/settings/webhooks): the account's
 * endpoints for outbound events, each with its state, its events, its
 * actions (send a test event, rotate the secret, disable or enable, delete)
 * and its recent deliveries with their outcome (and a way to send one
 * again); and the form that adds one, whose signing secret is shown once.
 * Owners and admins (webhooks:manage) act; members read nothing (the API
 * refuses them the list).
 */
import type { DeliveryView } from '../../../modules/webhooks/webhook-deliveries.ts';
import { WEBHOOK_EVENT_TYPES } from '../../../modules/webhooks/webhook-events.ts';
import { WEBHOOK_DESCRIPTION_MAX_LENGTH, type WebhookView } from '../../../modules/webhooks/webhook-service.ts';
import { html } from '../../view.ts';
import type { AppVisit } from '../app-visit.ts';
import { ConfirmDialog, confirmation } from './confirm-dialog.ts';
import { ActionProblem, Day, Moment, ScriptNeeded } from './settings-text.ts';

/** How many of an endpoint's deliveries the page lists, newest first. */
export const DELIVERIES_SHOWN = 10;

export interface WebhookEndpoint {
  webhook: WebhookView;
  /** Its newest deliveries, at most DELIVERIES_SHOWN. */
  deliveries: DeliveryView[];
  /** How many deliveries the log holds in all. */
  deliveryCount: number;
}

const EVENT_WORDS: Record<(typeof WEBHOOK_EVENT_TYPES)[number], string> = {
  'score.completed': 'a score is stored',
  'score.linked': 'an anonymous score is linked to the account',
  'plan.changed': 'the plan changes',
  'usage.threshold': 'the month’s credits or scores reach 80% or 100%',
  'member.added': 'someone joins the team',
  'member.removed': 'someone leaves the team',
  'anomaly.detected': 'a new score shows a level lost, the total down or a page with evidence gone',
  'webhook.test': 'you send a test event',
};

const STATUS_WORDS: Record<string, string> = { pending: 'Retrying', delivered: 'Delivered', failed: 'Failed' };

function CreateForm() {
  return html`<section class="card" aria-labelledby="create-webhook-title">
    <h2 id="create-webhook-title">Add an endpoint</h2>
    <form class="settings-form" data-create-webhook-form novalidate>
      <label for="webhook-url">Endpoint address</label>
      <input id="webhook-url" name="url" data-field="body.url" data-empty-message="Give the address your system receives events at." type="text" inputmode="url"
        autocapitalize="none" spellcheck="false" required placeholder="https://example.com/hooks/maturity" aria-describedby="webhook-url-hint" />
      <p class="hint" id="webhook-url-hint">An https address your own system answers with a 2xx status.</p>
      <label for="webhook-description">Description <span class="muted">(optional)</span></label>
      <input id="webhook-description" name="description" data-field="body.description" maxlength=${WEBHOOK_DESCRIPTION_MAX_LENGTH} autocomplete="off" />
      <fieldset class="webhook-events" data-field="body.events" data-empty-message="Choose at least one event.">
        <legend>Send it when</legend>
        ${WEBHOOK_EVENT_TYPES.filter((type) => type !== 'webhook.test').map(
          (type) =>
            html`<label class="checkbox"><input type="checkbox" name="events" value=${type} checked /> <span>${EVENT_WORDS[type]} <code>${type}</code></span></label>`,
        )}
      </fieldset>
      <${ActionProblem} id="create-webhook-problem" />
      <div class="form-actions"><button type="submit" class="button">Add endpoint</button></div>
    </form>
    <${ScriptNeeded} action="Adding an endpoint" />
  </section>
  <section class="card key-reveal" aria-labelledby="secret-title" tabindex="-1" hidden data-secret-reveal>
    <h2 id="secret-title">Its signing secret</h2>
    <p><strong>Copy it now: this is the only time it is shown.</strong> Your system checks each delivery's signature with it (Standard Webhooks). Lost, rotate it for a new one.</p>
    <label for="webhook-secret">Secret for <span data-secret-for></span></label>
    <div class="secret-row">
      <input id="webhook-secret" class="secret" readonly spellcheck="false" autocomplete="off" data-secret />
      <button type="button" class="button" data-copy-secret>Copy</button>
    </div>
    <p class="form-status" role="status" data-copy-status></p>
    <div class="form-actions"><button type="button" class="button button-quiet" data-secret-done>I have copied it</button></div>
  </section>`;
}

function State({ webhook }: { webhook: WebhookView }) {
  if (webhook.enabled) return html`<span class="webhook-state webhook-on">Enabled</span>`;
  return webhook.disabledReason === 'failing'
    ? html`<span class="webhook-state webhook-off">Disabled: deliveries failed for 3 days</span>`
    : html`<span class="webhook-state webhook-off">Disabled</span>`;
}

function DeliveryRow({ delivery, webhookId }: { delivery: DeliveryView; webhookId: string }) {
  return html`<tr>
    <td><code>${delivery.eventType}</code></td>
    <td><span class=${`delivery-${delivery.status}`}>${STATUS_WORDS[delivery.status] ?? delivery.status}</span>${delivery.lastError && delivery.status !== 'delivered' ? html`<br /><span class="muted">${delivery.lastError}</span>` : null}</td>
    <td>${delivery.attempts}</td>
    <td>${delivery.responseStatus ?? '—'}</td>
    <td><${Moment} at=${delivery.createdAt} /></td>
    <td>${delivery.nextAttemptAt ? html`<${Moment} at=${delivery.nextAttemptAt} />` : '—'}</td>
    <td>
      <button type="button" class="button button-quiet button-small" data-webhook-action="redeliver" data-webhook-id=${webhookId} data-delivery-id=${delivery.id}>
        Send again<span class="visually-hidden"> the ${delivery.eventType} event of ${delivery.createdAt.toISOString()}</span>
      </button>
    </td>
  </tr>`;
}

function Deliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { webhook, deliveries, deliveryCount } = endpoint;
  if (deliveries.length === 0) return html`<p class="muted">No deliveries yet. Send a test event to see one arrive.</p>`;
  return html`<div class="table-scroll"><table class="settings-table delivery-table">
    <caption>Recent deliveries${deliveryCount > deliveries.length ? ` (the newest ${deliveries.length} of ${deliveryCount})` : ''}</caption>
    <thead><tr><th scope="col">Event</th><th scope="col">Outcome</th><th scope="col">Attempts</th><th scope="col">Response</th><th scope="col">Sent</th><th scope="col">Next attempt</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
    <tbody>${deliveries.map((delivery) => html`<${DeliveryRow} delivery=${delivery} webhookId=${webhook.id} />`)}</tbody>
  </table></div>`;
}

function Endpoint({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { webhook } = endpoint;
  const id = `webhook-${webhook.id}`;
  return html`<section class="card webhook" aria-labelledby=${id} data-webhook=${webhook.id}>
    <div class="webhook-head">
      <h2 id=${id}><code>${webhook.url}</code></h2>
      <${State} webhook=${webhook} />
    </div>
    ${webhook.description ? html`<p>${webhook.description}</p>` : null}
    <p class="muted">Sends ${webhook.events.map((type) => html`<code>${type}</code> `)}· added <${Day} at=${webhook.createdAt} />${webhook.previousSecretExpiresAt && webhook.previousSecretExpiresAt.getTime() > Date.now() ? html` · the previous secret signs too until <${Moment} at=${webhook.previousSecretExpiresAt} />` : null}</p>
    <div class="webhook-actions">
      <button type="button" class="button button-quiet" data-webhook-action="test" data-webhook-id=${webhook.id}>Send a test event</button>
      <button type="button" class="button button-quiet" data-webhook-action="rotate" data-webhook-id=${webhook.id}
        ...${confirmation('Rotate the secret?', 'A new secret is made and shown once. The current one keeps signing beside it for 24 hours, so your system can switch without missing an event.', 'Rotate')}>Rotate the secret</button>
      ${
        webhook.enabled
          ? html`<button type="button" class="button button-quiet" data-webhook-action="disable" data-webhook-id=${webhook.id}>Disable</button>`
          : html`<button type="button" class="button button-quiet" data-webhook-action="enable" data-webhook-id=${webhook.id}>Enable</button>`
      }
      <button type="button" class="button button-quiet" data-webhook-action="delete" data-webhook-id=${webhook.id}
        ...${confirmation(`Delete ${webhook.url}?`, 'No more events are sent to it, and its delivery log goes with it. This cannot be undone.', 'Delete')}>Delete</button>
    </div>
    <${ActionProblem} id=${`${id}-problem`} />
    <${Deliveries} endpoint=${endpoint} />
  </section>`;
}

export function WebhooksSettings({ visit, endpoints }: { visit: AppVisit; endpoints: WebhookEndpoint[] }) {
  return html`
    <h1>Webhooks</h1>
    <p class="lead">Tell your own systems what happens here: each event is sent to your endpoint as it happens, signed with the endpoint's secret (Standard Webhooks), and retried for 3 days.</p>
    <p>What each event holds: <a href="/docs/webhooks-we-send">the webhooks in the API reference</a>.</p>
    ${
      visit.may('webhooks:manage')
        ? html`<${CreateForm} />
          <p class="form-status" role="status" data-page-status></p>
          ${endpoints.length === 0 ? html`<p class="muted" data-endpoints-empty>No endpoints yet.</p>` : endpoints.map((endpoint) => html`<${Endpoint} endpoint=${endpoint} />`)}
          <${ConfirmDialog} />`
        : html`<p class="notice">Owners and admins add and manage the account's webhook endpoints. Ask one of them if you need one.</p>`
    }
  `;
}
