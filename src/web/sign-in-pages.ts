/**
 * /sign-in and /sign-up (public pages, spec part 5). With the built-in
 * development identity provider, the form signs a session token and sets the
 * `__session` cookie. With an external provider, the pages point there.
 */
import { Type } from 'typebox';
import type { Config } from '../config.ts';
import type { App } from '../http/app-types.ts';
import { SESSION_COOKIE } from '../http/authentication.ts';
import { type DevSigningKey, signDevToken } from '../identity/dev-identity.ts';
import { ROLES } from '../vocabulary/roles.ts';
import type { Clock } from '../clock.ts';
import { escapeHtml, page } from './html.ts';
import { csrfField, csrfToken, hasValidCsrfToken } from './csrf.ts';

/** A development session lasts a working day. */
const SESSION_TTL_SECONDS = 8 * 3600;

const SignInForm = Type.Object({
  sub: Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_.@:-]+$' }),
  email: Type.Optional(Type.String({ maxLength: 320 })),
  account: Type.Optional(Type.String({ maxLength: 200, pattern: '^[A-Za-z0-9_.:-]*$' })),
  role: Type.Optional(Type.Enum(ROLES)),
  csrf: Type.Optional(Type.String({ maxLength: 100 })),
});

export function registerSignInPages(app: App, deps: { config: Config; devKey: DevSigningKey | null; clock: Clock }): void {
  const { config, devKey } = deps;
  const secureCookies = config.publicBaseUrl.startsWith('https:');
  for (const [path, title] of [
    ['/sign-in', 'Sign in'],
    ['/sign-up', 'Sign up'],
  ] as const) {
    app.get(path, { config: { auth: 'public' }, schema: { hide: true } }, async (request, reply) => {
      reply.type('text/html; charset=utf-8');
      if (!devKey) {
        const target = config.identity.signInUrl;
        return page(title, `<h1>${title}</h1><p>Accounts are managed by the identity provider.</p>${target ? `<p><a href="${escapeHtml(target)}">Continue to ${title.toLowerCase()}</a></p>` : ''}`);
      }
      return page(title, devForm(title, csrfToken(request, reply, secureCookies)));
    });
  }

  if (!devKey) return;
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
  app.post('/sign-out', { config: { auth: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.redirect('/', 303);
  });
}

function devForm(title: string, csrf: string): string {
  return `<h1>${title}</h1>
<p class="note">Development identity provider: anyone can sign in as anyone. Configure
<code>IDENTITY_JWKS_URL</code> and <code>IDENTITY_ISSUER</code> for a real one.</p>
<form method="post" action="/sign-in">
  ${csrfField(csrf)}
  <label for="sub">User id</label><input id="sub" name="sub" required pattern="[A-Za-z0-9_.@:-]+" value="user_local">
  <label for="email">Email</label><input id="email" name="email" type="email" placeholder="you@example.com">
  <label for="account">Organisation id (leave empty for a personal account)</label><input id="account" name="account">
  <label for="role">Role in the organisation</label>
  <select id="role" name="role"><option>owner</option><option>admin</option><option selected>member</option></select>
  <button type="submit">${title}</button>
</form>`;
}
