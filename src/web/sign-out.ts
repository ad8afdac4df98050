/**
 * POST /sign-out: ends the browser session (at the identity provider too,
 * where it keeps one: identity/browser-sessions.ts), clears its cookies
 * and goes home.
 */
import type { App } from '../http/app-types.ts';
import { sessionRequestOf, setCookies } from '../http/authentication.ts';
import type { BrowserSessions } from '../identity/browser-sessions.ts';

export function registerSignOut(app: App, deps: { sessions: BrowserSessions; publicOrigin: string }): void {
  app.post('/sign-out', { config: { auth: 'public' }, schema: { hide: true } }, async (request, reply) => {
    setCookies(reply, await deps.sessions.signOut(sessionRequestOf(request, deps.publicOrigin)));
    return reply.redirect('/', 303);
  });
}
