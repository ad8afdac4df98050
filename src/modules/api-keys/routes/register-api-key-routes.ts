/** The API-key routes: create, list, revoke. Gathered so the composition root registers them in one line. */
import type { App } from '../../../http/app-types.ts';
import type { ApiKeyService } from '../api-key-service.ts';
import { registerCreateApiKey } from './create-api-key.ts';
import { registerListApiKeys } from './list-api-keys.ts';
import { registerRevokeApiKey } from './revoke-api-key.ts';

export function registerApiKeyRoutes(app: App, deps: { apiKeys: ApiKeyService }): void {
  registerCreateApiKey(app, deps);
  registerListApiKeys(app, deps);
  registerRevokeApiKey(app, deps);
}
