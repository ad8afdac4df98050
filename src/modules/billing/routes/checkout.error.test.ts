import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeLocalCheckout } from '../local-checkout-session.ts';
import { startFakeStripe, type FakeStripe } from '../../../../test/fakes/stripe-api.ts';
import { accountIdOf, subscribe } from '../../../../test/fakes/payment-webhook-client.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';

let t: TestApp;
let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await startTestApp({
    env: { STRIPE_SECRET_KEY: 'sk_test_local', STRIPE_API_BASE: stripe.url, PAYMENT_WEBHOOK_SECRET: 'whsec_errors', PAYMENT_PRICE_IDS: 'price_pro=pro,price_small=pack_small' },
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

  it('answers 400 for an item with no configured price, without calling the provider', async () => {
    const before = stripe.checkoutSessions().length;
    const response = await checkout('ce_no_price', { plan: 'business' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('No price is configured for business; it cannot be bought online.');
    expect(stripe.checkoutSessions()).toHaveLength(before);
  });

  it('answers 503 when the provider fails, with nothing internal in the body', async () => {
    stripe.outage();
    try {
      const response = await checkout('ce_outage', { plan: 'pro' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error: 'Service unavailable', code: 'SERVICE_UNAVAILABLE', message: 'The payment provider did not answer. Try again shortly.' });
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
        payload: new URLSearchParams({ session: token }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(pay.statusCode).toBe(404);
    }
  });
});
