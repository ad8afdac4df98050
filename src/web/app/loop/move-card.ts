/**
 * A move waiting for a decision, on the Moves page: its title, product,
 * where it goes and why it was proposed, the move in full (its Markdown
 * body, drawn as headings, lists and paragraphs), and the forms that decide
 * it: Approve for the leads (a member reads who can), and Dismiss with one
 * of the six reasons and an optional note. A failed move says why and can be
 * approved again. The forms post to the page's own addresses.
 */
import { dimensionById } from '../../../framework/dimensions.ts';
import type { Move } from '../../../modules/moves/move-service.ts';
import { DISMISS_REASONS } from '../../../modules/moves/tables.ts';
import { MarkdownLite } from '../../components/markdown-lite.ts';
import { html } from '../../view.ts';
import { productHistoryPath } from '../dashboard/dashboard-paths.ts';
import { ScoreMoment } from '../dashboard/score-dates.ts';
import { moveApproveFormPath, moveDismissFormPath } from './loop-paths.ts';
import { DISMISS_REASON_WORDS, destinationWords, originWords } from './move-words.ts';

/** The longest dismissal note the API takes (POST /api/moves/<id>/dismiss). */
export const DISMISS_NOTE_MAX = 500;

/** What every move on the page needs besides itself. */
export interface MoveContext {
  productNames: ReadonlyMap<string, string>;
  csrf: string;
  /** The app's origin: the body's links are drawn only when they lead here. */
  appOrigin: string;
  /** Whether the visitor may approve (owners and admins); else `leads` says who may. */
  mayApprove: boolean;
  leads: readonly string[];
}

export function ProductLink({ productId, context }: { productId: string; context: MoveContext }) {
  const name = context.productNames.get(productId);
  return name ? html`<a href=${productHistoryPath(productId)}>${name}</a>` : html`<span>A removed product</span>`;
}

function Approve({ move, context }: { move: Move; context: MoveContext }) {
  if (!context.mayApprove) {
    const who = context.leads.length > 0 ? `: ${context.leads.join(', ')}` : '';
    return html`<p class="muted move-approvers">Owners and admins approve moves${who}.</p>`;
  }
  return html`<form method="post" action=${moveApproveFormPath(move.id)} class="inline-form">
    <input type="hidden" name="csrf" value=${context.csrf} />
    <button type="submit" class="button button-small" aria-describedby=${`move-${move.id}-title`}>${move.state === 'failed' ? 'Approve again' : 'Approve'}</button>
  </form>`;
}

function Dismiss({ move, context }: { move: Move; context: MoveContext }) {
  const id = (field: string) => `move-${move.id}-${field}`;
  return html`<details class="move-dismiss">
    <summary>Dismiss<span class="visually-hidden">: ${move.title}</span></summary>
    <form method="post" action=${moveDismissFormPath(move.id)} class="move-dismiss-form">
      <input type="hidden" name="csrf" value=${context.csrf} />
      <label for=${id('reason')}>Why dismiss it?</label>
      <select id=${id('reason')} name="reason" required>
        <option value="">Choose a reason</option>
        ${DISMISS_REASONS.map((reason) => html`<option value=${reason}>${DISMISS_REASON_WORDS[reason]}</option>`)}
      </select>
      <label for=${id('note')}>Note <span class="optional">(optional)</span></label>
      <textarea id=${id('note')} name="note" rows="2" maxlength=${DISMISS_NOTE_MAX}></textarea>
      <div class="form-actions"><button type="submit" class="button button-quiet button-small">Dismiss the move</button></div>
    </form>
  </details>`;
}

export function MoveCard({ move, context }: { move: Move; context: MoveContext }) {
  const dimensionName = move.dimensionId ? dimensionById(move.dimensionId).name : null;
  return html`<li class="loop-move" data-move=${move.kind} data-state=${move.state}>
    <h3 id=${`move-${move.id}-title`}>${move.title}</h3>
    <p class="move-meta">
      <${ProductLink} productId=${move.productId} context=${context} /> · ${destinationWords(move)}
    </p>
    <p class="muted">Proposed <${ScoreMoment} iso=${move.proposedAt.toISOString()} /> ${originWords(move, dimensionName)}.</p>
    ${
      move.state === 'failed'
        ? html`<p class="notice notice-error">Sending it failed: ${move.lastError ?? 'the tool answered with an error'}. Approve it again to retry, or dismiss it.</p>`
        : null
    }
    <details class="move-body">
      <summary>The move in full<span class="visually-hidden">: ${move.title}</span></summary>
      <${MarkdownLite} source=${move.body} appOrigin=${context.appOrigin} headingLevel=${4} />
    </details>
    <div class="move-actions">
      <${Approve} move=${move} context=${context} />
      <${Dismiss} move=${move} context=${context} />
    </div>
  </li>`;
}
