/**
 * The payment provider behind one small interface: Stripe through its official
 * SDK when STRIPE_SECRET_KEY is set, the built-in local provider otherwise.
 */
import Stripe from 'stripe';

export interface PaymentProvider {
  readonly name: 'stripe' | 'local';
  /** Ends the subscription now, without proration. Idempotent: an already-ended one is success. */
  cancelSubscription(subscriptionId: string): Promise<void>;
}

export interface StripeProviderOptions {
  secretKey: string;
  /** A local server that speaks Stripe's API (tests); unset talks to Stripe. */
  apiBase?: string | null;
}

export function createStripeClient(options: StripeProviderOptions): Stripe {
  const base = options.apiBase ? new URL(options.apiBase) : null;
  return new Stripe(options.secretKey, {
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

  async cancelSubscription(subscriptionId: string): Promise<void> {
    try {
      await this.#stripe.subscriptions.cancel(subscriptionId, { prorate: false, invoice_now: false });
    } catch (error) {
      // Already cancelled or gone: the side effect has happened.
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return;
      throw error;
    }
  }
}

/**
 * The embedded provider: subscriptions live only in our database, so
 * cancelling has nothing to tell anyone.
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;
  async cancelSubscription(): Promise<void> {}
}
