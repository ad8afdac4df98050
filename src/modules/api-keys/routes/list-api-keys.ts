import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { errorResponses } from '../../../http/errors.ts';
import type { ApiKeyService } from '../api-key-service.ts';
import { ApiKeyListSchema } from './api-key-schemas.ts';

/** GET /api/keys: the account's live keys, without their secrets; admin and above. */
export function registerListApiKeys(app: App, deps: { apiKeys: ApiKeyService }): void {
  app.get(
    '/api/keys',
    {
      config: { auth: 'required', permission: 'api_keys:manage' },
      schema: {
        tags: ['API Keys'],
        summary: "List the account's API keys",
        response: { 200: ApiKeyListSchema, ...errorResponses('AUTH_REQUIRED', 'FORBIDDEN') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const keys = await deps.apiKeys.list(principal.accountId);
      return {
        keys: keys.map((key) => ({
          id: key.id,
          name: key.name,
          prefix: key.prefix,
          createdAt: key.createdAt.toISOString(),
          lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
        })),
      };
    },
  );
}
