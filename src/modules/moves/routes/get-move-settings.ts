import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { errorResponses } from '../../../http/errors.ts';
import type { MoveService } from '../move-service.ts';
import { MoveSettingsSchema } from './move-schemas.ts';

/** GET /api/moves/settings: the kinds of move the account dispatches without approval. */
export function registerGetMoveSettings(app: App, deps: { moves: MoveService }): void {
  app.get(
    '/api/moves/settings',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['Moves'],
        summary: 'The kinds of move dispatched without approval',
        response: { 200: MoveSettingsSchema, ...errorResponses('AUTH_REQUIRED') },
      },
    },
    async (request) => deps.moves.settings(requirePrincipal(request).accountId),
  );
}
