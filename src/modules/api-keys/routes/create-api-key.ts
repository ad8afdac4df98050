import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import { refusalError } from '../../metering/api/refusal-responses.ts';
import { API_KEY_NAME_MAX_LENGTH, type ApiKeyService } from '../api-key-service.ts';
import { CreateApiKeyBody, CreatedApiKeySchema } from './api-key-schemas.ts';

/** POST /api/keys (spec part 5): admin and above, Business and Enterprise; the secret is in this answer only. */
export function registerCreateApiKey(app: App, deps: { apiKeys: ApiKeyService }): void {
  app.post(
    '/api/keys',
    {
      config: { auth: 'required', permission: 'api_keys:manage', idempotent: true, whenReadOnly: 'refuse' },
      schema: {
        tags: ['API Keys'],
        summary: 'Create an API key',
        body: CreateApiKeyBody,
        response: {
          201: CreatedApiKeySchema,
          ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'PLAN_LIMIT_REACHED', 'FORBIDDEN', 'CONFLICT', 'IDEMPOTENCY_KEY_REUSED'),
        },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const name = request.body.name.trim();
      if (name.length < 1 || name.length > API_KEY_NAME_MAX_LENGTH) {
        const message = `must be 1 to ${API_KEY_NAME_MAX_LENGTH} characters after trimming`;
        throw new ApiError('INVALID_REQUEST', { message: `Invalid body: body.name ${message}`, details: [{ field: 'body.name', message }] });
      }
      const created = await deps.apiKeys.create(principal.accountId, name, principal.userId);
      if (!created.ok) throw refusalError(created);
      const { key } = created;
      reply.header('cache-control', 'no-store');
      return reply.code(201).send({ id: key.id, name: key.name, prefix: key.prefix, key: key.key, createdAt: key.createdAt.toISOString() });
    },
  );
}
