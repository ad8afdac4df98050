/**
 * The local provider's checkout page (no STRIPE_SECRET_KEY): shows what is
 * being bought and its price, with a "Pay" form (local-checkout-payment.ts answers it).
 */
import { priceText } from '../components/price-text.ts';
import { escapeHtml, page } from '../html.ts';
import { csrfField, csrfToken } from '../csrf.ts';
import type { App } from '../../http/app-types.ts';
import { PLAN_NAMES, SCORE_PACKS } from '../../vocabulary/plans.ts';
import { decodeLocalCheckout, LOCAL_CHECKOUT_PATH, type LocalCheckout } from '../../modules/billing/local-checkout-session.ts';
import { documented, htmlPage, SESSION_EXPIRED_PAGE, SessionQuery, type LocalCheckoutDeps } from './local-checkout-common.ts';

/** What the page answers, for the API document (`pageResponses`, http/app-types.ts). */
const CHECKOUT_PAGE_RESPONSES = {
  200: htmlPage('The checkout page.'),
  404: htmlPage('The checkout session is unknown or has expired.'),
};

export function registerLocalCheckoutPage(app: App, deps: LocalCheckoutDeps): void {
  app.get(
    LOCAL_CHECKOUT_PATH,
    { config: { auth: 'public', pageResponses: CHECKOUT_PAGE_RESPONSES }, schema: { ...documented('the checkout page'), querystring: SessionQuery } },
    async (request, reply) => {
      reply.type('text/html; charset=utf-8');
      const session = decodeLocalCheckout(request.query.session, deps.signingSecret, deps.clock.now());
      if (!session) return reply.code(404).send(SESSION_EXPIRED_PAGE);
      return page('Local checkout', checkoutForm(session, request.query.session, csrfToken(request, reply, deps.publicBaseUrl.startsWith('https:'))));
    },
  );
}

function checkoutForm(session: LocalCheckout, token: string, csrf: string): string {
  const what =
    session.item.kind === 'plan'
      ? `the ${PLAN_NAMES[session.item.plan]} plan (monthly subscription)`
      : `a ${session.item.pack} score pack (${SCORE_PACKS[session.item.pack]} scores)`;
  const amount = session.price ? priceText(session.price) : null;
  return `<h1>Local checkout</h1>
<p>You are buying ${escapeHtml(what)}.</p>
${amount ? `<p class="checkout-amount">Amount: <strong>${escapeHtml(amount)}</strong>${session.item.kind === 'plan' ? ', until you cancel' : ', once'}.</p>` : ''}
<p class="notice">This is the built-in local payment provider: no money moves. Set <code>STRIPE_SECRET_KEY</code> for real payments.</p>
<form method="post" action="${LOCAL_CHECKOUT_PATH}" class="cta">
  <input type="hidden" name="session" value="${escapeHtml(token)}">
  ${csrfField(csrf)}
  <button type="submit" class="button">Pay</button>
  <a class="button button-quiet" href="${escapeHtml(session.cancelUrl)}">Cancel</a>
</form>`;
}
