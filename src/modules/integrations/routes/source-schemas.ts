/** Schemas of the sources API (/api/sources...): connections, their chosen scopes, what they fed. */
import { Type, type Static } from 'typebox';
import { SOURCE_PROVIDERS } from '../source-oauth.ts';
import type { ConnectionRow, ScopeRow } from '../source-connections.ts';

export const ProviderParams = Type.Object({ provider: Type.Union(SOURCE_PROVIDERS.map((provider) => Type.Literal(provider))) });
export const ConnectionParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const ScopeSchema = Type.Object({
  productId: Type.String({ format: 'uuid' }),
  resourceId: Type.String({ minLength: 1, maxLength: 200, description: 'owner/name of a repository (GitHub) or a team id (Linear)' }),
  resourceName: Type.String({ minLength: 1, maxLength: 200 }),
});

export const ConnectionSchema = Type.Object({
  id: Type.String(),
  provider: Type.String(),
  externalAccount: Type.Union([Type.String(), Type.Null()], { description: 'The GitHub login or Linear organisation the grant acts for' }),
  connectedAt: Type.String({ format: 'date-time' }),
  lastSyncedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  lastSyncError: Type.Union([Type.String(), Type.Null()]),
  scopes: Type.Array(ScopeSchema),
  fed: Type.Array(Type.Object({ type: Type.String(), count: Type.Integer(), productIds: Type.Array(Type.String()) }), {
    description: 'What each signal type of this connection fed',
  }),
});
export type ConnectionJson = Static<typeof ConnectionSchema>;

export function connectionJson(connection: ConnectionRow, scopes: ScopeRow[], fed: ConnectionJson['fed'] = []): ConnectionJson {
  return {
    id: connection.id,
    provider: connection.provider,
    externalAccount: connection.externalAccount,
    connectedAt: connection.createdAt.toISOString(),
    lastSyncedAt: connection.lastSyncedAt?.toISOString() ?? null,
    lastSyncError: connection.lastSyncError,
    scopes: scopes.map((scope) => ({ productId: scope.productId, resourceId: scope.resourceId, resourceName: scope.resourceName })),
    fed,
  };
}
