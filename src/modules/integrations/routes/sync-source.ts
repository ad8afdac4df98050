/** POST /api/sources/<id>/sync: reads the connection now (the schedule does it too); admin and above. */
import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import type { SourceConnections } from '../source-connections.ts';
import { ConnectionParams } from './source-schemas.ts';

export function registerSyncSource(app: App, deps: { sources: SourceConnections }): void {
  app.post(
    '/api/sources/:id/sync',
    {
      config: { auth: 'required', permission: 'sources:manage' },
      schema: {
        tags: ['Sources'],
        summary: 'Sync a connection now',
        params: ConnectionParams,
        response: {
          200: Type.Object({ stored: Type.Integer({ description: 'Signals stored by this sync' }) }),
          ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'FORBIDDEN', 'NOT_FOUND', 'SERVICE_UNAVAILABLE'),
        },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const outcome = await deps.sources.sync(principal.accountId, request.params.id);
      if (outcome.ok) return { stored: outcome.stored };
      if (outcome.reason === 'not_found') throw new ApiError('NOT_FOUND', { message: 'No such connection in this account.' });
      throw new ApiError('SERVICE_UNAVAILABLE', { message: `The sync failed: ${outcome.detail}` });
    },
  );
}
