import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import { IdParams } from '../../../http/uuid.ts';
import type { ScheduleService } from '../schedule-service.ts';
import { ScheduleSchema, scheduleView, type OutcomeRouteDeps } from './outcome-schemas.ts';

/** GET /api/products/<id>/schedule: the cadence, when it next runs, and what its last scheduled run did. */
export function registerGetSchedule(app: App, deps: OutcomeRouteDeps & { schedules: ScheduleService }): void {
  app.get(
    '/api/products/:id/schedule',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['Outcomes'],
        summary: "A product's rescoring cadence and its last scheduled run",
        params: IdParams,
        response: { 200: ScheduleSchema, ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      if (!(await deps.productInAccount(principal.accountId, request.params.id)))
        throw new ApiError('NOT_FOUND', { message: 'No such product in this account.' });
      return scheduleView(await deps.schedules.get(principal.accountId, request.params.id));
    },
  );
}
