/**
 * GET /.well-known/jwks.json, with the built-in development identity
 * provider only: its public key, so that other processes (the CLI, a second
 * instance) verify the tokens it signs as they would an external provider's.
 */
import type { DevSigningKey } from '../identity/dev-identity.ts';
import type { App } from './app-types.ts';

export function registerDevJwks(app: App, devKey: DevSigningKey): void {
  const jwks = { keys: [devKey.publicJwk] };
  app.get('/.well-known/jwks.json', { config: { auth: 'public' }, schema: { hide: true } }, async () => jwks);
}
