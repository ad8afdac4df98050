/**
 * POST /app/moves/<id>/approve: a move's Approve button, as POST
 * /api/moves/<id>/approve does (MoveService.approve): the move and its one
 * dispatch, audited; approving it again changes nothing. Back to the Moves
 * page with a 303 and the word of what was done. Refused with the page
 * again: a member (403: owners and admins approve), an expired form or a
 * read-only account (403), a dismissed move (409), too many dispatches this
 * hour (429, with how long to wait). Another account's move is the 404 page.
 */
import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { isUuid } from '../../../http/uuid.ts';
import { hasValidCsrfToken } from '../../csrf.ts';
import { sendNotFoundPage } from '../../pages/not-found-page.ts';
import { appVisit } from '../app-visit.ts';
import { formRefusal } from '../form-refusal.ts';
import type { LoopDeps } from './loop-deps.ts';
import { MOVE_APPROVE_FORM_PATH, movesPath } from './loop-paths.ts';
import { sendMovesPage } from './moves-page.ts';

const Params = Type.Object({ id: Type.String({ maxLength: 100 }) });
const ApproveForm = Type.Object({ csrf: Type.Optional(Type.String({ maxLength: 100 })) });

/** "in 12 minutes", "in 40 seconds": the wait a throttled approval is told. */
function waitWords(seconds: number): string {
  if (seconds < 60) return `in ${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export function registerMoveApproveSubmit(app: App, deps: LoopDeps): void {
  app.post(MOVE_APPROVE_FORM_PATH, { config: { auth: 'page' }, schema: { hide: true, params: Params, body: ApproveForm } }, async (request, reply) => {
    const visit = await appVisit(request, reply, deps);
    if (!visit) return reply;
    const refusal = await formRefusal(deps, visit, request.body.csrf, (token) => hasValidCsrfToken(request, token));
    if (refusal) return sendMovesPage(reply, deps, visit, null, { problem: refusal.message }, refusal.status);
    if (!visit.may('moves:approve'))
      return sendMovesPage(reply, deps, visit, null, { problem: 'Only owners and admins approve moves. Nothing was sent.' }, 403);
    const { id } = request.params;
    if (!isUuid(id)) return sendNotFoundPage(reply, deps.settings, visit.viewer, 'move');
    const outcome = await deps.moves.approve(visit.principal, id);
    if (outcome.ok) return reply.redirect(movesPath({ done: 'approved' }), 303);
    if (outcome.reason === 'not_found') return sendNotFoundPage(reply, deps.settings, visit.viewer, 'move');
    if (outcome.reason === 'dismissed') return sendMovesPage(reply, deps, visit, null, { problem: 'That move was dismissed: it cannot be approved.' }, 409);
    const wait = outcome.refusal.retryAfterSeconds;
    reply.header('retry-after', String(wait));
    return sendMovesPage(
      reply,
      deps,
      visit,
      null,
      { problem: `Too many moves were sent this hour. Nothing was sent: approve it again ${waitWords(wait)}.` },
      429,
    );
  });
}
