/**
 * The payment provider behind one small interface: Stripe through its official
 * SDK when STRIPE_SECRET_KEY is set, the built-in local provider otherwise.
 */
import crypto from 'node:crypto';
import type Stripe from 'stripe';
import type { Clock } from '../../clock.ts';
import { priceKeyOf, type CheckoutItem, type Price, type PriceKey } from '../../vocabulary/plans.ts';
import { encodeLocalCheckout, LOCAL_CHECKOUT_PATH, LOCAL_CHECKOUT_TTL_MS } from './local-checkout-session.ts';
import { encodeLocalPortal, LOCAL_PORTAL_PATH, LOCAL_PORTAL_TTL_MS } from './local-portal-session.ts';

export type { CheckoutItem } from '../../vocabulary/plans.ts';

export interface CheckoutRequest {
  accountId: string;
  /** The provider's customer for this account, once known. */
  customerId: string | null;
  item: CheckoutItem;
  /** The provider's price for the item (PAYMENT_PRICE_IDS); null when none is configured. */
  priceId: string | null;
  successUrl: string;
  cancelUrl: string;
}

export interface PortalRequest {
  accountId: string;
  /** The provider's customer for this account: the portal manages what the provider holds for it. */
  customerId: string;
  /** Where the portal's "return" link leads. */
  returnUrl: string;
}

/**
 * The provider could not be reached, failed on its side, or is rate-limiting
 * us: a retry later may well succeed, so the caller answers 503. Any other
 * failure (a request it refused, our credentials) is not this: it is thrown
 * as a plain Error with the provider's error as its cause, and becomes a
 * logged 500.
 */
export class PaymentProviderUnavailable extends Error {
  constructor(cause: unknown) {
    super('the payment provider is unavailable', { cause });
    this.name = 'PaymentProviderUnavailable';
  }
}

export interface PaymentProvider {
  readonly name: 'stripe' | 'local';
  /**
   * Starts a checkout and answers the address to send the buyer to; null
   * when this provider cannot sell the item (no price configured). The
   * completed checkout comes back as a checkout.session.completed event.
   */
  createCheckout(request: CheckoutRequest): Promise<{ url: string } | null>;
  /** Ends the subscription now, without proration. Idempotent: an already-ended one is success. */
  cancelSubscription(subscriptionId: string): Promise<void>;
  /**
   * A billing portal session for the customer (plan, payment method,
   * invoices, cancellation) and the address to send them to. What they
   * change there comes back as payment events, like a checkout.
   */
  createPortal(request: PortalRequest): Promise<{ url: string }>;
  /**
   * What the item costs: the provider's price object for `priceId` (Stripe),
   * or the configured price (local); null when there is none to show.
   * PaymentProviderUnavailable when the provider cannot say now.
   */
  priceOf(key: PriceKey, priceId: string | null): Promise<Price | null>;
  /**
   * Ends the subscription when its paid period ends, not now (or, `resume`,
   * takes that back). The provider then ends it and tells us by its event;
   * the local provider has nobody to tell (BillingService ends it itself).
   */
  scheduleCancellation(subscriptionId: string, resume?: boolean): Promise<void>;
  /** The customer's invoices at the provider, newest first; null when the provider keeps none (the local one: ours are read instead). */
  invoices(customerId: string): Promise<ProviderInvoice[] | null>;
}

/** An invoice as the billing page lists it. */
export interface ProviderInvoice {
  id: string;
  /** The invoice's number, as the customer sees it on the document. */
  number: string | null;
  createdAt: Date;
  description: string;
  /** In the currency's minor unit. */
  amount: number;
  currency: string;
  status: 'paid' | 'open' | 'void' | 'uncollectible' | 'draft';
  /** Where the customer reads or downloads it at the provider; null for the local provider's. */
  url: string | null;
}

/** How many invoices the billing page lists. */
export const INVOICES_LISTED = 24;

export interface StripeProviderOptions {
  secretKey: string;
  /** A local server that speaks Stripe's API (tests); unset talks to Stripe. */
  apiBase?: string | null;
}

