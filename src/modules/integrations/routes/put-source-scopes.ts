/** PUT /api/sources/<id>/scopes: which repositories or teams count for which product (the whole choice, replaced); admin and above. */
import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses, invalidBody } from '../../../http/errors.ts';
import type { SourceConnections } from '../source-connections.ts';
import { ConnectionParams, ScopeSchema } from './source-schemas.ts';

export function registerPutSourceScopes(app: App, deps: { sources: SourceConnections }): void {
  app.put(
    '/api/sources/:id/scopes',
    {
      config: { auth: 'required', permission: 'sources:manage' },
      schema: {
        tags: ['Sources'],
        summary: 'Choose the repositories or teams that count for each product',
        params: ConnectionParams,
        body: Type.Object({ scopes: Type.Array(ScopeSchema, { maxItems: 100 }) }),
        response: { 200: Type.Object({ scopes: Type.Array(ScopeSchema) }), ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'FORBIDDEN', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const outcome = await deps.sources.setScopes(principal.accountId, request.params.id, request.body.scopes);
      if (outcome === 'not_found') throw new ApiError('NOT_FOUND', { message: 'No such connection in this account.' });
      if ('unknownProduct' in outcome)
        throw invalidBody([{ field: 'body.scopes', message: `names ${outcome.unknownProduct}, which is not a product of this account` }]);
      return { scopes: outcome.map((scope) => ({ productId: scope.productId, resourceId: scope.resourceId, resourceName: scope.resourceName })) };
    },
  );
}
