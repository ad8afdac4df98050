/** GET /api/sources/<id>/resources: the repositories (GitHub) or teams (Linear) the grant can read; admin and above. */
import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import type { SourceConnections } from '../source-connections.ts';
import { ConnectionParams } from './source-schemas.ts';

export function registerListSourceResources(app: App, deps: { sources: SourceConnections }): void {
  app.get(
    '/api/sources/:id/resources',
    {
      config: { auth: 'required', permission: 'sources:manage' },
      schema: {
        tags: ['Sources'],
        summary: 'What this connection can count: repositories or teams',
        params: ConnectionParams,
        response: {
          200: Type.Object({ resources: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })) }),
          ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'FORBIDDEN', 'NOT_FOUND', 'SERVICE_UNAVAILABLE'),
        },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      let resources;
      try {
        resources = await deps.sources.resources(principal.accountId, request.params.id);
      } catch {
        throw new ApiError('SERVICE_UNAVAILABLE', { message: 'The provider could not be read. Retry shortly, or connect again from Sources.' });
      }
      if (!resources) throw new ApiError('NOT_FOUND', { message: 'No such connection in this account.' });
      return { resources };
    },
  );
}
