/**
 * Cancelling and invoices (issue 23, part 7): a subscription is cancelled at
 * the end of the period paid for unless asked for now; taking it back keeps
 * it; the local provider keeps an invoice for each paid checkout and ends a
 * subscription itself at the period's end; with Stripe, the subscription is
 * set to cancel at period end there and the invoices are Stripe's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../clock.ts';
import { accountIdOf, subscribe } from '../../../../test/fakes/payment-webhook-client.ts';
import { startFakeStripe, type FakeStripe } from '../../../../test/fakes/stripe-api.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';

describe('with the built-in local provider', () => {
  let t: TestApp;
  const clock = new ManualClock(new Date('2026-11-01T10:00:00.000Z'));
  beforeAll(async () => {
    t = await startTestApp({ clock });
    // The Pay button delivers the event to our own webhook over HTTP: the app must listen.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const send = async (
    claims: { sub: string; account?: string; role?: 'owner' | 'admin' | 'member' },
    method: 'GET' | 'POST',
    url: string,
    payload?: Record<string, unknown>,
  ) => t.app.inject({ method, url, headers: await t.authHeaders(claims), ...(payload ? { payload } : {}) });

  /** Buys the plan through the local checkout page's Pay, as a person does. */
  async function buy(claims: { sub: string }, plan: string) {
    const url = new URL((await send(claims, 'POST', '/api/payment/checkout', { plan })).json().url as string);
    const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    const session = /name="session" value="([^"]+)"/.exec(page.body)![1]!;
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)![1]!;
    const cookie = page.cookies.find((c) => c.name === '__csrf')!;
    const paid = await t.app.inject({
      method: 'POST',
      url: url.pathname,
      payload: new URLSearchParams({ session, csrf }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      cookies: { __csrf: cookie.value },
    });
    expect(paid.statusCode).toBe(303);
  }

  it('keeps an invoice for each paid checkout', async () => {
    const owner = { sub: 'invoices_local' };
    await accountIdOf(t, owner);
    expect((await send(owner, 'GET', '/api/billing/invoices')).json()).toEqual({ invoices: [] });
    await buy(owner, 'pro');
    const { invoices } = (await send(owner, 'GET', '/api/billing/invoices')).json();
    expect(invoices).toEqual([
      expect.objectContaining({
        description: 'Pro plan, first month',
        amount: 4_900,
        currency: 'usd',
        status: 'paid',
        url: null,
        number: expect.stringMatching(/^LOCAL-20261101-[0-9A-F]{8}$/),
      }),
    ]);
  });

  it('cancels at the end of the period by default, keeps the plan until then, takes it back, and ends it when the period ends', async () => {
    const owner = { sub: 'cancel_local' };
    const accountId = await accountIdOf(t, owner);
    expect((await send(owner, 'POST', '/api/billing/subscription/cancel', {})).statusCode).toBe(409);
    await buy(owner, 'pro');
    const periodEnd = (await send(owner, 'GET', '/api/usage')).json().periodEnd as string;

    const cancelled = await send(owner, 'POST', '/api/billing/subscription/cancel', {});
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ when: 'period_end', endsAt: periodEnd });
    expect(await t.services.billing.planOf(accountId)).toBe('pro');
    expect((await t.services.billing.overview(accountId)).cancellation?.endsAt.toISOString()).toBe(periodEnd);

    // Kept: nothing ends at the period's end.
    expect((await send(owner, 'POST', '/api/billing/subscription/resume')).json()).toEqual({ success: true });
    expect((await send(owner, 'POST', '/api/billing/subscription/resume')).statusCode).toBe(409);
    clock.set(new Date(new Date(periodEnd).getTime() + 60_000));
    await t.services.jobRunner.runDue();
    expect(await t.services.billing.planOf(accountId)).toBe('pro');

    // Cancelled again (a new period): at its end the job ends it, and the account is on Free.
    const again = (await send(owner, 'POST', '/api/billing/subscription/cancel', { when: 'period_end' })).json();
    expect(new Date(again.endsAt).getTime()).toBeGreaterThan(clock.now().getTime());
    await t.services.jobRunner.runDue();
    expect(await t.services.billing.planOf(accountId)).toBe('pro');
    clock.set(new Date(new Date(again.endsAt).getTime() + 60_000));
    await t.services.jobRunner.runDue();
    expect(await t.services.billing.planOf(accountId)).toBe('free');
  });

  it('cancels now when asked, without waiting for the period to end', async () => {
    const owner = { sub: 'cancel_now_local', account: 'org_cancel_now', role: 'owner' as const };
    const accountId = await accountIdOf(t, owner);
    await buy(owner, 'business');
    const member = { sub: 'cancel_now_member', account: 'org_cancel_now', role: 'member' as const };
    expect((await send(member, 'POST', '/api/billing/subscription/cancel', { when: 'now' })).statusCode).toBe(403);
    const now = await send(owner, 'POST', '/api/billing/subscription/cancel', { when: 'now' });
    expect(now.json()).toEqual({ when: 'now', endsAt: clock.now().toISOString() });
    expect(await t.services.billing.planOf(accountId)).toBe('free');
  });
});

describe('with Stripe (the official SDK against a local fake of its API)', () => {
  let t: TestApp;
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await startTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_local', STRIPE_API_BASE: stripe.url, PAYMENT_WEBHOOK_SECRET: 'whsec_subscription_test' } });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it("sets the subscription to cancel at the period's end at Stripe, takes it back, and lists Stripe's invoices", async () => {
    const owner = { sub: 'cancel_stripe' };
    const accountId = await accountIdOf(t, owner);
    const refs = await subscribe(t, accountId, 'pro');
    const headers = await t.authHeaders(owner);
    const cancelled = await t.app.inject({ method: 'POST', url: '/api/billing/subscription/cancel', headers, payload: {} });
    expect(cancelled.json().when).toBe('period_end');
    await t.app.inject({ method: 'POST', url: '/api/billing/subscription/resume', headers });
    expect(stripe.subscriptionUpdates().map((update) => [update.subscriptionId, update.form.get('cancel_at_period_end')])).toEqual([
      [refs.subscriptionId, 'true'],
      [refs.subscriptionId, 'false'],
    ]);
    // Stripe's own jobs are Stripe's: no job of ours ends the subscription.
    expect(await t.services.billing.planOf(accountId)).toBe('pro');

    stripe.setInvoices(refs.customerId, [
      { id: 'in_1', number: 'A1B2-0001', created: 1_790_000_000, total: 4_900, currency: 'eur', status: 'paid', description: '1 × Pro (at €49.00 / month)' },
    ]);
    const invoices = (await t.app.inject({ method: 'GET', url: '/api/billing/invoices', headers })).json().invoices;
    expect(invoices).toEqual([
      {
        id: 'in_1',
        number: 'A1B2-0001',
        createdAt: new Date(1_790_000_000_000).toISOString(),
        description: '1 × Pro (at €49.00 / month)',
        amount: 4_900,
        currency: 'eur',
        status: 'paid',
        url: 'https://invoice.stripe.test/i/in_1',
      },
    ]);
  });
});
