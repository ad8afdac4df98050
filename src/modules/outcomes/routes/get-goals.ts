import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import { IdParams } from '../../../http/uuid.ts';
import type { GoalService } from '../goal-service.ts';
import { GoalListSchema, goalView, type OutcomeRouteDeps } from './outcome-schemas.ts';

/** GET /api/products/<id>/goals: the product's goals with their progress, soonest due first. */
export function registerGetGoals(app: App, deps: OutcomeRouteDeps & { goals: GoalService }): void {
  app.get(
    '/api/products/:id/goals',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['Outcomes'],
        summary: "A product's goals with their progress: on track or at risk",
        params: IdParams,
        response: { 200: GoalListSchema, ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      if (!(await deps.productInAccount(principal.accountId, request.params.id)))
        throw new ApiError('NOT_FOUND', { message: 'No such product in this account.' });
      const goals = await deps.goals.list(principal.accountId, request.params.id);
      return { goals: goals.map(goalView) };
    },
  );
}
