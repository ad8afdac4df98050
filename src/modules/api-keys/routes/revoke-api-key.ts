import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import type { ApiKeyService } from '../api-key-service.ts';
import { ApiKeyParams, RevokedSchema } from './api-key-schemas.ts';

/** DELETE /api/keys/<id>: revokes at once; another account's key is not found. Admin and above. */
export function registerRevokeApiKey(app: App, deps: { apiKeys: ApiKeyService }): void {
  app.delete(
    '/api/keys/:id',
    {
      config: { auth: 'required', permission: 'api_keys:manage' },
      schema: {
        tags: ['API Keys'],
        summary: 'Revoke an API key',
        params: ApiKeyParams,
        response: { 200: RevokedSchema, ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'FORBIDDEN', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      if (!(await deps.apiKeys.revoke(principal.accountId, request.params.id))) {
        throw new ApiError('NOT_FOUND', { message: 'No such API key in this account.' });
      }
      return { success: true as const };
    },
  );
}
