import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { errorResponses } from '../../../http/errors.ts';
import type { EmailPreferences } from '../email-preferences.ts';
import { OWN_PREFERENCES_PATH, requireOwnAddress } from './own-preferences-errors.ts';
import { PreferenceStateSchema, preferenceStateBody } from './unsubscribe-schemas.ts';

/**
 * GET /api/account/email-preferences (ours; the spec's "Settings" tag has no
 * shapes): the signed-in person's own preference record, by the address
 * their identity carries, in the shape GET /api/unsubscribe answers. Every
 * role reads their own. An address never mailed is subscribed to everything.
 */
export function registerGetOwnEmailPreferences(app: App, deps: { emailPreferences: EmailPreferences }): void {
  app.get(
    OWN_PREFERENCES_PATH,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['Settings'],
        summary: 'Your own email preferences (by the address your sign-in carries)',
        response: { 200: PreferenceStateSchema, ...errorResponses('AUTH_REQUIRED', 'CONFLICT') },
      },
    },
    async (request, reply) => {
      const address = requireOwnAddress(requirePrincipal(request));
      reply.header('cache-control', 'private, no-store');
      return preferenceStateBody(await deps.emailPreferences.stateForAddress(address));
    },
  );
}
