/**
 * The Moves page (/app/moves): the moves waiting for a decision first (each
 * a move-card.ts), then every move of the account newest first, a page at a
 * time, with what became of it: sent with the link to its issue or score,
 * being sent, failed and why, or dismissed with the reason; and which kinds
 * the account sends without approval, with the form that sets them for the
 * leads. Every form posts to the page's own addresses.
 */
import type { Move } from '../../../modules/moves/move-service.ts';
import { MOVE_KINDS, type MoveKind, type MoveState } from '../../../modules/moves/tables.ts';
import { html } from '../../view.ts';
import { ScoreMoment } from '../dashboard/score-dates.ts';
import { MOVE_SETTINGS_FORM_PATH, movesPath, type MoveAction } from './loop-paths.ts';
import { MoveCard, ProductLink, type MoveContext } from './move-card.ts';
import { DISMISS_REASON_WORDS, KIND_WORDS, destinationWords, linkWords } from './move-words.ts';

export interface MovesPage {
  /** Proposed and failed moves, newest first: what a person decides. */
  toDecide: Move[];
  /** More wait than are shown: the oldest are in the list of every move. */
  moreToDecide: boolean;
  log: { moves: Move[]; nextCursor: string | null; cursor: string | null };
  /** The team's user ids with their addresses: who approved or dismissed. */
  people: ReadonlyMap<string, string>;
  autoDispatch: readonly MoveKind[];
  context: MoveContext;
  notice: { done: MoveAction } | { problem: string } | null;
}

const STATE_WORDS: Record<MoveState, string> = {
  proposed: 'Proposed',
  approved: 'Being sent',
  dispatched: 'Sent',
  failed: 'Failed',
  dismissed: 'Dismissed',
};
const DONE_WORDS: Record<MoveAction, string> = {
  approved: 'Approved: the move is being sent. It shows as sent, with its link, once its tool has it.',
  dismissed: 'Dismissed: the move is set aside with your reason, which the Intelligence page counts.',
  settings: 'Saved: the kinds ticked are sent as soon as they are proposed; the others wait for approval.',
};

