/**
 * GET /api/sources/<provider>/callback: where the provider sends the browser
 * back with a code and the state. The state (one use, ten minutes, bound to
 * the account and the user who started) is the defence against a forged
 * callback. Answers with a redirect to the Sources screen, which says how it went.
 */
import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { errorResponses } from '../../../http/errors.ts';
import type { SourceConnections } from '../source-connections.ts';
import { ProviderParams } from './source-schemas.ts';

export const SOURCES_SCREEN_PATH = '/app/settings/sources';

export function registerSourceCallback(app: App, deps: { sources: SourceConnections }): void {
  app.get(
    '/api/sources/:provider/callback',
    {
      config: { auth: 'required', permission: 'sources:manage' },
      schema: {
        tags: ['Sources'],
        summary: "The provider's redirect back after the user approved (or refused) the connection",
        params: ProviderParams,
        querystring: Type.Object({
          code: Type.Optional(Type.String({ maxLength: 512 })),
          state: Type.Optional(Type.String({ maxLength: 512 })),
          error: Type.Optional(Type.String({ maxLength: 200 })),
        }),
        response: { 302: Type.Null(), ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'FORBIDDEN') },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const { provider } = request.params;
      const { code, state, error } = request.query;
      const back = new URLSearchParams({ provider });
      if (error || !code || !state) {
        back.set('error', error === 'access_denied' ? 'The connection was not approved.' : 'The provider did not send a code back.');
      } else {
        const outcome = await deps.sources.completeConnect(principal.accountId, principal.userId, provider, { code, state });
        if (outcome.ok) back.set('connected', outcome.connection.id);
        else back.set('error', outcome.detail);
      }
      reply.header('cache-control', 'no-store');
      return reply.code(302).header('location', `${SOURCES_SCREEN_PATH}?${back.toString()}`).send(null);
    },
  );
}
