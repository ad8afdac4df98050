import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../clock.ts';
import { rowsOf } from '../../../db/client.ts';
import { FAKE_CHECKOUT_HOST, startFakeStripe, type FakeStripe } from '../../../../test/fakes/stripe-api.ts';
import { accountIdOf, subscribe } from '../../../../test/fakes/payment-webhook-client.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';

async function checkout(t: TestApp, sub: string, body: Record<string, string>) {
  return t.app.inject({ method: 'POST', url: '/api/payment/checkout', headers: await t.authHeaders({ sub }), payload: body });
}

describe('POST /api/payment/checkout with Stripe (the official SDK against a local fake of its API)', () => {
  let t: TestApp;
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await startTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_local',
        STRIPE_API_BASE: stripe.url,
        PAYMENT_WEBHOOK_SECRET: 'whsec_checkout_test',
        PAYMENT_PRICE_IDS: 'price_pro=pro,price_business=business,price_small=pack_small',
        PUBLIC_BASE_URL: 'https://maturity.example',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it('creates a subscription Checkout Session that names the account every way the webhook looks for it', async () => {
    const accountId = await accountIdOf(t, { sub: 'co_stripe_plan' });
    const response = await checkout(t, 'co_stripe_plan', { plan: 'pro' });
    expect(response.statusCode).toBe(200);
    expect(response.json().url).toMatch(new RegExp(`^${FAKE_CHECKOUT_HOST}/c/pay/cs_test_`));
    const form = stripe.checkoutSessions().at(-1)!;
    expect(Object.fromEntries(form)).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_pro',
      'line_items[0][quantity]': '1',
      client_reference_id: accountId,
      'metadata[accountId]': accountId,
      'metadata[plan]': 'pro',
      'subscription_data[metadata][accountId]': accountId,
      'subscription_data[metadata][plan]': 'pro',
      success_url: 'https://maturity.example/pricing/complete?item=pro',
      cancel_url: 'https://maturity.example/pricing?checkout=cancelled',
    });
    expect(form.has('customer')).toBe(false);
  });

  it('sells a pack to a paid account as a one-time payment for its known customer', async () => {
    const accountId = await accountIdOf(t, { sub: 'co_stripe_pack' });
    const refs = await subscribe(t, accountId, 'pro');
    const response = await checkout(t, 'co_stripe_pack', { pack: 'small' });
    expect(response.statusCode).toBe(200);
    expect(Object.fromEntries(stripe.checkoutSessions().at(-1)!)).toMatchObject({
      mode: 'payment',
      'line_items[0][price]': 'price_small',
      customer: refs.customerId,
      client_reference_id: accountId,
      'metadata[pack]': 'small',
      'payment_intent_data[metadata][accountId]': accountId,
    });
  });
});

