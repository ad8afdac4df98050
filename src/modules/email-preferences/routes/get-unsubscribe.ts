import type { App } from '../../../http/app-types.ts';
import { errorResponses } from '../../../http/errors.ts';
import type { EmailPreferences } from '../email-preferences.ts';
import { requireToken, tokenInvalid } from './token-errors.ts';
import { PreferenceStateSchema, preferenceStateBody, TokenQuery } from './unsubscribe-schemas.ts';

export const UNSUBSCRIBE_PATH = '/api/unsubscribe';

/** GET /api/unsubscribe?token= (spec part 4): public, bound by the token; reads, never changes. */
export function registerGetUnsubscribe(app: App, deps: { emailPreferences: EmailPreferences }): void {
  app.get(
    UNSUBSCRIBE_PATH,
    {
      config: { auth: 'public' },
      schema: {
        tags: ['Lifecycle'],
        summary: "A mail recipient's preferences, by the token from one of their mails",
        querystring: TokenQuery,
        response: { 200: PreferenceStateSchema, ...errorResponses('INVALID_REQUEST', 'NOT_FOUND') },
      },
    },
    async (request, reply) => {
      const state = await deps.emailPreferences.stateFor(requireToken(request.query.token));
      if (!state) throw tokenInvalid();
      // The answer names a person's address: no cache keeps it.
      reply.header('cache-control', 'no-store');
      return preferenceStateBody(state);
    },
  );
}
