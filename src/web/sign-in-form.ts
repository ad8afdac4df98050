/**
 * POST /sign-in with the built-in development identity provider: signs a
 * session token for the identity the form names and sets the `__session`
 * cookie. Registered only when that provider is in use.
 */
import { Type } from 'typebox';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { App } from '../http/app-types.ts';
import { SESSION_COOKIE } from '../http/authentication.ts';
import { type DevSigningKey, signDevToken } from '../identity/dev-identity.ts';
import { ROLES } from '../vocabulary/roles.ts';
import { page } from './html.ts';
import { hasValidCsrfToken } from './csrf.ts';

/** A development session lasts a working day. */
const SESSION_TTL_SECONDS = 8 * 3600;

const SignInForm = Type.Object({
  sub: Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_.@:-]+$' }),
  email: Type.Optional(Type.String({ maxLength: 320 })),
  account: Type.Optional(Type.String({ maxLength: 200, pattern: '^[A-Za-z0-9_.:-]*$' })),
  role: Type.Optional(Type.Enum(ROLES)),
  csrf: Type.Optional(Type.String({ maxLength: 100 })),
});

export function registerDevSignIn(app: App, deps: { config: Config; devKey: DevSigningKey; clock: Clock }): void {
  const { config, devKey } = deps;
  const secureCookies = config.publicBaseUrl.startsWith('https:');
  app.post(
    '/sign-in',
    { config: { auth: 'public' }, schema: { hide: true, body: SignInForm } },
    async (request, reply) => {
      const { sub, email, account, role, csrf } = request.body;
      // Without it, another site could sign a visitor in as an identity of its choosing.
      if (!hasValidCsrfToken(request, csrf)) {
        return reply.code(403).type('text/html; charset=utf-8').send(page('Form expired', '<h1>Form expired</h1><p>Open the sign-in page again and submit it there.</p>'));
      }
      const token = await signDevToken(
        devKey,
        config.identity.issuer,
        { sub, ...(email ? { email } : {}), ...(account ? { account, role: role ?? 'member' } : {}), ttlSeconds: SESSION_TTL_SECONDS },
        deps.clock.now(),
      );
      reply.setCookie(SESSION_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookies,
        maxAge: SESSION_TTL_SECONDS,
      });
      return reply.redirect('/', 303);
    },
  );
}
