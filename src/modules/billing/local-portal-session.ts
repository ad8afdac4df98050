/**
 * The local provider's billing portal session (no STRIPE_SECRET_KEY). Like
 * the local checkout session, it lives in the portal's address, signed, so
 * any instance can serve the page and no table is needed. Cancelling there
 * turns into the customer.subscription.deleted event the provider would
 * send, with an id derived from the subscription: cancelling twice delivers
 * the same event twice and the webhook applies it once.
 */
import crypto from 'node:crypto';
import type { PaidPlan } from '../../vocabulary/plans.ts';

export const LOCAL_PORTAL_PATH = '/payment/local-portal';
/** How long a portal address stays usable: Stripe's portal sessions last about as long. */
export const LOCAL_PORTAL_TTL_MS = 60 * 60 * 1000;

export interface LocalPortal {
  sessionId: string;
  accountId: string;
  customerId: string;
  returnUrl: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/** A key of its own, derived from the webhook secret: a portal token never passes as a checkout token or an event signature. */
function sessionKey(secret: string): Buffer {
  return crypto.createHmac('sha256', secret).update('local-portal-session').digest();
}

export function encodeLocalPortal(session: LocalPortal, secret: string): string {
  const payload = Buffer.from(JSON.stringify(session)).toString('base64url');
  const signature = crypto.createHmac('sha256', sessionKey(secret)).update(payload).digest('base64url');
  return `${payload}.${signature}`;
}

/** The session, or null when the token is forged, malformed or expired. */
export function decodeLocalPortal(token: string, secret: string, now: Date): LocalPortal | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = crypto.createHmac('sha256', sessionKey(secret)).update(payload).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  const session = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as LocalPortal;
  return session.expiresAt > now.getTime() ? session : null;
}

/** The subscription the portal cancels, as the billing record names it. */
export interface PortalSubscription {
  subscriptionId: string;
  plan: PaidPlan | null;
  startedAt: Date | null;
}

/** The customer.subscription.deleted event the provider sends when a customer cancels in its portal, in its shape. */
export function cancelledSubscriptionEvent(session: LocalPortal, subscription: PortalSubscription, now: Date): Record<string, unknown> {
  const seconds = Math.floor(now.getTime() / 1000);
  return {
    id: `evt_local_cancel_${subscription.subscriptionId}`,
    object: 'event',
    type: 'customer.subscription.deleted',
    created: seconds,
    data: {
      object: {
        id: subscription.subscriptionId,
        object: 'subscription',
        customer: session.customerId,
        status: 'canceled',
        canceled_at: seconds,
        ended_at: seconds,
        ...(subscription.startedAt ? { start_date: Math.floor(subscription.startedAt.getTime() / 1000) } : {}),
        metadata: { accountId: session.accountId, ...(subscription.plan ? { plan: subscription.plan } : {}) },
      },
    },
  };
}
