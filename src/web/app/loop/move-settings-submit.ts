/**
 * POST /app/moves/settings: the Moves page's "Sent without approval" form,
 * as PUT /api/moves/settings does (MoveService.setSettings, audited): the
 * kinds ticked are sent as soon as they are proposed. Owners and admins
 * only, as approving is. Back to the page with a 303 and the word of what
 * was done; refused with the page again.
 */
import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { MOVE_KINDS, type MoveKind } from '../../../modules/moves/tables.ts';
import { hasValidCsrfToken } from '../../csrf.ts';
import { appVisit } from '../app-visit.ts';
import { formRefusal } from '../form-refusal.ts';
import type { LoopDeps } from './loop-deps.ts';
import { MOVE_SETTINGS_FORM_PATH, movesPath } from './loop-paths.ts';
import { sendMovesPage } from './moves-page.ts';

const Kind = Type.String({ maxLength: 30 });
// One ticked box posts a single value, several post the field again: both are accepted.
const SettingsForm = Type.Object({
  csrf: Type.Optional(Type.String({ maxLength: 100 })),
  autoDispatch: Type.Optional(Type.Union([Kind, Type.Array(Kind, { maxItems: 2 * MOVE_KINDS.length })])),
});

const isMoveKind = (value: string): value is MoveKind => (MOVE_KINDS as readonly string[]).includes(value);

export function registerMoveSettingsSubmit(app: App, deps: LoopDeps): void {
  app.post(MOVE_SETTINGS_FORM_PATH, { config: { auth: 'page' }, schema: { hide: true, body: SettingsForm } }, async (request, reply) => {
    const visit = await appVisit(request, reply, deps);
    if (!visit) return reply;
    const refusal = await formRefusal(deps, visit, request.body.csrf, (token) => hasValidCsrfToken(request, token));
    if (refusal) return sendMovesPage(reply, deps, visit, null, { problem: refusal.message }, refusal.status);
    if (!visit.may('moves:approve'))
      return sendMovesPage(reply, deps, visit, null, { problem: 'Only owners and admins choose what is sent without approval. Nothing was changed.' }, 403);
    const ticked = ([] as string[]).concat(request.body.autoDispatch ?? []);
    if (!ticked.every(isMoveKind)) return sendMovesPage(reply, deps, visit, null, { problem: 'Tick only the kinds listed. Nothing was changed.' }, 400);
    await deps.moves.setSettings(visit.principal, ticked);
    return reply.redirect(movesPath({ done: 'settings' }), 303);
  });
}
