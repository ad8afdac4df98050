import type { App } from '../../../http/app-types.ts';
import { errorResponses, invalidBody } from '../../../http/errors.ts';
import { OPT_OUT_CATEGORIES } from '../../../vocabulary/mail-categories.ts';
import type { EmailPreferences } from '../email-preferences.ts';
import { UNSUBSCRIBE_PATH } from './get-unsubscribe.ts';
import { requireCategories, requireToken, tokenInvalid, tokenRequired } from './token-errors.ts';
import { PreferenceStateSchema, preferenceStateBody, UnsubscribeBody } from './unsubscribe-schemas.ts';

/**
 * POST /api/unsubscribe (spec part 4): public, bound by the token;
 * idempotent by its nature (it sets states, so a repeat changes nothing), so
 * it needs no Idempotency-Key. Answers the new state.
 */
export function registerPostUnsubscribe(app: App, deps: { emailPreferences: EmailPreferences }): void {
  app.post(
    UNSUBSCRIBE_PATH,
    {
      config: { auth: 'public' },
      // No body at all has no token either: the spec's answer, not the schema's "body must be object".
      preValidation: async (request) => {
        if (request.body === undefined || request.body === null) throw tokenRequired();
      },
      schema: {
        tags: ['Lifecycle'],
        summary: 'Opt out of (or back into) mail categories, by the token from a mail',
        body: UnsubscribeBody,
        response: { 200: PreferenceStateSchema, ...errorResponses('INVALID_REQUEST', 'NOT_FOUND') },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const token = requireToken(body.token);
      const optIn = requireCategories(body.subscribe, 'body.subscribe');
      const optOut = body.all === true ? [...OPT_OUT_CATEGORIES] : requireCategories(body.categories, 'body.categories');
      const both = optOut.filter((category) => optIn.includes(category));
      if (both.length > 0) {
        throw invalidBody([{ field: 'body.subscribe', message: `repeats ${both.join(', ')}, which the request also opts out of` }]);
      }
      const state = await deps.emailPreferences.change(token, { optOut, optIn });
      if (!state) throw tokenInvalid();
      reply.header('cache-control', 'no-store');
      return preferenceStateBody(state);
    },
  );
}