export async function createStripeClient(options: StripeProviderOptions): Promise<Stripe> {
  // Loaded only when Stripe is configured: the embedded default's local provider needs none of the SDK's memory (issue 29, item 7).
  const { default: StripeClient } = await import('stripe');
  const base = options.apiBase ? new URL(options.apiBase) : null;
  return new StripeClient(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...(base
      ? { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol.replace(':', '') as 'http' | 'https' }
      : {}),
  });
}

export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly #stripe: Stripe;

  constructor(stripe: Stripe) {
    this.#stripe = stripe;
  }

  /**
   * A Checkout Session whose client reference and metadata carry our account
   * id, and whose subscription carries it too (subscription_data.metadata;
   * the provider copies it onto every invoice), so that every later event
   * finds the account even when it arrives before the checkout's own.
   */
  async createCheckout(request: CheckoutRequest): Promise<{ url: string } | null> {
    if (!request.priceId) return null;
    const { accountId, item } = request;
    const metadata: Record<string, string> = item.kind === 'plan' ? { accountId, plan: item.plan } : { accountId, pack: item.pack };
    try {
      const session = await this.#stripe.checkout.sessions.create({
        mode: item.kind === 'plan' ? 'subscription' : 'payment',
        line_items: [{ price: request.priceId, quantity: 1 }],
        client_reference_id: accountId,
        ...(request.customerId ? { customer: request.customerId } : {}),
        metadata,
        ...(item.kind === 'plan' ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      });
      if (!session.url) throw new Error('checkout session without a url');
      return { url: session.url };
    } catch (error) {
      if (isUnavailable(error)) throw new PaymentProviderUnavailable(error);
      // Wrapped: the provider's HTTP status on its error (400 for a request it refused) is not ours to answer with.
      throw new Error('the payment provider refused to create the checkout session', { cause: error });
    }
  }

  /** A customer portal session (POST /v1/billing_portal/sessions); the portal's configuration lives in the Stripe dashboard. */
  async createPortal(request: PortalRequest): Promise<{ url: string }> {
    try {
      const session = await this.#stripe.billingPortal.sessions.create({ customer: request.customerId, return_url: request.returnUrl });
      return { url: session.url };
    } catch (error) {
      if (isUnavailable(error)) throw new PaymentProviderUnavailable(error);
      throw new Error('the payment provider refused to create the billing portal session', { cause: error });
    }
  }

  /** The price object (GET /v1/prices/<id>): its unit amount, currency and, for a subscription, interval. */
  async priceOf(_key: PriceKey, priceId: string | null): Promise<Price | null> {
    if (!priceId) return null;
    try {
      const price = await this.#stripe.prices.retrieve(priceId);
      if (price.unit_amount === null) return null;
      const interval = price.recurring ? (price.recurring.interval === 'year' ? 'year' : 'month') : null;
      return { amount: price.unit_amount, currency: price.currency, interval };
    } catch (error) {
      if (isUnavailable(error)) throw new PaymentProviderUnavailable(error);
      // A price id the provider does not know: nothing to show, and the checkout will say so.
      if (isStripeError(error, 'StripeInvalidRequestError') && error.code === 'resource_missing') return null;
      throw new Error('the payment provider refused to read a price', { cause: error });
    }
  }

  /** POST /v1/subscriptions/<id> with cancel_at_period_end: Stripe ends it at the period's end and sends customer.subscription.deleted then. */
  async scheduleCancellation(subscriptionId: string, resume = false): Promise<void> {
    try {
      await this.#stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: !resume });
    } catch (error) {
      if (isUnavailable(error)) throw new PaymentProviderUnavailable(error);
      throw new Error('the payment provider refused to change when the subscription ends', { cause: error });
    }
  }

  /** GET /v1/invoices?customer=<id>: the newest first, with each one's hosted page. */
  async invoices(customerId: string): Promise<ProviderInvoice[]> {
    try {
      const list = await this.#stripe.invoices.list({ customer: customerId, limit: INVOICES_LISTED });
      return list.data.map((invoice) => ({
        id: invoice.id ?? '',
        number: invoice.number ?? null,
        createdAt: new Date(invoice.created * 1000),
        description: invoice.lines?.data[0]?.description ?? invoice.description ?? 'Subscription',
        amount: invoice.total,
        currency: invoice.currency,
        status: (invoice.status ?? 'draft') as ProviderInvoice['status'],
        url: invoice.hosted_invoice_url ?? invoice.invoice_pdf ?? null,
      }));
    } catch (error) {
      if (isUnavailable(error)) throw new PaymentProviderUnavailable(error);
      throw new Error('the payment provider refused to list invoices', { cause: error });
    }
  }

  async cancelSubscription(subscriptionId: string): Promise<void> {
    try {
      await this.#stripe.subscriptions.cancel(subscriptionId, { prorate: false, invoice_now: false });
    } catch (error) {
      // Already cancelled or gone: the side effect has happened.
      if (isStripeError(error, 'StripeInvalidRequestError') && error.code === 'resource_missing') return;
      throw error;
    }
  }
}

