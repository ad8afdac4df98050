/**
 * The local provider's checkout page (no STRIPE_SECRET_KEY): GET shows what
 * is being bought; "Pay" makes the server sign a checkout.session.completed
 * and POST it to its own webhook endpoint over HTTP, the same code path a
 * provider delivery takes, then sends the buyer to the success address.
 */
import type { AddressInfo } from 'node:net';
import { Type } from 'typebox';
import type { Clock } from '../../../clock.ts';
import type { App } from '../../../http/app-types.ts';
import { escapeHtml, page } from '../../../web/html.ts';
import { completedCheckoutEvent, decodeLocalCheckout, LOCAL_CHECKOUT_PATH, type LocalCheckout } from '../local-checkout-session.ts';
import { paymentSignatureHeader } from '../payment-signature.ts';
import { PLAN_NAMES, SCORE_PACKS } from '../../../vocabulary/plans.ts';
import { PAYMENT_WEBHOOK_PATH } from './payment-webhook.ts';
import { csrfField, csrfToken, hasValidCsrfToken } from '../../../web/csrf.ts';

const DELIVERY_TIMEOUT_MS = 10_000;

const SessionQuery = Type.Object({ session: Type.String({ minLength: 1, maxLength: 4096 }) });
const PayForm = Type.Object({ session: Type.String({ minLength: 1, maxLength: 4096 }), csrf: Type.Optional(Type.String({ maxLength: 100 })) });

export interface LocalCheckoutDeps {
  clock: Clock;
  /** The secret the webhook verifies with (the first of PAYMENT_WEBHOOK_SECRET, or the development one). */
  signingSecret: string;
  /** Where to reach our own webhook when this process is not listening (e.g. behind app.inject). */
  publicBaseUrl: string;
}

const htmlPage = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });

/** What the two pages answer, for the API document (`pageResponses`, http/app-types.ts). */
const CHECKOUT_PAGE_RESPONSES = {
  200: htmlPage('The checkout page.'),
  404: htmlPage('The checkout session is unknown or has expired.'),
};
const PAY_RESPONSES = {
  303: { type: 'null', description: "Paid: redirects to the checkout's success address.", headers: { location: { type: 'string' } } },
  403: htmlPage("The form's CSRF token is missing or does not match its cookie."),
  404: htmlPage('The checkout session is unknown or has expired.'),
  502: htmlPage('Our own webhook did not accept the payment event; nothing was charged.'),
};

export function registerLocalCheckoutPages(app: App, deps: LocalCheckoutDeps): void {
  const documented = (summary: string) => ({ tags: ['Billing'], summary: `Local payment provider: ${summary} (HTML; only without STRIPE_SECRET_KEY)` });
  app.get(LOCAL_CHECKOUT_PATH, { config: { auth: 'public', pageResponses: CHECKOUT_PAGE_RESPONSES }, schema: { ...documented('the checkout page'), querystring: SessionQuery } }, async (request, reply) => {
    reply.type('text/html; charset=utf-8');
    const session = decodeLocalCheckout(request.query.session, deps.signingSecret, deps.clock.now());
    if (!session) return reply.code(404).send(page('Checkout expired', '<h1>Checkout expired</h1><p>Start the checkout again.</p>'));
    return page('Local checkout', checkoutForm(session, request.query.session, csrfToken(request, reply, deps.publicBaseUrl.startsWith('https:'))));
  });

  app.post(LOCAL_CHECKOUT_PATH, { config: { auth: 'public', pageResponses: PAY_RESPONSES }, schema: { ...documented('pay, delivering a signed checkout.session.completed to our own webhook'), body: PayForm } }, async (request, reply) => {
    if (!hasValidCsrfToken(request, request.body.csrf)) {
      return reply.code(403).type('text/html; charset=utf-8').send(page('Form expired', '<h1>Form expired</h1><p>Open the checkout page again and press Pay there.</p>'));
    }
    const now = deps.clock.now();
    const session = decodeLocalCheckout(request.body.session, deps.signingSecret, now);
    if (!session) {
      return reply.code(404).type('text/html; charset=utf-8').send(page('Checkout expired', '<h1>Checkout expired</h1><p>Start the checkout again.</p>'));
    }
    const rawBody = Buffer.from(JSON.stringify(completedCheckoutEvent(session, now)));
    const signature = paymentSignatureHeader(rawBody, deps.signingSecret, Math.floor(now.getTime() / 1000));
    const status = await deliver(ownWebhookUrl(app, deps.publicBaseUrl), rawBody, signature).catch((error: unknown) => {
      request.log.error({ err: error }, 'local checkout: delivering the event to our own webhook failed');
      return 0;
    });
    if (status < 200 || status >= 300) {
      return reply
        .code(502)
        .type('text/html; charset=utf-8')
        .send(page('Payment not recorded', '<h1>Payment not recorded</h1><p>The webhook did not accept the event. Nothing was charged; try again.</p>'));
    }
    return reply.redirect(session.successUrl, 303);
  });
}

function checkoutForm(session: LocalCheckout, token: string, csrf: string): string {
  const what =
    session.item.kind === 'plan'
      ? `the ${PLAN_NAMES[session.item.plan]} plan (monthly subscription)`
      : `a ${session.item.pack} score pack (${SCORE_PACKS[session.item.pack]} scores)`;
  return `<h1>Local checkout</h1>
<p>You are buying ${escapeHtml(what)}.</p>
<p class="note">This is the built-in local payment provider: no money moves. Set <code>STRIPE_SECRET_KEY</code> for real payments.</p>
<form method="post" action="${LOCAL_CHECKOUT_PATH}">
  <input type="hidden" name="session" value="${escapeHtml(token)}">
  ${csrfField(csrf)}
  <button type="submit">Pay</button>
</form>
<p><a href="${escapeHtml(session.cancelUrl)}">Cancel</a></p>`;
}

/** This process's own listening socket (a wildcard address is reached on loopback); else the public address. */
function ownWebhookUrl(app: App, publicBaseUrl: string): string {
  const address = app.server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') return `${publicBaseUrl}${PAYMENT_WEBHOOK_PATH}`;
  const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  const hostPart = host.includes(':') ? `[${host}]` : host;
  return `http://${hostPart}:${address.port}${PAYMENT_WEBHOOK_PATH}`;
}

async function deliver(url: string, rawBody: Buffer, signature: string): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'payment-signature': signature },
    body: rawBody,
    signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
  });
  await response.body?.cancel();
  return response.status;
}
