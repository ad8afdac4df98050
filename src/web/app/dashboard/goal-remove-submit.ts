/**
 * POST /app/products/<id>/goals/<goalId>/remove: the Remove button of a goal
 * on the product page, as DELETE /api/products/<id>/goals/<goalId> does; back
 * to the page's goals with a 303. A goal already gone is not an error: the
 * page shows it gone.
 */
import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { isUuid } from '../../../http/uuid.ts';
import { hasValidCsrfToken } from '../../csrf.ts';
import { appVisit } from '../app-visit.ts';
import type { DashboardDeps } from './dashboard-deps.ts';
import { formRefusal } from '../form-refusal.ts';
import { GOAL_REMOVE_PATH } from './goal-paths.ts';
import { sendProductPage } from './product-history-page.ts';

const Params = Type.Object({ id: Type.String({ maxLength: 100 }), goalId: Type.String({ maxLength: 100 }) });
const RemoveForm = Type.Object({ csrf: Type.Optional(Type.String({ maxLength: 100 })) });

export function registerGoalRemoveSubmit(app: App, deps: DashboardDeps): void {
  app.post(GOAL_REMOVE_PATH, { config: { auth: 'page' }, schema: { hide: true, params: Params, body: RemoveForm } }, async (request, reply) => {
    const visit = await appVisit(request, reply, deps);
    if (!visit) return reply;
    const { id, goalId } = request.params;
    const at = isUuid(id) && isUuid(goalId) ? { id, resultId: null, cursor: null } : null;
    const refusal = await formRefusal(deps, visit, request.body.csrf, (token) => hasValidCsrfToken(request, token));
    if (refusal) return sendProductPage(reply, deps, visit, at, { status: refusal.status, form: { values: {}, errors: { form: refusal.message } } });
    if (!at || !(await deps.products.find(visit.account.id, id))) return sendProductPage(reply, deps, visit, null);
    await deps.goals.remove(visit.account.id, id, goalId);
    return reply.redirect(`/app/products/${id}#goals`, 303);
  });
}
