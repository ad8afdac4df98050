/**
 * POST /api/unsubscribe/one-click?token=&category= (RFC 8058): what a mailbox
 * provider posts when its reader presses "Unsubscribe" on one of our mails.
 * No cookie, no CSRF token: the token in the address is the authority, and
 * it opts out of one category only. Registered in the forms scope (app.ts),
 * the one that parses form bodies.
 */
import type { App } from '../../../http/app-types.ts';
import { ApiError, errorResponses, invalidBody } from '../../../http/errors.ts';
import type { OptOutCategory } from '../../../vocabulary/mail-categories.ts';
import type { EmailPreferences } from '../email-preferences.ts';
import { ONE_CLICK_PATH, ONE_CLICK_POST_VALUE } from '../mail-footer.ts';
import { categoryProblem, requireToken, tokenInvalid } from './token-errors.ts';
import { OneClickForm, OneClickQuery, PreferenceStateSchema, preferenceStateBody } from './unsubscribe-schemas.ts';

export function registerPostOneClickUnsubscribe(app: App, deps: { emailPreferences: EmailPreferences }): void {
  app.post(
    ONE_CLICK_PATH,
    {
      config: { auth: 'public' },
      schema: {
        tags: ['Lifecycle'],
        summary: 'One-click unsubscribe (RFC 8058) from the category of the mail that carried the address',
        description: `Form body (application/x-www-form-urlencoded): ${ONE_CLICK_POST_VALUE}.`,
        querystring: OneClickQuery,
        body: OneClickForm,
        response: { 200: PreferenceStateSchema, ...errorResponses('INVALID_REQUEST', 'NOT_FOUND') },
      },
    },
    async (request, reply) => {
      const token = requireToken(request.query.token);
      const category = request.query.category ?? '';
      const problem = categoryProblem(category, 'querystring.category');
      if (problem) throw invalidBody([problem], 'querystring');
      if (`List-Unsubscribe=${request.body?.['List-Unsubscribe'] ?? ''}` !== ONE_CLICK_POST_VALUE) {
        throw new ApiError('INVALID_REQUEST', { message: `Send the form body ${ONE_CLICK_POST_VALUE} (RFC 8058).` });
      }
      const state = await deps.emailPreferences.change(token, { optOut: [category as OptOutCategory], optIn: [] });
      if (!state) throw tokenInvalid();
      reply.header('cache-control', 'no-store');
      return preferenceStateBody(state);
    },
  );
}