describe('POST /api/payment/checkout with the built-in local provider', () => {
  let t: TestApp;
  const clock = new ManualClock(new Date());
  beforeAll(async () => {
    t = await startTestApp({ clock });
    // The Pay button delivers the event to our own webhook over HTTP: the app must listen.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  async function pay(url: string) {
    const local = new URL(url);
    const page = await t.app.inject({ method: 'GET', url: `${local.pathname}${local.search}` });
    expect(page.statusCode).toBe(200);
    const session = /name="session" value="([^"]+)"/.exec(page.body)![1]!;
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)![1]!;
    const cookie = page.cookies.find((c) => c.name === '__csrf')!;
    return {
      page,
      result: await t.app.inject({
        method: 'POST',
        url: local.pathname,
        payload: new URLSearchParams({ session, csrf }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        cookies: { __csrf: cookie.value },
      }),
    };
  }

  it('takes the buyer through a local page whose Pay delivers a signed checkout.session.completed to our own webhook', async () => {
    const accountId = await accountIdOf(t, { sub: 'co_local' });
    const response = await checkout(t, 'co_local', { plan: 'business' });
    expect(response.statusCode).toBe(200);
    const url: string = response.json().url;
    expect(url).toMatch(/^http:\/\/localhost:\d+\/payment\/local-checkout\?session=/);

    const { page, result } = await pay(url);
    expect(page.body).toContain('the Business plan');
    // The amount the pricing page showed, offered again before paying.
    expect(page.body).toContain('Amount: <strong>$149 a month</strong>, until you cancel.');
    expect(result.statusCode).toBe(303);
    expect(result.headers.location).toBe(`${t.config.publicBaseUrl}/pricing/complete?item=business`);
    expect(await t.services.billing.planOf(accountId)).toBe('business');

    // Another site can make a browser post the Pay form, but not with our CSRF cookie's token.
    const session = new URLSearchParams(new URL(url).search).get('session')!;
    const forged = await t.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      payload: new URLSearchParams({ session, csrf: 'x'.repeat(43) }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      cookies: { __csrf: 'y'.repeat(43) },
    });
    expect(forged.statusCode).toBe(403);

    // Paying the same session twice delivers the same event id: applied once.
    const again = await pay(url);
    expect(again.result.statusCode).toBe(303);
    const events = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`SELECT count(*)::int AS n FROM billing_subscriptions WHERE account_id = ${accountId}`),
    );
    expect(events[0]!.n).toBe(1);

    const pack = await checkout(t, 'co_local', { pack: 'large' });
    await pay(pack.json().url);
    expect((await t.services.usageReports.forAccount(accountId)).scores.packBalance).toBe(150);
  });

  it('replaces the old subscription on an upgrade through checkout, and cancels it through the provider', async () => {
    const accountId = await accountIdOf(t, { sub: 'co_local_upgrade' });
    await pay((await checkout(t, 'co_local_upgrade', { plan: 'pro' })).json().url);
    clock.advance(60_000);
    await pay((await checkout(t, 'co_local_upgrade', { plan: 'enterprise' })).json().url);
    expect(await t.services.billing.planOf(accountId)).toBe('enterprise');
    const subscriptions = async () =>
      rowsOf<{ id: string; plan: string; cancelled: boolean }>(
        await t.database.db.execute(
          sql`SELECT subscription_id AS id, plan, canceled_at IS NOT NULL AS cancelled FROM billing_subscriptions WHERE account_id = ${accountId} ORDER BY started_at, plan`,
        ),
      );
    const [pro, enterprise] = await subscriptions();
    expect([pro, enterprise]).toEqual([
      { id: expect.any(String), plan: 'pro', cancelled: true },
      { id: expect.any(String), plan: 'enterprise', cancelled: false },
    ]);
    // The one cancellation waiting for the provider is the replaced Pro subscription's.
    const pending = rowsOf<{ subscription: string }>(
      await t.database.db.execute(
        sql`SELECT data->'payload'->>'subscriptionId' AS subscription FROM ${sql.raw(`${t.services.jobs.engine.schema}.job`)} WHERE state IN ('created', 'retry', 'active') AND name = 'outbox.billing.cancel_subscription'`,
      ),
    );
    expect(pending.map((row) => row.subscription)).toEqual([pro!.id]);
    // The drain runs the account's other jobs too (mail); the cancellation is among them, and done.
    await t.services.jobRunner.runDue();
    expect(
      rowsOf(
        await t.database.db.execute(
          sql`SELECT data->'payload'->>'subscriptionId' AS subscription FROM ${sql.raw(`${t.services.jobs.engine.schema}.job`)} WHERE state IN ('created', 'retry', 'active') AND name = 'outbox.billing.cancel_subscription'`,
        ),
      ),
    ).toEqual([]);
    expect(await subscriptions()).toEqual([pro, enterprise]);
    expect(await t.services.billing.planOf(accountId)).toBe('enterprise');
  });

  it('keeps erasure cancelling the subscription through the local provider', async () => {
    const owner = await t.authHeaders({ sub: 'co_local_erase' });
    const accountId = await accountIdOf(t, { sub: 'co_local_erase' });
    await pay((await checkout(t, 'co_local_erase', { plan: 'pro' })).json().url);
    const erased = await t.app.inject({ method: 'DELETE', url: '/api/account/delete', headers: owner, payload: { confirmation: 'DELETE' } });
    expect(erased.statusCode).toBe(200);
    const pending = rowsOf<{ subscription: string }>(
      await t.database.db.execute(
        sql`SELECT data->'payload'->>'subscriptionId' AS subscription FROM ${sql.raw(`${t.services.jobs.engine.schema}.job`)} WHERE state IN ('created', 'retry', 'active') AND name = 'outbox.billing.cancel_subscription'`,
      ),
    );
    expect(pending.map((row) => row.subscription)).toEqual([expect.stringMatching(/^sub_local_/)]);
    // The drain runs the account's other jobs too (mail); the cancellation is among them, and done.
    await t.services.jobRunner.runDue();
    expect(
      rowsOf(
        await t.database.db.execute(
          sql`SELECT data->'payload'->>'subscriptionId' AS subscription FROM ${sql.raw(`${t.services.jobs.engine.schema}.job`)} WHERE state IN ('created', 'retry', 'active') AND name = 'outbox.billing.cancel_subscription'`,
        ),
      ),
    ).toEqual([]);
    expect(
      rowsOf<{ n: number }>(await t.database.db.execute(sql`SELECT count(*)::int AS n FROM billing_subscriptions WHERE account_id = ${accountId}`))[0]!.n,
    ).toBe(0);
  });
});
