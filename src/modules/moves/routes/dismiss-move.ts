import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import { IdParams } from '../../../http/uuid.ts';
import type { MoveService } from '../move-service.ts';
import { MoveSchema, moveView } from '../move-view.ts';
import { DismissBody } from './move-schemas.ts';

/** POST /api/moves/<id>/dismiss: a member sets a proposed or failed move aside, saying why. */
export function registerDismissMove(app: App, deps: { moves: MoveService }): void {
  app.post(
    '/api/moves/:id/dismiss',
    {
      config: { auth: 'required', whenReadOnly: 'refuse' },
      schema: {
        tags: ['Moves'],
        summary: 'Dismiss a move with a reason',
        description: 'A move approved, dispatched or dismissed already is answered with CONFLICT.',
        params: IdParams,
        body: DismissBody,
        response: { 200: MoveSchema, ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'NOT_FOUND', 'CONFLICT') },
      },
    },
    async (request) => {
      const outcome = await deps.moves.dismiss(requirePrincipal(request), request.params.id, request.body.reason, request.body.note ?? null);
      if (outcome.ok) return moveView(outcome.move);
      if (outcome.reason === 'not_found') throw new ApiError('NOT_FOUND', { message: 'No such move in this account.' });
      throw new ApiError('CONFLICT', { message: `The move is ${outcome.move.state} already.` });
    },
  );
}
