import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { errorResponses } from '../../../http/errors.ts';
import type { MoveService } from '../move-service.ts';
import { moveView } from '../move-view.ts';
import { MOVE_PAGE_LIMIT, MoveListQuery, MoveListSchema } from './move-schemas.ts';

/** GET /api/moves: the account's proposed and dispatched moves, newest first. */
export function registerGetMoves(app: App, deps: { moves: MoveService }): void {
  app.get(
    '/api/moves',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['Moves'],
        summary: "The account's moves, newest first, a page at a time",
        querystring: MoveListQuery,
        response: { 200: MoveListSchema, ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const { state, productId, cursor, limit } = request.query;
      const page = await deps.moves.list(principal.accountId, {
        state,
        productId,
        after: cursor,
        limit: limit === undefined ? MOVE_PAGE_LIMIT : Number(limit),
      });
      return { moves: page.moves.map(moveView), nextCursor: page.nextCursor };
    },
  );
}