/** Stripe's connection, API (its 5xx) and rate-limit errors; after the SDK's own retries. */
function isUnavailable(error: unknown): boolean {
  return isStripeError(error, 'StripeConnectionError', 'StripeAPIError', 'StripeRateLimitError');
}

/** A Stripe error of one of these kinds: the SDK names each error's class in its `type`, so telling them apart needs no class loaded. */
function isStripeError(error: unknown, ...types: string[]): error is { type: string; code?: string } {
  return typeof error === 'object' && error !== null && types.includes(String((error as { type?: unknown }).type));
}

export interface LocalProviderOptions {
  publicBaseUrl: string;
  /** Signs the checkout address (and, in the pay route, the event). */
  signingSecret: string;
  clock: Clock;
  /** PAYMENT_LOCAL_PRICES over the defaults: each plan's and pack's amount in the currency's minor unit. */
  prices: Readonly<Record<PriceKey, number>>;
  currency: string;
}

/**
 * The embedded provider: no money moves. Checkout is a page of ours
 * (/payment/local-checkout) whose Pay button makes the server deliver a
 * signed checkout.session.completed to our own webhook endpoint, so the
 * local path exercises the production one. Its billing portal is a page of
 * ours too (/payment/local-portal), whose Cancel delivers a signed
 * customer.subscription.deleted the same way. Its subscriptions exist only in
 * our database: cancelling has nobody to tell, and BillingService marks the
 * subscription cancelled once this returns.
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;
  readonly #options: LocalProviderOptions;

  constructor(options: LocalProviderOptions) {
    this.#options = options;
  }

  async priceOf(key: PriceKey): Promise<Price> {
    return { amount: this.#options.prices[key], currency: this.#options.currency, interval: key.startsWith('pack_') ? null : 'month' };
  }

  async createCheckout(request: CheckoutRequest): Promise<{ url: string }> {
    const token = encodeLocalCheckout(
      {
        sessionId: crypto.randomUUID(),
        accountId: request.accountId,
        customerId: request.customerId ?? `cus_local_${request.accountId}`,
        item: request.item,
        // The price offered travels with the session: the page shows it and the payment event carries it.
        price: await this.priceOf(priceKeyOf(request.item)),
        successUrl: request.successUrl,
        cancelUrl: request.cancelUrl,
        expiresAt: this.#options.clock.now().getTime() + LOCAL_CHECKOUT_TTL_MS,
      },
      this.#options.signingSecret,
    );
    return { url: `${this.#options.publicBaseUrl}${LOCAL_CHECKOUT_PATH}?session=${token}` };
  }

  /** Our own portal page (/payment/local-portal), addressed like the checkout page: a signed, short-lived session in its address. */
  async createPortal(request: PortalRequest): Promise<{ url: string }> {
    const token = encodeLocalPortal(
      {
        sessionId: crypto.randomUUID(),
        accountId: request.accountId,
        customerId: request.customerId,
        returnUrl: request.returnUrl,
        expiresAt: this.#options.clock.now().getTime() + LOCAL_PORTAL_TTL_MS,
      },
      this.#options.signingSecret,
    );
    return { url: `${this.#options.publicBaseUrl}${LOCAL_PORTAL_PATH}?session=${token}` };
  }

  async cancelSubscription(): Promise<void> {}

  /** Nobody to tell: BillingService schedules the end itself (a job at the period's end). */
  async scheduleCancellation(): Promise<void> {}

  /** The local provider's invoices are ours (local_invoices), read by BillingService. */
  async invoices(): Promise<null> {
    return null;
  }
}
