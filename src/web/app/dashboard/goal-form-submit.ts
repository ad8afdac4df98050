/**
 * POST /app/products/<id>/goals: the product page's goal form without
 * scripts. Sets the goal as POST /api/products/<id>/goals does (GoalService)
 * and sends the browser back to the page's goals with a 303; a refusal is the
 * page again with the reader's values and each field's problem in words.
 */
import { Type } from 'typebox';
import { isDimensionId, dimensionById } from '../../../framework/dimensions.ts';
import type { App } from '../../../http/app-types.ts';
import { isUuid } from '../../../http/uuid.ts';
import { hasValidCsrfToken } from '../../csrf.ts';
import { appVisit } from '../app-visit.ts';
import type { DashboardDeps } from './dashboard-deps.ts';
import { GOAL_FORM_PATH } from './goal-paths.ts';
import { formRefusal } from '../form-refusal.ts';
import { sendProductPage } from './product-history-page.ts';
import type { GoalFormState } from './product-goals-view.ts';

const GoalForm = Type.Object({
  csrf: Type.Optional(Type.String({ maxLength: 100 })),
  dimensionId: Type.Optional(Type.String({ maxLength: 100 })),
  targetLevel: Type.Optional(Type.String({ maxLength: 10 })),
  dueDate: Type.Optional(Type.String({ maxLength: 20 })),
});
const Params = Type.Object({ id: Type.String({ maxLength: 100 }) });
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function registerGoalFormSubmit(app: App, deps: DashboardDeps): void {
  app.post(GOAL_FORM_PATH, { config: { auth: 'page' }, schema: { hide: true, params: Params, body: GoalForm } }, async (request, reply) => {
    const visit = await appVisit(request, reply, deps);
    if (!visit) return reply;
    const productId = request.params.id;
    const at = isUuid(productId) ? { id: productId, resultId: null, cursor: null } : null;
    const { csrf, dimensionId = '', targetLevel = '', dueDate = '' } = request.body;
    const form: GoalFormState = { values: { dimensionId, targetLevel, dueDate }, errors: {} };
    const refusal = await formRefusal(deps, visit, csrf, (token) => hasValidCsrfToken(request, token));
    if (refusal) return sendProductPage(reply, deps, visit, at, { status: refusal.status, form: { ...form, errors: { form: refusal.message } } });
    if (!at || !(await deps.products.find(visit.account.id, productId))) return sendProductPage(reply, deps, visit, null);

    const level = Number(targetLevel);
    if (!isDimensionId(dimensionId)) form.errors.dimensionId = 'Choose the dimension the goal is for.';
    if (!Number.isInteger(level) || level < 1 || level > 4) form.errors.targetLevel = 'Choose a target level from 1 to 4.';
    if (!DAY.test(dueDate) || Number.isNaN(Date.parse(dueDate))) form.errors.dueDate = 'Give the day the goal is due.';
    else if (dueDate < deps.goals.today()) form.errors.dueDate = 'That day has passed: choose today or a later day.';
    if (isDimensionId(dimensionId) && !form.errors.targetLevel) {
      const start = await deps.goals.latestLevel(visit.account.id, productId, dimensionId);
      if (start !== null && level <= start) {
        form.errors.targetLevel = `${dimensionById(dimensionId).name} is already at level ${start}: choose a higher target.`;
      }
      if (Object.keys(form.errors).length === 0) {
        await deps.goals.set(visit.account.id, productId, visit.principal.userId, { dimensionId, targetLevel: level, dueDate, startLevel: start });
        return reply.redirect(`/app/products/${productId}#goals`, 303);
      }
    }
    return sendProductPage(reply, deps, visit, at, { status: 400, form });
  });
}
