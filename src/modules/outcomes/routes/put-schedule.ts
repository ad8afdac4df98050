import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import { IdParams } from '../../../http/uuid.ts';
import type { ScheduleService } from '../schedule-service.ts';
import { PutScheduleBody, ScheduleSchema, scheduleView, type OutcomeRouteDeps } from './outcome-schemas.ts';

/**
 * PUT /api/products/<id>/schedule: rescore the product weekly, monthly, or
 * not (`off`). The scheduled scores are the setter's, admitted as theirs.
 */
export function registerPutSchedule(app: App, deps: OutcomeRouteDeps & { schedules: ScheduleService }): void {
  app.put(
    '/api/products/:id/schedule',
    {
      config: { auth: 'required', whenReadOnly: 'refuse' },
      schema: {
        tags: ['Outcomes'],
        summary: "Set a product's rescoring cadence",
        params: IdParams,
        body: PutScheduleBody,
        response: { 200: ScheduleSchema, ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      if (!(await deps.productInAccount(principal.accountId, request.params.id)))
        throw new ApiError('NOT_FOUND', { message: 'No such product in this account.' });
      return scheduleView(await deps.schedules.set(principal.accountId, request.params.id, principal.userId, request.body.cadence));
    },
  );
}
