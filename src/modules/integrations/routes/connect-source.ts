/**
 * POST /api/sources/<provider>/connect: starts the OAuth authorization (code
 * with PKCE and state) and answers the provider's address to send the browser
 * to; admin and above. 409 with what to set when the provider is not configured.
 */
import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import type { SourceConnections } from '../source-connections.ts';
import { ProviderParams } from './source-schemas.ts';

export function registerConnectSource(app: App, deps: { sources: SourceConnections }): void {
  app.post(
    '/api/sources/:provider/connect',
    {
      config: { auth: 'required', permission: 'sources:manage' },
      schema: {
        tags: ['Sources'],
        summary: 'Start connecting GitHub or Linear',
        params: ProviderParams,
        response: { 200: Type.Object({ authorizeUrl: Type.String() }), ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'FORBIDDEN', 'CONFLICT') },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const started = await deps.sources.startConnect(principal.accountId, principal.userId, request.params.provider);
      if (!started.ok) {
        throw new ApiError('CONFLICT', {
          message: `${request.params.provider} is not configured on this service: set ${started.missing.join(', ')}.`,
          details: { missing: started.missing },
        });
      }
      reply.header('cache-control', 'no-store');
      return { authorizeUrl: started.authorizeUrl };
    },
  );
}
