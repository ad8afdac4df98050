/** POST /sign-out: clears the session cookie and goes home. */
import type { App } from '../http/app-types.ts';
import { SESSION_COOKIE } from '../http/authentication.ts';

export function registerSignOut(app: App): void {
  app.post('/sign-out', { config: { auth: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.redirect('/', 303);
  });
}
