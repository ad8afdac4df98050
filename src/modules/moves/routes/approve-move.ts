import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import { IdParams } from '../../../http/uuid.ts';
import { refusalError } from '../../metering/api/refusal-responses.ts';
import type { MoveService } from '../move-service.ts';
import { MoveSchema, moveView } from '../move-view.ts';

/** POST /api/moves/<id>/approve: a lead dispatches a move, once; approving it again changes nothing. */
export function registerApproveMove(app: App, deps: { moves: MoveService }): void {
  app.post(
    '/api/moves/:id/approve',
    {
      config: { auth: 'required', permission: 'moves:approve', whenReadOnly: 'refuse' },
      schema: {
        tags: ['Moves'],
        summary: 'Approve a move: it is dispatched once',
        description:
          'A proposed or failed move is approved and its dispatch enqueued; one approved or dispatched already is answered as it is. ' +
          'Dispatches are limited to 30 an hour per account (SCORING_RATE_LIMITED with Retry-After).',
        params: IdParams,
        response: { 200: MoveSchema, ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'SCORING_RATE_LIMITED') },
      },
    },
    async (request) => {
      const outcome = await deps.moves.approve(requirePrincipal(request), request.params.id);
      if (outcome.ok) return moveView(outcome.move);
      if (outcome.reason === 'not_found') throw new ApiError('NOT_FOUND', { message: 'No such move in this account.' });
      if (outcome.reason === 'dismissed') throw new ApiError('CONFLICT', { message: 'The move was dismissed.' });
      throw refusalError(outcome.refusal);
    },
  );
}
