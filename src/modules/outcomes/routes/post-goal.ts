import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses, invalidBody } from '../../../http/errors.ts';
import { IdParams } from '../../../http/uuid.ts';
import type { GoalService } from '../goal-service.ts';
import { CreateGoalBody, GoalSchema, goalView, type OutcomeRouteDeps } from './outcome-schemas.ts';

/**
 * POST /api/products/<id>/goals: a target level for one dimension by a due
 * date; a goal already set for the dimension is replaced. Any member may set
 * one, as any member may add a product or score it.
 */
export function registerPostGoal(app: App, deps: OutcomeRouteDeps & { goals: GoalService }): void {
  app.post(
    '/api/products/:id/goals',
    {
      config: { auth: 'required', whenReadOnly: 'refuse' },
      schema: {
        tags: ['Outcomes'],
        summary: "Set a goal for one of a product's dimensions",
        params: IdParams,
        body: CreateGoalBody,
        response: { 201: GoalSchema, ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'NOT_FOUND') },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      if (!(await deps.productInAccount(principal.accountId, request.params.id)))
        throw new ApiError('NOT_FOUND', { message: 'No such product in this account.' });
      const { dimensionId, targetLevel, dueDate } = request.body;
      if (dueDate < deps.goals.today()) throw invalidBody([{ field: 'body.dueDate', message: 'is in the past' }]);
      const startLevel = await deps.goals.latestLevel(principal.accountId, request.params.id, dimensionId);
      if (startLevel !== null && targetLevel <= startLevel) {
        throw invalidBody([{ field: 'body.targetLevel', message: `must be above the dimension's latest level (${startLevel})` }]);
      }
      const goal = await deps.goals.set(principal.accountId, request.params.id, principal.userId, { dimensionId, targetLevel, dueDate, startLevel });
      return reply.code(201).send(goalView(goal));
    },
  );
}
