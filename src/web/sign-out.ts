/**
 * POST /sign-out: ends the browser session (at the identity provider too,
 * where it keeps one: identity/browser-sessions.ts), clears its cookies
 * and goes home. Behind the same cross-site check as the API's
 * cookie-carried changes (Sec-Fetch-Site, else Origin): another site
 * cannot sign a visitor out, which would also revoke their session at the
 * provider.
 */
import type { App } from '../http/app-types.ts';
import { comesFromOurPages, sessionRequestOf, setCookies } from '../http/authentication.ts';
import type { BrowserSessions } from '../identity/browser-sessions.ts';
import { page } from './html.ts';

export function registerSignOut(app: App, deps: { sessions: BrowserSessions; publicOrigin: string }): void {
  app.post('/sign-out', { config: { auth: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (!comesFromOurPages(request, deps.publicOrigin)) {
      return reply
        .code(403)
        .type('text/html; charset=utf-8')
        .send(page('Sign-out refused', '<h1>Sign-out refused</h1><p>This request did not come from our pages. Use Sign out on any page of ours.</p>'));
    }
    setCookies(reply, await deps.sessions.signOut(sessionRequestOf(request, deps.publicOrigin)));
    return reply.redirect('/', 303);
  });
}
