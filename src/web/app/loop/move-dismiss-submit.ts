/**
 * POST /app/moves/<id>/dismiss: a move's Dismiss form, as POST
 * /api/moves/<id>/dismiss does (MoveService.dismiss): any member, with one of
 * the six reasons and an optional note, audited. Back to the Moves page with
 * a 303 and the word of what was done. Refused with the page again: an
 * expired form or a read-only account (403), no reason or a note too long
 * (400), a move approved, sent or dismissed already (409). Another account's
 * move is the 404 page.
 */
import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { isUuid } from '../../../http/uuid.ts';
import { DISMISS_REASONS, type DismissReason } from '../../../modules/moves/tables.ts';
import { hasValidCsrfToken } from '../../csrf.ts';
import { sendNotFoundPage } from '../../pages/not-found-page.ts';
import { appVisit } from '../app-visit.ts';
import { formRefusal } from '../form-refusal.ts';
import type { LoopDeps } from './loop-deps.ts';
import { MOVE_DISMISS_FORM_PATH, movesPath } from './loop-paths.ts';
import { DISMISS_NOTE_MAX } from './move-card.ts';
import { sendMovesPage } from './moves-page.ts';

const Params = Type.Object({ id: Type.String({ maxLength: 100 }) });
// Loose on purpose: a note a little too long is the page again with why, not a 400 in JSON.
const DismissForm = Type.Object({
  csrf: Type.Optional(Type.String({ maxLength: 100 })),
  reason: Type.Optional(Type.String({ maxLength: 50 })),
  note: Type.Optional(Type.String({ maxLength: 4 * DISMISS_NOTE_MAX })),
});
const STATE_WORDS = { approved: 'approved and being sent', dispatched: 'sent', dismissed: 'dismissed', proposed: 'open', failed: 'failed' } as const;

const isDismissReason = (value: string): value is DismissReason => (DISMISS_REASONS as readonly string[]).includes(value);

export function registerMoveDismissSubmit(app: App, deps: LoopDeps): void {
  app.post(MOVE_DISMISS_FORM_PATH, { config: { auth: 'page' }, schema: { hide: true, params: Params, body: DismissForm } }, async (request, reply) => {
    const visit = await appVisit(request, reply, deps);
    if (!visit) return reply;
    const { csrf, reason = '', note = '' } = request.body;
    const refusal = await formRefusal(deps, visit, csrf, (token) => hasValidCsrfToken(request, token));
    if (refusal) return sendMovesPage(reply, deps, visit, null, { problem: refusal.message }, refusal.status);
    if (!isDismissReason(reason)) return sendMovesPage(reply, deps, visit, null, { problem: 'Choose why the move is dismissed. Nothing was changed.' }, 400);
    const trimmed = note.trim();
    if (trimmed.length > DISMISS_NOTE_MAX)
      return sendMovesPage(reply, deps, visit, null, { problem: `The note is longer than ${DISMISS_NOTE_MAX} characters. Nothing was changed.` }, 400);
    const { id } = request.params;
    if (!isUuid(id)) return sendNotFoundPage(reply, deps.settings, visit.viewer, 'move');
    const outcome = await deps.moves.dismiss(visit.principal, id, reason, trimmed === '' ? null : trimmed);
    if (outcome.ok) return reply.redirect(movesPath({ done: 'dismissed' }), 303);
    if (outcome.reason === 'not_found') return sendNotFoundPage(reply, deps.settings, visit.viewer, 'move');
    return sendMovesPage(reply, deps, visit, null, { problem: `That move is ${STATE_WORDS[outcome.move.state]} already: it cannot be dismissed.` }, 409);
  });
}
