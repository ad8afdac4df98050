/**
 * POST /app/anomalies/<id>/state: an anomaly's Acknowledge or Resolve button
 * on the Changes page, as PATCH /api/anomalies/<id> does
 * (AnomalyService.setState); back to the list the reader was on with a 303
 * and the word of what was done. An expired form or a read-only account is
 * the page again (403) with why; another account's anomaly is the 404 page.
 */
import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { isUuid } from '../../../http/uuid.ts';
import { hasValidCsrfToken } from '../../csrf.ts';
import { sendNotFoundPage } from '../../pages/not-found-page.ts';
import { appVisit } from '../app-visit.ts';
import { formRefusal } from '../form-refusal.ts';
import { sendChangesPage } from './changes-page.ts';
import type { LoopDeps } from './loop-deps.ts';
import { ANOMALY_STATE_FORM_PATH, DEFAULT_ANOMALY_FILTER, changesPath, isAnomalyAction, isAnomalyFilter } from './loop-paths.ts';

const Params = Type.Object({ id: Type.String({ maxLength: 100 }) });
const StateForm = Type.Object({
  csrf: Type.Optional(Type.String({ maxLength: 100 })),
  state: Type.Optional(Type.String({ maxLength: 20 })),
  /** The list the button was on, to go back to: its filter and page. */
  view: Type.Optional(Type.String({ maxLength: 20 })),
  cursor: Type.Optional(Type.String({ maxLength: 100 })),
});

export function registerAnomalyStateSubmit(app: App, deps: LoopDeps): void {
  app.post(ANOMALY_STATE_FORM_PATH, { config: { auth: 'page' }, schema: { hide: true, params: Params, body: StateForm } }, async (request, reply) => {
    const visit = await appVisit(request, reply, deps);
    if (!visit) return reply;
    const { csrf, state = '', view = '', cursor = '' } = request.body;
    // Where the reader came from, when it is a place the page knows; else the default list.
    const back = { filter: isAnomalyFilter(view) ? view : DEFAULT_ANOMALY_FILTER, cursor: isUuid(cursor) ? cursor : null };
    const refusal = await formRefusal(deps, visit, csrf, (token) => hasValidCsrfToken(request, token));
    if (refusal) return sendChangesPage(reply, deps, visit, back, { problem: refusal.message }, refusal.status);
    if (!isAnomalyAction(state)) return sendChangesPage(reply, deps, visit, back, { problem: 'Choose Acknowledge or Resolve.' }, 400);
    const { id } = request.params;
    const changed = isUuid(id) ? await deps.anomalies.setState(visit.account.id, id, state, visit.principal.userId) : null;
    if (!changed) return sendNotFoundPage(reply, deps.settings, visit.viewer, 'change');
    return reply.redirect(changesPath({ ...back, done: state }), 303);
  });
}
