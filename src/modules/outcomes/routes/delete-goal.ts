import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import type { GoalService } from '../goal-service.ts';
import { GoalParams } from './outcome-schemas.ts';

/** DELETE /api/products/<id>/goals/<goalId>: removes a goal; another account's is not found. */
export function registerDeleteGoal(app: App, deps: { goals: GoalService }): void {
  app.delete(
    '/api/products/:id/goals/:goalId',
    {
      config: { auth: 'required', whenReadOnly: 'refuse' },
      schema: {
        tags: ['Outcomes'],
        summary: "Remove one of a product's goals",
        params: GoalParams,
        response: { 200: Type.Object({ success: Type.Literal(true) }), ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const removed = await deps.goals.remove(principal.accountId, request.params.id, request.params.goalId);
      if (!removed) throw new ApiError('NOT_FOUND', { message: 'No such goal for this product in this account.' });
      return { success: true as const };
    },
  );
}
