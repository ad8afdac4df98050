import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { errorResponses, invalidBody } from '../../../http/errors.ts';
import { OPT_OUT_CATEGORIES, type OptOutCategory } from '../../../vocabulary/mail-categories.ts';
import type { EmailPreferences } from '../email-preferences.ts';
import { OWN_PREFERENCES_PATH, requireOwnAddress } from './own-preferences-errors.ts';
import { categoryProblem } from './token-errors.ts';
import { PreferenceStateSchema, preferenceStateBody } from './unsubscribe-schemas.ts';

/** Keys are checked in the route, so that a transactional or unknown one is named in the 400. */
const OwnPreferencesBody = Type.Object(
  {
    subscriptions: Type.Record(Type.String(), Type.Boolean(), {
      description: `Category -> true to receive it, false to opt out. Categories left out keep their state. One of: ${OPT_OUT_CATEGORIES.join(', ')}.`,
    }),
  },
  { additionalProperties: false },
);

/**
 * PUT /api/account/email-preferences (ours): sets the signed-in person's own
 * subscriptions, the same record a mail's token changes. Idempotent by its
 * nature (it sets states). Transactional mail cannot be opted out of.
 */
export function registerPutOwnEmailPreferences(app: App, deps: { emailPreferences: EmailPreferences }): void {
  app.put(
    OWN_PREFERENCES_PATH,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['Settings'],
        summary: 'Set your own email preferences',
        body: OwnPreferencesBody,
        response: { 200: PreferenceStateSchema, ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'CONFLICT') },
      },
    },
    async (request, reply) => {
      const address = requireOwnAddress(requirePrincipal(request));
      const entries = Object.entries(request.body.subscriptions);
      const problems = entries.flatMap(([category]) => categoryProblem(category, `body.subscriptions.${category}`) ?? []);
      if (problems.length > 0) throw invalidBody(problems);
      const chosen = entries as [OptOutCategory, boolean][];
      const state = await deps.emailPreferences.changeForAddress(address, {
        optOut: chosen.filter(([, subscribed]) => !subscribed).map(([category]) => category),
        optIn: chosen.filter(([, subscribed]) => subscribed).map(([category]) => category),
      });
      reply.header('cache-control', 'private, no-store');
      return preferenceStateBody(state);
    },
  );
}
