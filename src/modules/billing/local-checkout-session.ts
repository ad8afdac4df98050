/**
 * The local provider's checkout session. It lives in the checkout address
 * itself, signed, so any instance can serve the page and no table is
 * needed; the event it turns into has an id derived from the session, so
 * paying twice delivers the same event twice and the webhook applies it once.
 */
import crypto from 'node:crypto';
import type { CheckoutItem, Price } from '../../vocabulary/plans.ts';

export const LOCAL_CHECKOUT_PATH = '/payment/local-checkout';
/** How long a local checkout address stays payable. */
export const LOCAL_CHECKOUT_TTL_MS = 60 * 60 * 1000;

export interface LocalCheckout {
  sessionId: string;
  accountId: string;
  customerId: string;
  item: CheckoutItem;
  /** What the buyer was shown; absent in sessions made before prices were shown. */
  price?: Price;
  successUrl: string;
  cancelUrl: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/** A key of its own, derived from the webhook secret, so a session token can never pass as an event signature. */
function sessionKey(secret: string): Buffer {
  return crypto.createHmac('sha256', secret).update('local-checkout-session').digest();
}

export function encodeLocalCheckout(session: LocalCheckout, secret: string): string {
  const payload = Buffer.from(JSON.stringify(session)).toString('base64url');
  const signature = crypto.createHmac('sha256', sessionKey(secret)).update(payload).digest('base64url');
  return `${payload}.${signature}`;
}

/** The session, or null when the token is forged, malformed or expired. */
export function decodeLocalCheckout(token: string, secret: string, now: Date): LocalCheckout | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = crypto.createHmac('sha256', sessionKey(secret)).update(payload).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  const session = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as LocalCheckout;
  return session.expiresAt > now.getTime() ? session : null;
}

/** The checkout.session.completed event the provider would send for this session, in its shape. */
export function completedCheckoutEvent(session: LocalCheckout, now: Date): Record<string, unknown> {
  const { item, accountId } = session;
  const metadata = { accountId, ...(item.kind === 'plan' ? { plan: item.plan } : { pack: item.pack }) };
  return {
    id: `evt_local_${session.sessionId}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(now.getTime() / 1000),
    data: {
      object: {
        id: `cs_local_${session.sessionId}`,
        object: 'checkout.session',
        mode: item.kind === 'plan' ? 'subscription' : 'payment',
        status: 'complete',
        payment_status: 'paid',
        client_reference_id: accountId,
        customer: session.customerId,
        subscription: item.kind === 'plan' ? `sub_local_${session.sessionId}` : null,
        amount_total: session.price?.amount ?? null,
        currency: session.price?.currency ?? null,
        metadata,
      },
    },
  };
}
