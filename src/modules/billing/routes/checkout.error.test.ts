import pino from 'pino';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../clock.ts';
import { BillingService } from '../billing-service.ts';
import { encodeLocalCheckout } from '../local-checkout-session.ts';
import { createStripeClient, StripePaymentProvider } from '../payment-provider.ts';
import { checkoutRefusalError } from './checkout-refusals.ts';
import { startFakeStripe, type FakeStripe } from '../../../../test/fakes/stripe-api.ts';
import { accountIdOf, subscribe } from '../../../../test/fakes/payment-webhook-client.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';

let t: TestApp;
let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await startTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_local',
      STRIPE_API_BASE: stripe.url,
      PAYMENT_WEBHOOK_SECRET: 'whsec_errors',
      PAYMENT_PRICE_IDS: 'price_pro=pro,price_business=business,price_small=pack_small',
    },
  });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

async function checkout(sub: string, payload: unknown) {
  return t.app.inject({ method: 'POST', url: '/api/payment/checkout', headers: await t.authHeaders({ sub }), payload: payload as Record<string, unknown> });
}

describe('POST /api/payment/checkout errors', () => {
  it('refuses a pack on Free with 402 PLAN_LIMIT_REACHED, nested, telling the caller to upgrade first', async () => {
    const response = await checkout('ce_free', { pack: 'small' });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({
      error: {
        code: 'PLAN_LIMIT_REACHED',
        message: 'Score packs are sold to paid plans only.',
        action: 'Upgrade to Pro or Business first, then buy a score pack.',
        retryable: false,
      },
    });
    expect(stripe.checkoutSessions()).toHaveLength(0);
  });

  it('answers 409 CONFLICT for the plan the account already has', async () => {
    await subscribe(t, await accountIdOf(t, { sub: 'ce_pro' }), 'pro');
    const response = await checkout('ce_pro', { plan: 'pro' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT', message: 'The account is already on the Pro plan.' });
  });

  it('answers 400 INVALID_REQUEST for neither, both, and unknown items', async () => {
    for (const payload of [{}, { plan: 'pro', pack: 'small' }, { plan: 'free' }, { pack: 'huge' }, { plan: 'pro', pack: null }]) {
      const response = await checkout('ce_invalid', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code, JSON.stringify(payload)).toBe('INVALID_REQUEST');
    }
  });

  it('refuses a lower plan through checkout with 409 CONFLICT pointing to a plan change, without calling the provider', async () => {
    await subscribe(t, await accountIdOf(t, { sub: 'ce_business' }), 'business');
    const before = stripe.checkoutSessions().length;
    const response = await checkout('ce_business', { plan: 'pro' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'Conflict',
      code: 'CONFLICT',
      message:
        'The account is on the Business plan; checkout sells only a higher plan. Move to Pro by changing the plan in the billing portal, or by cancelling the subscription.',
    });
    expect(stripe.checkoutSessions()).toHaveLength(before);
    // A higher plan is still sold.
    expect((await checkout('ce_business', { plan: 'enterprise' })).statusCode).toBe(400);
  });

  it('answers 400 for an item with no configured price, without calling the provider', async () => {
    const before = stripe.checkoutSessions().length;
    const response = await checkout('ce_no_price', { plan: 'enterprise' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('No price is configured for enterprise; it cannot be bought online.');
    expect(stripe.checkoutSessions()).toHaveLength(before);
  });

  it('answers 503 when the provider fails or rate-limits us, with nothing internal in the body', async () => {
    const unavailable = { error: 'Service unavailable', code: 'SERVICE_UNAVAILABLE', message: 'The payment provider did not answer. Try again shortly.' };
    stripe.outage();
    try {
      const response = await checkout('ce_outage', { plan: 'pro' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual(unavailable);
      stripe.respondWith(() => ({ status: 429, body: { error: { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests' } } }));
      const limited = await checkout('ce_outage', { plan: 'pro' });
      expect(limited.statusCode).toBe(503);
      expect(limited.json()).toEqual(unavailable);
    } finally {
      stripe.healthy();
    }
  });

  it('answers 500 when the provider refuses the request itself (not an outage), with nothing internal in the body', async () => {
    stripe.respondWith(() => ({
      status: 400,
      body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such price: price_pro' } },
    }));
    try {
      const response = await checkout('ce_refused', { plan: 'pro' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ error: 'Internal server error', code: 'INTERNAL_ERROR', message: 'Something went wrong on our side.' });
    } finally {
      stripe.healthy();
    }
  });
});

describe('provider failures seen from the billing service', () => {
  async function billingWithLog() {
    const lines: string[] = [];
    const billing = new BillingService({
      db: t.database.db,
      clock: systemClock,
      provider: new StripePaymentProvider(await createStripeClient({ secretKey: 'sk_test_local', apiBase: stripe.url })),
      outbox: t.services.outbox,
      jobs: t.services.jobs,
      log: pino({ level: 'warn' }, { write: (line: string) => lines.push(line) }),
      settings: { graceDays: 7, priceIds: { price_pro: 'pro' }, publicBaseUrl: 'https://maturity.example' },
      onPackPurchased: async () => {},
    });
    return { billing, lines };
  }

  it('logs the cause of a 503', async () => {
    const { billing, lines } = await billingWithLog();
    stripe.outage();
    try {
      const outcome = await billing.startCheckout(await accountIdOf(t, { sub: 'ce_logged' }), { kind: 'plan', plan: 'pro' });
      expect(outcome).toEqual({ ok: false, reason: 'provider_unavailable' });
      if (outcome.ok) throw new Error('expected a refusal');
      expect(checkoutRefusalError(outcome)).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    } finally {
      stripe.healthy();
    }
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({
        msg: 'payment provider unavailable; checkout answered 503',
        provider: 'stripe',
        err: expect.objectContaining({ type: 'StripeAPIError', message: 'Service unavailable' }),
      }),
    ]);
  });

  it('throws a refused request with the provider error as its cause (the error handler logs it and answers 500)', async () => {
    const { billing } = await billingWithLog();
    stripe.respondWith(() => ({ status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } }));
    try {
      const failure = await billing.startCheckout(await accountIdOf(t, { sub: 'ce_thrown' }), { kind: 'plan', plan: 'pro' }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);
      expect((failure as Error).cause).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    } finally {
      stripe.healthy();
    }
  });
});

describe('the local checkout page', () => {
  let local: TestApp;
  beforeAll(async () => {
    local = await startTestApp();
  });
  afterAll(() => local.close());

  it('refuses forged and expired sessions with 404 and delivers nothing', async () => {
    const session = {
      sessionId: '11111111-1111-4111-8111-111111111111',
      accountId: '22222222-2222-4222-8222-222222222222',
      customerId: 'cus_local_x',
      item: { kind: 'plan' as const, plan: 'enterprise' as const },
      successUrl: 'http://localhost/',
      cancelUrl: 'http://localhost/pricing',
      expiresAt: Date.now() + 60_000,
    };
    const forged = encodeLocalCheckout(session, 'whsec_not_ours');
    const expired = encodeLocalCheckout({ ...session, expiresAt: Date.now() - 1 }, local.config.payments.webhookSecrets[0]!);
    for (const token of [forged, expired, 'garbage']) {
      expect((await local.app.inject({ method: 'GET', url: `/payment/local-checkout?session=${token}` })).statusCode).toBe(404);
      const pay = await local.app.inject({
        method: 'POST',
        url: '/payment/local-checkout',
        // A genuine form's CSRF pair: what is refused here is the session alone.
        payload: new URLSearchParams({ session: token, csrf: 'c'.repeat(43) }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        cookies: { __csrf: 'c'.repeat(43) },
      });
      expect(pay.statusCode).toBe(404);
    }
  });
});
