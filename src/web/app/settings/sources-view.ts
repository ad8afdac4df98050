/**
 * The Sources page's content (/app/settings/sources, issue 27): GitHub and
 * Linear, each connectable once configured (else what to set, in the
 * configuration's words), and each connection with its account, last sync,
 * last error, the repositories or teams it counts for which product (chosen
 * here, from what the grant can read: sources.js asks the provider through
 * GET /api/sources/<id>/resources), and what each of its signals fed.
 * Owners and admins (sources:manage) act.
 */
import { measuredSignalType } from '../../../framework/measured-signals.ts';
import { html } from '../../view.ts';
import type { AppVisit } from '../app-visit.ts';
import { ConfirmDialog, confirmation } from './confirm-dialog.ts';
import { ActionProblem, Moment, ScriptNeeded } from './settings-text.ts';

const PROVIDER_NAMES: Record<string, string> = { github: 'GitHub', linear: 'Linear' };
const RESOURCE_WORDS: Record<string, string> = { github: 'repositories', linear: 'teams' };

export interface SourcesPageData {
  providers: { provider: string; configured: boolean; missing: string[]; redirectUri: string }[];
  connections: {
    id: string;
    provider: string;
    externalAccount: string | null;
    connectedAt: Date;
    lastSyncedAt: Date | null;
    lastSyncError: string | null;
    scopes: { productId: string; productName: string; resourceId: string; resourceName: string }[];
    fed: { type: string; count: number; productNames: string[] }[];
  }[];
  /** The account's products, that repositories and teams count for. */
  products: { id: string; name: string }[];
  /** From the provider's redirect back: what happened. */
  outcome: { connected: boolean; error: string | null; provider: string | null } | null;
}

function Provider({ entry, connected }: { entry: SourcesPageData['providers'][number]; connected: boolean }) {
  const name = PROVIDER_NAMES[entry.provider] ?? entry.provider;
  if (!entry.configured) {
    return html`<section class="card" aria-labelledby=${`provider-${entry.provider}`}>
      <h2 id=${`provider-${entry.provider}`}>${name}</h2>
      <p>${name} is not set up on this service yet. Whoever runs it sets ${entry.missing.map((name, index) => html`${index > 0 ? ', ' : ''}<code>${name}</code>`)}, and registers <code>${entry.redirectUri}</code> as the OAuth callback address.</p>
    </section>`;
  }
  return html`<section class="card" aria-labelledby=${`provider-${entry.provider}`}>
    <h2 id=${`provider-${entry.provider}`}>${name}</h2>
    <p>${connected ? `Connected. Connecting again replaces the grant.` : `Read-only access to your ${RESOURCE_WORDS[entry.provider]}: you choose which count for which product.`}</p>
    <div class="form-actions"><button type="button" class="button" data-connect=${entry.provider}>${connected ? `Connect ${name} again` : `Connect ${name}`}</button></div>
    <${ActionProblem} id=${`connect-${entry.provider}-problem`} />
    <${ScriptNeeded} action="Connecting" />
  </section>`;
}

/**
 * The choice of which repositories or teams count for which product: the
 * products and the current choice are in the page; the repositories or teams
 * come from the provider when asked (sources.js), one group of products per
 * repository or team. Saving replaces the whole choice.
 */
function ScopePicker({ connection, products }: { connection: SourcesPageData['connections'][number]; products: SourcesPageData['products'] }) {
  const words = RESOURCE_WORDS[connection.provider] ?? 'resources';
  if (products.length === 0) return html`<p class="muted">Add a product on the dashboard first: ${words} count for a product.</p>`;
  const chosen = connection.scopes.map(({ productId, resourceId }) => ({ productId, resourceId }));
  return html`<div class="scope-picker" data-scope-picker data-source-id=${connection.id} data-products=${JSON.stringify(products)} data-scopes=${JSON.stringify(chosen)}>
    <button type="button" class="button button-quiet" data-choose-scopes>Choose ${words}</button>
    <form class="scope-form" data-scope-form hidden>
      <p class="hint">Tick the products each of your ${words} counts for; what is not ticked is not read.</p>
      <div data-scope-choices></div>
      <div class="form-actions"><button type="submit" class="button">Save the choice</button></div>
    </form>
    <${ActionProblem} id=${`connection-${connection.id}-scopes-problem`} />
  </div>`;
}