/** An address the provider answered, drawn as a link only when it is a web address. */
const webAddress = (link: string | null) => (link && /^https?:\/\//i.test(link) ? link : null);

function who(page: MovesPage, userId: string | null): string {
  if (userId === 'auto') return 'automatically, as the account allows for this kind';
  return `by ${(userId && page.people.get(userId)) ?? 'a former member'}`;
}

const reasonWords = (move: Move) => (move.dismissReason ? DISMISS_REASON_WORDS[move.dismissReason] : 'no reason given');

function Outcome({ move, page }: { move: Move; page: MovesPage }) {
  switch (move.state) {
    case 'proposed':
      return html`<p>Waiting for a decision, above.</p>`;
    case 'approved':
      return html`<p>Approved <${ScoreMoment} iso=${move.approvedAt!.toISOString()} /> ${who(page, move.approvedBy)}; being sent.</p>`;
    case 'dispatched': {
      const link = webAddress(move.link);
      return html`<p>
        Sent <${ScoreMoment} iso=${(move.dispatchedAt ?? move.approvedAt)!.toISOString()} />, approved ${who(page, move.approvedBy)}.
        ${link ? html`<a href=${link} class="move-link">${linkWords(move)}<span class="visually-hidden">: ${move.title}</span></a>` : null}
      </p>`;
    }
    case 'failed':
      return html`<p>Sending it failed: ${move.lastError ?? 'the tool answered with an error'}.</p>`;
    case 'dismissed':
      return html`<p>
          Dismissed ${move.dismissedAt ? html`<${ScoreMoment} iso=${move.dismissedAt.toISOString()} />` : null} ${who(page, move.dismissedBy)}: ${reasonWords(move)}.
        </p>
        ${move.dismissNote ? html`<p class="muted move-note">Note: ${move.dismissNote}</p>` : null}`;
  }
}

function LogItem({ move, page }: { move: Move; page: MovesPage }) {
  return html`<li class="move-log-item" data-move=${move.kind} data-state=${move.state}>
    <p class="move-log-head"><strong>${move.title}</strong> <span class=${`move-state move-state-${move.state}`}>${STATE_WORDS[move.state]}</span></p>
    <p class="move-meta muted">
      <${ProductLink} productId=${move.productId} context=${page.context} /> · ${destinationWords(move)} · proposed <${ScoreMoment} iso=${move.proposedAt.toISOString()} />
    </p>
    <${Outcome} move=${move} page=${page} />
  </li>`;
}

function Settings({ page }: { page: MovesPage }) {
  const chosen = new Set(page.autoDispatch);
  if (!page.context.mayApprove) {
    const kinds = MOVE_KINDS.filter((kind) => chosen.has(kind)).map((kind) => KIND_WORDS[kind]);
    return html`<p>${kinds.length > 0 ? `Sent as soon as proposed: ${kinds.join(', ')}. Every other move waits for an owner or admin.` : 'None: every move waits for an owner or admin to approve it.'}</p>`;
  }
  return html`<form method="post" action=${MOVE_SETTINGS_FORM_PATH} class="move-settings-form">
    <input type="hidden" name="csrf" value=${page.context.csrf} />
    <fieldset>
      <legend>Send these kinds as soon as they are proposed</legend>
      ${MOVE_KINDS.map(
        (kind) =>
          html`<label class="checkbox"><input type="checkbox" name="autoDispatch" value=${kind} checked=${chosen.has(kind)} /> <span>${KIND_WORDS[kind]}</span></label>`,
      )}
    </fieldset>
    <p class="hint">Every dispatch is audited and counts against the limit of dispatches an hour, approved or not.</p>
    <div class="form-actions"><button type="submit" class="button button-quiet">Save</button></div>
  </form>`;
}

function Notice({ notice }: { notice: MovesPage['notice'] }) {
  if (!notice) return null;
  if ('done' in notice) return html`<p class="notice" role="status">${DONE_WORDS[notice.done]}</p>`;
  return html`<p class="notice notice-error" role="alert">${notice.problem}</p>`;
}

export function MovesView({ page }: { page: MovesPage }) {
  const { log } = page;
  return html`<div class="moves-page" data-moves>
    <h1>Moves</h1>
    <p class="lead">Next steps proposed from each product's score: when a goal is at risk or a dimension fell a level, the playbook's step up from its level, to send to the team's own tools. Approve one to send it; dismiss one with the reason it does not fit.</p>
    <${Notice} notice=${page.notice} />
    <section aria-labelledby="to-decide-heading">
      <h2 id="to-decide-heading">To decide</h2>
      ${
        page.toDecide.length === 0
          ? html`<p class="muted">Nothing to decide: no move is waiting. A new one is proposed when a score leaves a goal at risk or a dimension falls.</p>`
          : html`<ul class="loop-moves">${page.toDecide.map((move) => html`<${MoveCard} move=${move} context=${page.context} />`)}</ul>`
      }
      ${page.moreToDecide ? html`<p class="muted">More are waiting: the oldest are in the list below.</p>` : null}
    </section>
    <section aria-labelledby="every-move-heading">
      <h2 id="every-move-heading">Every move</h2>
      ${
        log.moves.length === 0
          ? html`<p class="muted">${log.cursor ? 'No older moves.' : 'No move yet.'}</p>`
          : html`<ul class="move-log">${log.moves.map((move) => html`<${LogItem} move=${move} page=${page} />`)}</ul>`
      }
      ${
        log.cursor || log.nextCursor
          ? html`<nav class="history-pages" aria-label="Pages of moves">
              ${log.cursor ? html`<a href=${movesPath()}>Newest moves</a>` : null}
              ${log.nextCursor ? html`<a href=${movesPath({ cursor: log.nextCursor })} rel="next">Older moves</a>` : null}
            </nav>`
          : null
      }
    </section>
    <section aria-labelledby="move-settings-heading" class="move-settings">
      <h2 id="move-settings-heading">Sent without approval</h2>
      <${Settings} page=${page} />
    </section>
  </div>`;
}
