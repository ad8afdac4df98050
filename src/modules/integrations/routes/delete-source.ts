/** DELETE /api/sources/<id>: disconnects, revoking the grant at the provider; admin and above. The signals it measured stay. */
import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import type { SourceConnections } from '../source-connections.ts';
import { ConnectionParams } from './source-schemas.ts';

export function registerDeleteSource(app: App, deps: { sources: SourceConnections }): void {
  app.delete(
    '/api/sources/:id',
    {
      config: { auth: 'required', permission: 'sources:manage' },
      schema: {
        tags: ['Sources'],
        summary: 'Disconnect a source (its grant revoked at the provider)',
        params: ConnectionParams,
        response: { 200: Type.Object({ success: Type.Literal(true) }), ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'FORBIDDEN', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      if ((await deps.sources.disconnect(principal.accountId, request.params.id)) === 'not_found')
        throw new ApiError('NOT_FOUND', { message: 'No such connection in this account.' });
      return { success: true as const };
    },
  );
}
