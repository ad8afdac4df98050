/**
 * The local provider's billing portal (no STRIPE_SECRET_KEY), where
 * POST /api/billing/portal sends an owner or admin: the account's
 * subscription, and cancelling it (local-portal-cancel.ts): at the end of
 * the paid period by default, or now, without a refund, as a second,
 * clearly worded choice. Stripe's own portal does this, and more, with the Stripe provider.
 */
import type { App } from '../../http/app-types.ts';
import { csrfField, csrfToken } from '../csrf.ts';
import { escapeHtml, page } from '../html.ts';
import { AccountErasedError } from '../../vocabulary/account-erased.ts';
import { PLAN_NAMES } from '../../vocabulary/plans.ts';
import type { BillingOverview, BillingService } from '../../modules/billing/billing-service.ts';
import { decodeLocalPortal, LOCAL_PORTAL_PATH } from '../../modules/billing/local-portal-session.ts';
import { htmlPage, SessionQuery, type LocalCheckoutDeps } from './local-checkout-common.ts';

export interface LocalPortalDeps extends LocalCheckoutDeps {
  billing: BillingService;
}

export const portalDocumented = (summary: string) => ({
  tags: ['Billing portal'],
  summary: `Local payment provider: ${summary} (HTML; only without STRIPE_SECRET_KEY)`,
});

export const PORTAL_EXPIRED_PAGE = page(
  'Billing portal link expired',
  '<h1>This billing portal link has expired</h1><p>Open the billing settings and choose "Manage billing" again.</p>',
);

/** What the page answers, for the API document (`pageResponses`, http/app-types.ts). */
const PORTAL_PAGE_RESPONSES = {
  200: htmlPage('The billing portal page.'),
  404: htmlPage('The portal session is unknown or has expired, or the account is gone.'),
};

export function registerLocalPortalPage(app: App, deps: LocalPortalDeps): void {
  app.get(
    LOCAL_PORTAL_PATH,
    { config: { auth: 'public', pageResponses: PORTAL_PAGE_RESPONSES }, schema: { ...portalDocumented('the billing portal page'), querystring: SessionQuery } },
    async (request, reply) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      const session = decodeLocalPortal(request.query.session, deps.signingSecret, deps.clock.now());
      const overview = session ? await deps.billing.overview(session.accountId).catch(goneAsNull) : null;
      if (!session || !overview) return reply.code(404).send(PORTAL_EXPIRED_PAGE);
      const csrf = csrfToken(request, reply, deps.publicBaseUrl.startsWith('https:'));
      return page('Billing portal', portalBody(overview, request.query.session, session.returnUrl, csrf));
    },
  );
}

/** An account erased since the portal opened has nothing left to show. */
export function goneAsNull(error: unknown): null {
  if (error instanceof AccountErasedError) return null;
  throw error;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

function portalBody(overview: BillingOverview, token: string, returnUrl: string, csrf: string): string {
  const { entitlement, subscription } = overview;
  const intro = `<h1>Billing portal</h1>
<p class="notice">This is the built-in local payment provider: no money moves. With <code>STRIPE_SECRET_KEY</code> set, this is Stripe's customer portal.</p>`;
  const back = `<a class="button button-quiet" href="${escapeHtml(returnUrl)}">Return to billing settings</a>`;
  if (!subscription) {
    return `${intro}
<p class="lead">No subscription is running: the account is on the ${escapeHtml(PLAN_NAMES[entitlement.plan])} plan.</p>
<p class="cta">${back}</p>`;
  }
  const plan = subscription.plan ?? entitlement.plan;
  return `${intro}
<h2>Your subscription</h2>
<dl class="plan-facts portal-facts">
  <div><dt>Plan</dt><dd>${escapeHtml(PLAN_NAMES[plan])}, monthly</dd></div>
  <div><dt>Status</dt><dd>${escapeHtml(subscription.status ?? 'active')}</dd></div>
  ${subscription.startedAt ? `<div><dt>Subscribed since</dt><dd>${day(subscription.startedAt)}</dd></div>` : ''}
  <div><dt>Renews on</dt><dd>${day(entitlement.period.end)}</dd></div>
</dl>
<h2>Cancel the subscription</h2>
${
  overview.cancellation
    ? `<p class="notice">The subscription ends on ${day(overview.cancellation.endsAt)}, the end of the period paid for. Keep it from the billing settings.</p>
<p class="cta">${back}</p>`
    : `<p>Cancelling at the end of the period keeps ${escapeHtml(PLAN_NAMES[plan])} until ${day(entitlement.period.end)}; then the account moves to the Free plan. Nothing more is charged.</p>
<form method="post" action="${LOCAL_PORTAL_PATH}" class="cta">
  <input type="hidden" name="session" value="${escapeHtml(token)}">
  <input type="hidden" name="when" value="period_end">
  ${csrfField(csrf)}
  <button type="submit" class="button">Cancel at the end of the period</button>
  ${back}
</form>
<details class="cancel-now">
  <summary>Cancel now instead</summary>
  <p>Ends ${escapeHtml(PLAN_NAMES[plan])} today: the account moves to the Free plan at once, and the rest of this period is not refunded.</p>
  <form method="post" action="${LOCAL_PORTAL_PATH}">
    <input type="hidden" name="session" value="${escapeHtml(token)}">
    <input type="hidden" name="when" value="now">
    ${csrfField(csrf)}
    <button type="submit" class="button button-danger">Cancel now, without a refund</button>
  </form>
</details>`
}`;
}
