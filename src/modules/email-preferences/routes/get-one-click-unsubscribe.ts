/**
 * GET on the one-click address: mail scanners and link previews fetch the
 * links in a mail, so a GET must never unsubscribe (RFC 8058 section 3.2).
 * It sends a person who opens the address to the preference page instead,
 * where a button does it.
 */
import type { App } from '../../../http/app-types.ts';
import { ONE_CLICK_PATH, PREFERENCES_PAGE_PATH } from '../mail-footer.ts';
import { OneClickQuery } from './unsubscribe-schemas.ts';

/** For the API document: a redirect has no body to serialize, so no response schema (http/app-types.ts `pageResponses`). */
const REDIRECT_RESPONSES = {
  303: { type: 'null', description: 'To the preference page for the same token.', headers: { location: { type: 'string' } } },
};

export function registerGetOneClickUnsubscribe(app: App): void {
  app.get(
    ONE_CLICK_PATH,
    {
      config: { auth: 'public', pageResponses: REDIRECT_RESPONSES },
      schema: { tags: ['Lifecycle'], summary: 'Opened in a browser: redirects to the preference page (changes nothing)', querystring: OneClickQuery },
    },
    async (request, reply) => {
      const target = new URLSearchParams();
      if (request.query.token !== undefined) target.set('token', request.query.token);
      reply.header('cache-control', 'no-store');
      return reply.redirect(`${PREFERENCES_PAGE_PATH}${target.size > 0 ? `?${target}` : ''}`, 303);
    },
  );
}
