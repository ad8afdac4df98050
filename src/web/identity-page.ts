/**
 * /sign-in and /sign-up (public pages, spec part 5), one page each. With the
 * built-in development identity provider, the page holds the form that
 * sign-in-form.ts answers; with an external provider, it points there. A
 * `next` path rides along, so a person sent here from a page (pricing, a
 * checkout's confirmation) comes back to it.
 */
import { Type } from 'typebox';
import type { Config } from '../config.ts';
import type { App } from '../http/app-types.ts';
import type { DevSigningKey } from '../identity/dev-identity.ts';
import { PLAN_LIMITS, PLAN_NAMES } from '../vocabulary/plans.ts';
import { csrfToken } from './csrf.ts';
import { sendPage } from './document.ts';
import { NEXT_MAX_LENGTH, sameSitePath } from './sign-in-form.ts';
import { html } from './view.ts';
import { viewerOf } from './viewer.ts';

const IDENTITY_PAGES = {
  'sign-in': {
    path: '/sign-in',
    title: 'Sign in',
    description: 'Sign in to keep your results, score your products and talk them over with the coach.',
    button: 'Sign in',
  },
  'sign-up': {
    path: '/sign-up',
    title: 'Sign up',
    description: 'Create a free account: keep your results, score again, and get coaching on your gaps.',
    button: 'Create my account',
  },
} as const;

type IdentityPage = keyof typeof IDENTITY_PAGES;

/** Where a new account lands after signing up, unless the page that sent it here asked to come back. */
const SIGN_UP_LANDING = '/app/onboarding';

const IdentityQuery = Type.Object({ next: Type.Optional(Type.String({ maxLength: NEXT_MAX_LENGTH })) });

const FREE = PLAN_LIMITS.free;

/**
 * The form handler's patterns (sign-in-form.ts), for the browser to check
 * first. Browsers compile `pattern` with the `v` flag, where a bare "-" in a
 * class is a syntax error that switches the check off: so it is escaped.
 */
const USER_ID_PATTERN = '[A-Za-z0-9_.@:\\-]+';
const ORGANISATION_ID_PATTERN = '[A-Za-z0-9_.:\\-]*';

/** What an account brings, from the Free plan's own limits. */
function SignUpPromise() {
  return html`<ul class="identity-promise">
    <li><strong>The ${PLAN_NAMES.free} plan, no card needed:</strong> ${FREE.scores} full scores and ${FREE.chatMessages} coaching messages a month.</li>
    <li><strong>Your results kept:</strong> a score you ran before signing up can be linked to your account.</li>
    <li><strong>A coach on your result:</strong> ask what to work on next, answered from your own scores and gaps.</li>
  </ul>`;
}

function DevelopmentForm({ which, csrf, next }: { which: IdentityPage; csrf: string; next: string | null }) {
  const { button } = IDENTITY_PAGES[which];
  return html`
    <p class="notice">
      This is a development sign-in: there is no password. Pick any user id and you are signed in as that person.
      A real deployment sets <code>IDENTITY_JWKS_URL</code> and <code>IDENTITY_ISSUER</code> to use its identity provider instead.
    </p>
    <div class="identity-form">
      <form method="post" action="/sign-in">
        <input type="hidden" name="csrf" value=${csrf} />
        ${next ? html`<input type="hidden" name="next" value=${next} />` : null}
        <label for="sub">User id</label>
        <input id="sub" name="sub" required pattern=${USER_ID_PATTERN} value="user_local" autocomplete="username" />
        <p class="hint">Letters, digits and <code>_ . @ : -</code>. The same id signs you in to the same account again.</p>
        <label for="email">Email <span class="muted">(optional)</span></label>
        <input id="email" name="email" type="email" placeholder="you@example.com" autocomplete="email" />
        <label for="account">Organisation id <span class="muted">(optional)</span></label>
        <input id="account" name="account" pattern=${ORGANISATION_ID_PATTERN} aria-describedby="account-hint" />
        <p class="hint" id="account-hint">Leave it empty for a personal account. Name one to create that organisation, or to join it.</p>
        <label for="role">Your role in the organisation</label>
        <select id="role" name="role">
          <option value="owner" selected>owner</option>
          <option value="admin">admin</option>
          <option value="member">member</option>
        </select>
        <p class="hint">Whoever starts an organisation owns it; owners and admins manage billing.</p>
        <p class="identity-submit"><button class="button" type="submit">${button}</button></p>
      </form>
    </div>
  `;
}

function ProviderLink({ title, target }: { title: string; target: string | null }) {
  return html`
    <p>Accounts are managed by the identity provider.</p>
    ${target ? html`<p><a class="button" href=${target}>Continue to ${title.toLowerCase()}</a></p>` : null}
  `;
}

/** The provider's sign-in page, told to come back here (to `next`, or home) afterwards, as hosted sign-in pages take it. */
function providerTarget(signInUrl: string | null, publicBaseUrl: string, next: string | null): string | null {
  if (!signInUrl) return null;
  const target = new URL(signInUrl);
  target.searchParams.set('redirect_url', `${publicBaseUrl}${next ?? '/'}`);
  return target.href;
}

function OtherPage({ which, next }: { which: IdentityPage; next: string | null }) {
  const other: IdentityPage = which === 'sign-in' ? 'sign-up' : 'sign-in';
  const href = next ? `${IDENTITY_PAGES[other].path}?${new URLSearchParams({ next })}` : IDENTITY_PAGES[other].path;
  return which === 'sign-in'
    ? html`<p class="muted">New here? <a href=${href}>Create a free account</a>.</p>`
    : html`<p class="muted">Already have an account? <a href=${href}>Sign in</a>.</p>`;
}

export function registerIdentityPage(app: App, which: IdentityPage, deps: { config: Config; devKey: DevSigningKey | null }): void {
  const { config, devKey } = deps;
  const { path, title, description } = IDENTITY_PAGES[which];
  const secureCookies = config.publicBaseUrl.startsWith('https:');
  const settings = { publicBaseUrl: config.publicBaseUrl };
  app.get(path, { config: { auth: 'page' }, schema: { hide: true, querystring: IdentityQuery } }, async (request, reply) => {
    // An unusable `next` is dropped, not refused: the page still signs the person in, to the home page,
    // or, signing up, to the app's onboarding, where a new account starts.
    const asked = sameSitePath(request.query.next);
    const next = asked ?? (which === 'sign-up' ? SIGN_UP_LANDING : null);
    const viewer = viewerOf(request);
    // With an external provider this visit may just have renewed the session (a handshake): the way back is open.
    if (!devKey && viewer.signedIn && next) return reply.redirect(next, 303);
    const form = devKey
      ? html`<${DevelopmentForm} which=${which} csrf=${csrfToken(request, reply, secureCookies)} next=${next} />`
      : html`<${ProviderLink} title=${title} target=${providerTarget(config.identity.signInUrl, config.publicBaseUrl, next)} />`;
    return sendPage(reply, settings, {
      head: { title, description, path },
      viewer,
      body: html`
        <div class="narrow">
          <h1>${which === 'sign-up' ? 'Create your free account' : 'Sign in'}</h1>
          ${viewer.signedIn ? html`<p class="notice">You are signed in${viewer.email ? ` as ${viewer.email}` : ''}. Signing in again switches to another identity.</p>` : null}
          ${which === 'sign-up' ? html`<${SignUpPromise} />` : html`<p class="lead">${description}</p>`}
          ${form}
          <${OtherPage} which=${which} next=${asked} />
        </div>
      `,
    });
  });
}
