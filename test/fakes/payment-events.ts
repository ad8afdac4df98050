/**
 * Payment-provider events for tests, in the provider's own shapes, signed
 * with the official `stripe` SDK's test-header helper so that our
 * verification is checked against the provider's implementation.
 */
import crypto from 'node:crypto';
import Stripe from 'stripe';

const stripe = new Stripe('sk_test_signing_only');

export interface SignOptions {
  secret: string;
  /** Unix seconds; default: now. */
  timestamp?: number;
  /** Signature scheme, default v1 (v0 for the refused legacy scheme). */
  scheme?: string;
}

export function signatureHeader(payload: string, options: SignOptions): string {
  return stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret,
    ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
    ...(options.scheme ? { scheme: options.scheme } : {}),
  });
}

export interface ProviderEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

export function providerEvent(
  type: string,
  created: Date,
  object: Record<string, unknown>,
  id = `evt_${crypto.randomUUID().replaceAll('-', '')}`,
): ProviderEvent {
  return { id, object: 'event', type, created: Math.floor(created.getTime() / 1000), data: { object } };
}

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

export interface SubscriptionRefs {
  accountId: string;
  customerId: string;
  subscriptionId: string;
}

export function checkoutCompleted(refs: SubscriptionRefs, plan: string, created: Date): ProviderEvent {
  return providerEvent('checkout.session.completed', created, {
    id: `cs_${crypto.randomUUID().slice(0, 8)}`,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: 'paid',
    client_reference_id: refs.accountId,
    customer: refs.customerId,
    subscription: refs.subscriptionId,
    metadata: { accountId: refs.accountId, plan },
  });
}

export function packCheckoutCompleted(accountId: string, customerId: string, pack: string, created: Date): ProviderEvent {
  return providerEvent('checkout.session.completed', created, {
    id: `cs_${crypto.randomUUID().slice(0, 8)}`,
    object: 'checkout.session',
    mode: 'payment',
    status: 'complete',
    payment_status: 'paid',
    client_reference_id: accountId,
    customer: customerId,
    subscription: null,
    metadata: { accountId, pack },
  });
}

/** A subscription object as the current API shapes it: the price and the period live on the items. */
export function subscriptionObject(
  refs: SubscriptionRefs,
  options: { priceId: string; status: string; startedAt: Date; period: { start: Date; end: Date }; plan?: string },
) {
  return {
    id: refs.subscriptionId,
    object: 'subscription',
    customer: refs.customerId,
    status: options.status,
    start_date: seconds(options.startedAt),
    metadata: { accountId: refs.accountId, ...(options.plan ? { plan: options.plan } : {}) },
    items: {
      object: 'list',
      data: [
        {
          id: `si_${crypto.randomUUID().slice(0, 8)}`,
          object: 'subscription_item',
          price: { id: options.priceId, object: 'price' },
          current_period_start: seconds(options.period.start),
          current_period_end: seconds(options.period.end),
        },
      ],
    },
  };
}

/** An invoice of a subscription, with its line's service period (the current API's `parent` shape). */
export function invoiceObject(refs: SubscriptionRefs, options: { priceId: string; period: { start: Date; end: Date }; billingReason: string }) {
  return {
    id: `in_${crypto.randomUUID().slice(0, 8)}`,
    object: 'invoice',
    customer: refs.customerId,
    billing_reason: options.billingReason,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: refs.subscriptionId, metadata: { accountId: refs.accountId } },
    },
    // The invoice's own period is the previous one for a renewal: the line's period is the service period.
    period_start: seconds(options.period.start),
    period_end: seconds(options.period.start),
    lines: {
      object: 'list',
      data: [
        {
          id: `il_${crypto.randomUUID().slice(0, 8)}`,
          object: 'line_item',
          period: { start: seconds(options.period.start), end: seconds(options.period.end) },
          pricing: { type: 'price_details', price_details: { price: options.priceId } },
          parent: { type: 'subscription_item_details', subscription_item_details: { subscription: refs.subscriptionId } },
        },
      ],
    },
  };
}
