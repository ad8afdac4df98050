/**
 * /sign-in and /sign-up (public pages, spec part 5), one page each. With the
 * built-in development identity provider, the page holds the form that
 * sign-in-form.ts answers; with an external provider, it points there.
 */
import type { Config } from '../config.ts';
import type { App } from '../http/app-types.ts';
import type { DevSigningKey } from '../identity/dev-identity.ts';
import { escapeHtml, page } from './html.ts';
import { csrfField, csrfToken } from './csrf.ts';

const IDENTITY_PAGES = {
  'sign-in': { path: '/sign-in', title: 'Sign in' },
  'sign-up': { path: '/sign-up', title: 'Sign up' },
} as const;

export function registerIdentityPage(app: App, which: keyof typeof IDENTITY_PAGES, deps: { config: Config; devKey: DevSigningKey | null }): void {
  const { config, devKey } = deps;
  const { path, title } = IDENTITY_PAGES[which];
  const secureCookies = config.publicBaseUrl.startsWith('https:');
  app.get(path, { config: { auth: 'public' }, schema: { hide: true } }, async (request, reply) => {
    reply.type('text/html; charset=utf-8');
    if (!devKey) {
      const target = config.identity.signInUrl;
      return page(title, `<h1>${title}</h1><p>Accounts are managed by the identity provider.</p>${target ? `<p><a href="${escapeHtml(target)}">Continue to ${title.toLowerCase()}</a></p>` : ''}`);
    }
    return page(title, devForm(title, csrfToken(request, reply, secureCookies)));
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
