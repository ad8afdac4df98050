/**
 * POST /app/products/<id>/schedule: the product page's cadence control, as
 * PUT /api/products/<id>/schedule does (ScheduleService); back to the page's
 * goals and cadence with a 303.
 */
import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { isUuid } from '../../../http/uuid.ts';
import { SCHEDULE_CADENCES } from '../../../modules/outcomes/tables.ts';
import { hasValidCsrfToken } from '../../csrf.ts';
import { appVisit } from '../app-visit.ts';
import type { DashboardDeps } from './dashboard-deps.ts';
import { formRefusal } from '../form-refusal.ts';
import { SCHEDULE_FORM_PATH } from './goal-paths.ts';
import { sendProductPage } from './product-history-page.ts';

const Params = Type.Object({ id: Type.String({ maxLength: 100 }) });
const ScheduleForm = Type.Object({ csrf: Type.Optional(Type.String({ maxLength: 100 })), cadence: Type.Optional(Type.String({ maxLength: 20 })) });
const CADENCES: readonly string[] = [...SCHEDULE_CADENCES, 'off'];

export function registerScheduleFormSubmit(app: App, deps: DashboardDeps): void {
  app.post(SCHEDULE_FORM_PATH, { config: { auth: 'page' }, schema: { hide: true, params: Params, body: ScheduleForm } }, async (request, reply) => {
    const visit = await appVisit(request, reply, deps);
    if (!visit) return reply;
    const { id } = request.params;
    const at = isUuid(id) ? { id, resultId: null, cursor: null } : null;
    const refusal = await formRefusal(deps, visit, request.body.csrf, (token) => hasValidCsrfToken(request, token));
    if (refusal) return sendProductPage(reply, deps, visit, at, { status: refusal.status, form: { values: {}, errors: { form: refusal.message } } });
    if (!at || !(await deps.products.find(visit.account.id, id))) return sendProductPage(reply, deps, visit, null);
    const cadence = request.body.cadence ?? '';
    if (!CADENCES.includes(cadence))
      return sendProductPage(reply, deps, visit, at, { status: 400, form: { values: {}, errors: { form: 'Choose weekly, monthly or off.' } } });
    await deps.schedules.set(visit.account.id, id, visit.principal.userId, cadence as (typeof SCHEDULE_CADENCES)[number] | 'off');
    return reply.redirect(`/app/products/${id}#goals`, 303);
  });
}
