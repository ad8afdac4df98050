/** GET /api/sources: the providers (and what to set for one not configured) and the account's connections; admin and above. */
import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { errorResponses } from '../../../http/errors.ts';
import type { SourceConnections } from '../source-connections.ts';
import { connectionJson, ConnectionSchema, type ConnectionJson } from './source-schemas.ts';

export type FedSummary = (accountId: string, integrationIds: string[]) => Promise<{ integrationId: string; type: string; count: number; products: string[] }[]>;

export function registerListSources(app: App, deps: { sources: SourceConnections; fedSummary: FedSummary }): void {
  app.get(
    '/api/sources',
    {
      config: { auth: 'required', permission: 'sources:manage' },
      schema: {
        tags: ['Sources'],
        summary: "The team's tools: providers, connections, last sync, errors and what each signal fed",
        response: {
          200: Type.Object({
            providers: Type.Array(
              Type.Object({
                provider: Type.String(),
                configured: Type.Boolean(),
                missing: Type.Array(Type.String(), { description: 'Configuration still to set' }),
                redirectUri: Type.String(),
              }),
            ),
            connections: Type.Array(ConnectionSchema),
          }),
          ...errorResponses('AUTH_REQUIRED', 'FORBIDDEN'),
        },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const listed = await deps.sources.list(principal.accountId);
      const fed = await deps.fedSummary(
        principal.accountId,
        listed.map(({ connection }) => connection.id),
      );
      const fedOf = (id: string): ConnectionJson['fed'] =>
        fed.filter((entry) => entry.integrationId === id).map((entry) => ({ type: entry.type, count: entry.count, productIds: entry.products }));
      return {
        providers: deps.sources.providers().map((entry) => ({ ...entry, redirectUri: deps.sources.redirectUri(entry.provider) })),
        connections: listed.map(({ connection, scopes }) => connectionJson(connection, scopes, fedOf(connection.id))),
      };
    },
  );
}
