/** The frame of every page: a skip link, the site header with its navigation, the content, the footer. */
import { html, type ComponentChildren } from '../view.ts';
import type { Viewer } from '../viewer.ts';

const NAVIGATION = [
  { href: '/try', label: 'Score a site' },
  { href: '/demo', label: 'Examples' },
  { href: '/pricing', label: 'Pricing' },
  { href: '/docs', label: 'API' },
] as const;

/** The account an app page is about, for the header. */
export interface SignedInAccount {
  name: string;
  /** The plan's display name. */
  plan: string;
}

function AccountLinks({ viewer, account }: { viewer: Viewer; account: SignedInAccount | undefined }) {
  if (viewer.signedIn) {
    return html`<div class="account">
      <a href="/app" class="button button-quiet">Dashboard</a>
      ${
        account
          ? // The badge sits outside the name's box: a long name is cut short with an ellipsis, never the plan.
            html`<span class="account-name"><span class="account-label">${account.name}</span></span>
            <span class="plan-badge"><span class="visually-hidden">Plan: </span>${account.plan}</span>`
          : html`<span class="account-name">${viewer.email ?? 'Signed in'}</span>`
      }
      <form method="post" action="/sign-out"><button type="submit" class="button button-quiet">Sign out</button></form>
    </div>`;
  }
  return html`<div class="account">
    <a href="/sign-in" class="button button-quiet">Sign in</a>
    <a href="/sign-up" class="button">Sign up</a>
  </div>`;
}

export function SiteLayout({ viewer, account, children }: { viewer: Viewer; account?: SignedInAccount; children?: ComponentChildren }) {
  return html`
    <a class="skip-link" href="#main">Skip to content</a>
    <header class="site-header">
      <div class="wrap header-row">
        <a class="brand" href="/"><span class="brand-mark" aria-hidden="true"></span>Maturity Scoring</a>
        <nav aria-label="Main">
          <ul class="nav-list">
            ${NAVIGATION.map((item) => html`<li><a href=${item.href}>${item.label}</a></li>`)}
          </ul>
        </nav>
        <${AccountLinks} viewer=${viewer} account=${account} />
      </div>
    </header>
    <main id="main" class="wrap" tabindex="-1">${children}</main>
    <footer class="site-footer">
      <div class="wrap">
        <p>Scores are worked out from what a company publishes on its own site, with every quote linked to its page. The weights and curves are public.</p>
        <p><a href="/docs">API reference</a> · <a href="/pricing">Pricing</a> · <a href="/demo">Examples</a></p>
      </div>
    </footer>
  `;
}