function Connection({ connection, products }: { connection: SourcesPageData['connections'][number]; products: SourcesPageData['products'] }) {
  const name = PROVIDER_NAMES[connection.provider] ?? connection.provider;
  const id = `connection-${connection.id}`;
  return html`<section class="card" aria-labelledby=${id}>
    <h2 id=${id}>${name}${connection.externalAccount ? `: ${connection.externalAccount}` : ''}</h2>
    <dl class="settings-facts">
      <div><dt>Connected</dt><dd><${Moment} at=${connection.connectedAt} /></dd></div>
      <div><dt>Last sync</dt><dd>${connection.lastSyncedAt ? html`<${Moment} at=${connection.lastSyncedAt} />` : 'Not yet'}</dd></div>
      <div><dt>Last error</dt><dd>${connection.lastSyncError ?? html`<span class="muted">None</span>`}</dd></div>
      <div><dt>Counts for</dt><dd>${connection.scopes.length === 0 ? html`<span class="muted">Nothing chosen yet</span>` : connection.scopes.map((scope, index) => html`${index > 0 ? '; ' : ''}${scope.resourceName} → ${scope.productName}`)}</dd></div>
    </dl>
    <${ScopePicker} connection=${connection} products=${products} />
    ${
      connection.fed.length > 0
        ? html`<table class="sources-fed">
          <caption>What its signals fed</caption>
          <thead><tr><th scope="col">Signal</th><th scope="col">Values</th><th scope="col">Products</th></tr></thead>
          <tbody>${connection.fed.map((entry) => html`<tr><td>${measuredSignalType(entry.type)?.label ?? entry.type} <code>${entry.type}</code></td><td>${entry.count}</td><td>${entry.productNames.join(', ')}</td></tr>`)}</tbody>
        </table>`
        : null
    }
    <div class="form-actions">
      <button type="button" class="button button-quiet" data-source-action="sync" data-source-id=${connection.id}>Sync now</button>
      <button type="button" class="button button-quiet" data-source-action="disconnect" data-source-id=${connection.id}
        ...${confirmation(`Disconnect ${name}?`, 'The grant is revoked at the provider and no more signals are read. What was measured stays in the account.', 'Disconnect')}>Disconnect</button>
    </div>
    <${ActionProblem} id=${`${id}-problem`} />
  </section>`;
}

export function SourcesSettings({ visit, data }: { visit: AppVisit; data: SourcesPageData }) {
  const outcome = data.outcome;
  return html`
    <h1>Sources</h1>
    <p class="lead">The team's own tools as evidence: what GitHub and Linear measure goes beside what the website shows, on your own products' scores. Signals can also be pushed with <code>POST /api/signals</code>.</p>
    ${outcome?.error ? html`<p class="notice notice-error" role="alert">${PROVIDER_NAMES[outcome.provider ?? ''] ?? 'The provider'}: ${outcome.error}</p>` : null}
    ${outcome?.connected ? html`<p class="notice" role="status">${PROVIDER_NAMES[outcome.provider ?? ''] ?? 'The source'} is connected. Choose what counts for which product, then sync.</p>` : null}
    ${
      visit.may('sources:manage')
        ? html`${data.providers.map((entry) => html`<${Provider} entry=${entry} connected=${data.connections.some((connection) => connection.provider === entry.provider)} />`)}
          <p class="form-status" role="status" data-page-status></p>
          ${data.connections.length === 0 ? html`<p class="muted">No source connected yet.</p>` : data.connections.map((connection) => html`<${Connection} connection=${connection} products=${data.products} />`)}
          <${ConfirmDialog} />`
        : html`<p class="notice">Owners and admins connect the team's tools. Ask one of them if you need one.</p>`
    }
  `;
}
