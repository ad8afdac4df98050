import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { errorResponses } from '../../../http/errors.ts';
import type { MoveService } from '../move-service.ts';
import { MoveSettingsSchema } from './move-schemas.ts';

/** PUT /api/moves/settings: which kinds of move dispatch without approval (leads only, audited). */
export function registerPutMoveSettings(app: App, deps: { moves: MoveService }): void {
  app.put(
    '/api/moves/settings',
    {
      config: { auth: 'required', permission: 'moves:approve', whenReadOnly: 'refuse' },
      schema: {
        tags: ['Moves'],
        summary: 'Choose the kinds of move dispatched without approval',
        body: MoveSettingsSchema,
        response: { 200: MoveSettingsSchema, ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'FORBIDDEN') },
      },
    },
    async (request) => deps.moves.setSettings(requirePrincipal(request), request.body.autoDispatch),
  );
}
