/**
 * The Changes page (/app/anomalies): every anomaly of the account, newest
 * first, filtered by state, a page at a time, each with its product, its
 * evidence before and now, its state and the buttons that acknowledge or
 * resolve it. The buttons are small forms that post to the page's own
 * addresses (anomaly-state-submit.ts), so they work without scripts.
 */
import type { Anomaly } from '../../../modules/anomalies/anomaly-service.ts';
import type { AnomalyState } from '../../../modules/anomalies/tables.ts';
import { html } from '../../view.ts';
import { productHistoryPath, resultPath } from '../dashboard/dashboard-paths.ts';
import { AnomalyEvidence } from './anomaly-evidence.ts';
import { anomalyStateFormPath, changesPath, type AnomalyAction, type AnomalyFilter } from './loop-paths.ts';

const FILTER_LINKS: readonly { filter: AnomalyFilter; label: string }[] = [
  { filter: 'unresolved', label: 'To look at' },
  { filter: 'open', label: 'Open' },
  { filter: 'acknowledged', label: 'Acknowledged' },
  { filter: 'resolved', label: 'Resolved' },
];
const NOTHING: Record<AnomalyFilter, string> = {
  unresolved: 'Nothing to look at: no change is open or acknowledged.',
  open: 'No open change.',
  acknowledged: 'No acknowledged change.',
  resolved: 'No resolved change yet.',
};
const STATE_WORDS: Record<AnomalyState, string> = { open: 'Open', acknowledged: 'Acknowledged', resolved: 'Resolved' };
const DONE_WORDS: Record<AnomalyAction, string> = {
  acknowledged: 'Acknowledged: the change stays under "To look at" until it is resolved.',
  resolved: 'Resolved: the change is listed under "Resolved" now.',
};
const BUTTONS: readonly { action: AnomalyAction; label: string; from: readonly AnomalyState[] }[] = [
  { action: 'acknowledged', label: 'Acknowledge', from: ['open'] },
  { action: 'resolved', label: 'Resolve', from: ['open', 'acknowledged'] },
];

export interface ChangesPage {
  anomalies: Anomaly[];
  nextCursor: string | null;
  filter: AnomalyFilter;
  cursor: string | null;
  /** The account's products by id: a removed product's anomalies say so. */
  productNames: ReadonlyMap<string, string>;
  csrf: string;
  /** What a button just did (the word it left in the address), or why a form was refused. */
  notice: { done: AnomalyAction } | { problem: string } | null;
}

function Where({ anomaly, productNames }: { anomaly: Anomaly; productNames: ReadonlyMap<string, string> }) {
  if (anomaly.productId === null)
    return anomaly.resultId ? html`<a href=${resultPath(anomaly.resultId)}>A score of an address</a>` : html`<span>The account's signals</span>`;
  const name = productNames.get(anomaly.productId);
  return name ? html`<a href=${productHistoryPath(anomaly.productId)}>${name}</a>` : html`<span>A removed product</span>`;
}

function StateButtons({ anomaly, page }: { anomaly: Anomaly; page: ChangesPage }) {
  const buttons = BUTTONS.filter((button) => button.from.includes(anomaly.state));
  if (buttons.length === 0) return null;
  return html`<div class="anomaly-actions">
    ${buttons.map(
      (button) => html`<form method="post" action=${anomalyStateFormPath(anomaly.id)} class="inline-form">
        <input type="hidden" name="csrf" value=${page.csrf} />
        <input type="hidden" name="state" value=${button.action} />
        <input type="hidden" name="view" value=${page.filter} />
        ${page.cursor ? html`<input type="hidden" name="cursor" value=${page.cursor} />` : null}
        <button type="submit" class="button button-quiet button-small" aria-describedby=${`anomaly-${anomaly.id}`}>${button.label}</button>
      </form>`,
    )}
  </div>`;
}

function AnomalyItem({ anomaly, page }: { anomaly: Anomaly; page: ChangesPage }) {
  return html`<li data-anomaly=${anomaly.kind} data-state=${anomaly.state}>
    <p class="anomaly-where"><${Where} anomaly=${anomaly} productNames=${page.productNames} /> <span class=${`anomaly-state anomaly-${anomaly.state}`}>${STATE_WORDS[anomaly.state]}</span></p>
    <div id=${`anomaly-${anomaly.id}`}><${AnomalyEvidence} anomaly=${anomaly} /></div>
    <${StateButtons} anomaly=${anomaly} page=${page} />
  </li>`;
}

function Notice({ notice }: { notice: ChangesPage['notice'] }) {
  if (!notice) return null;
  if ('done' in notice) return html`<p class="notice" role="status">${DONE_WORDS[notice.done]}</p>`;
  return html`<p class="notice notice-error" role="alert">${notice.problem}</p>`;
}

export function ChangesView({ page }: { page: ChangesPage }) {
  return html`<div class="changes" data-changes>
    <h1>Changes</h1>
    <p class="lead">What changed beyond normal variation in your products: a level lost, the total down, a page with evidence gone, or a measured signal outside its usual band. Acknowledge what you have seen; resolve what is dealt with. A later score that shows it mended resolves it for you.</p>
    <${Notice} notice=${page.notice} />
    <nav class="filter-links" aria-label="Changes by state">
      <ul>
        ${FILTER_LINKS.map(
          (link) =>
            html`<li><a href=${changesPath({ filter: link.filter })} aria-current=${link.filter === page.filter ? 'page' : undefined}>${link.label}</a></li>`,
        )}
      </ul>
    </nav>
    ${
      page.anomalies.length === 0
        ? html`<p class="muted">${page.cursor ? 'No older changes.' : NOTHING[page.filter]}</p>`
        : html`<ul class="anomaly-list">${page.anomalies.map((anomaly) => html`<${AnomalyItem} anomaly=${anomaly} page=${page} />`)}</ul>`
    }
    ${
      page.cursor || page.nextCursor
        ? html`<nav class="history-pages" aria-label="Pages of changes">
            ${page.cursor ? html`<a href=${changesPath({ filter: page.filter })}>Newest changes</a>` : null}
            ${page.nextCursor ? html`<a href=${changesPath({ filter: page.filter, cursor: page.nextCursor })} rel="next">Older changes</a>` : null}
          </nav>`
        : null
    }
  </div>`;
}
