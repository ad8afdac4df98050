import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../clock.ts';
import { rowsOf } from '../../../db/client.ts';
import {
  checkoutCompleted,
  invoiceObject,
  packCheckoutCompleted,
  providerEvent,
  signatureHeader,
  subscriptionObject,
} from '../../../../test/fakes/payment-events.ts';
import { accountIdOf, deliverEvent, subscriptionRefs } from '../../../../test/fakes/payment-webhook-client.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';

const DAY = 24 * 60 * 60 * 1000;
const clock = new ManualClock('2026-03-01T09:00:00.000Z');
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ clock, env: { PAYMENT_GRACE_DAYS: '7', PAYMENT_PRICE_IDS: 'price_pro=pro,price_business=business' } });
});
afterAll(() => t.close());

async function usageOf(sub: string) {
  const response = await t.app.inject({ method: 'GET', url: '/api/usage', headers: await t.authHeaders({ sub }) });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function scoreOnce(accountId: string, userId: string) {
  return t.services.admissionGate.admit({
    action: 'score',
    principal: { userId, accountId, role: 'owner', email: null, method: 'bearer', apiKeyId: null },
    clientAddress: '203.0.113.1',
  });
}

describe('POST /api/payment/webhook: the five events and their effects', () => {
  it('upgrades on checkout, resets usage on a renewal payment, follows a plan change and downgrades on deletion', async () => {
    const accountId = await accountIdOf(t, { sub: 'wh_lifecycle' });
    const refs = subscriptionRefs(accountId);
    const start = clock.now();
    const firstPeriod = { start, end: new Date(start.getTime() + 31 * DAY) };

    const checkout = await deliverEvent(t, checkoutCompleted(refs, 'pro', start), { at: clock.now() });
    expect(checkout.statusCode).toBe(200);
    expect(checkout.json()).toEqual({ received: true, outcome: 'applied' });
    expect((await usageOf('wh_lifecycle')).plan).toBe('pro');

    const firstInvoice = invoiceObject(refs, { priceId: 'price_pro', period: firstPeriod, billingReason: 'subscription_create' });
    await deliverEvent(t, providerEvent('invoice.payment_succeeded', start, firstInvoice), { at: clock.now() });
    expect(await scoreOnce(accountId, 'wh_lifecycle')).toMatchObject({ ok: true });
    const beforeRenewal = await usageOf('wh_lifecycle');
    expect(beforeRenewal).toMatchObject({ periodStart: firstPeriod.start.toISOString(), periodEnd: firstPeriod.end.toISOString() });
    expect(beforeRenewal.credits).toEqual({ limit: 1000, used: 10, remaining: 990 });

    clock.set(firstPeriod.end);
    const secondPeriod = { start: firstPeriod.end, end: new Date(firstPeriod.end.getTime() + 30 * DAY) };
    const renewal = invoiceObject(refs, { priceId: 'price_pro', period: secondPeriod, billingReason: 'subscription_cycle' });
    await deliverEvent(t, providerEvent('invoice.payment_succeeded', clock.now(), renewal), { at: clock.now() });
    const afterRenewal = await usageOf('wh_lifecycle');
    expect(afterRenewal).toMatchObject({ periodStart: secondPeriod.start.toISOString(), periodEnd: secondPeriod.end.toISOString() });
    expect(afterRenewal.credits).toEqual({ limit: 1000, used: 0, remaining: 1000 });
    expect(afterRenewal.scores).toMatchObject({ limit: 100, used: 0 });

    clock.advance(DAY);
    const upgraded = subscriptionObject(refs, { priceId: 'price_business', status: 'active', startedAt: start, period: secondPeriod, plan: 'pro' });
    await deliverEvent(t, providerEvent('customer.subscription.updated', clock.now(), upgraded), { at: clock.now() });
    const business = await usageOf('wh_lifecycle');
    expect(business.plan).toBe('business');
    expect(business.credits.limit).toBe(2000);
    // A plan change inside the cycle keeps the cycle's usage.
    expect(business.periodStart).toBe(secondPeriod.start.toISOString());

    clock.advance(DAY);
    const deleted = subscriptionObject(refs, { priceId: 'price_business', status: 'canceled', startedAt: start, period: secondPeriod });
    await deliverEvent(t, providerEvent('customer.subscription.deleted', clock.now(), deleted), { at: clock.now() });
    const free = await usageOf('wh_lifecycle');
    expect(free.plan).toBe('free');
    expect(free.credits.limit).toBe(80);
  });

  it('keeps paid limits through the grace period after a failed payment, then holds the account to Free until a payment succeeds', async () => {
    const accountId = await accountIdOf(t, { sub: 'wh_grace' });
    const refs = subscriptionRefs(accountId);
    await deliverEvent(t, checkoutCompleted(refs, 'business', clock.now()), { at: clock.now() });
    const period = { start: clock.now(), end: new Date(clock.now().getTime() + 30 * DAY) };
    await deliverEvent(
      t,
      providerEvent('invoice.payment_succeeded', clock.now(), invoiceObject(refs, { priceId: 'price_business', period, billingReason: 'subscription_create' })),
      {
        at: clock.now(),
      },
    );

    clock.advance(30 * DAY);
    const failedAt = clock.now();
    const renewal = { start: period.end, end: new Date(period.end.getTime() + 31 * DAY) };
    const failed = await deliverEvent(
      t,
      providerEvent(
        'invoice.payment_failed',
        failedAt,
        invoiceObject(refs, { priceId: 'price_business', period: renewal, billingReason: 'subscription_cycle' }),
      ),
      {
        at: clock.now(),
      },
    );
    expect(failed.json().outcome).toBe('applied');
    const during = await usageOf('wh_grace');
    expect(during).toMatchObject({ plan: 'business', limitsPlan: 'business', gracePeriodEndsAt: new Date(failedAt.getTime() + 7 * DAY).toISOString() });

    clock.advance(7 * DAY);
    const held = await usageOf('wh_grace');
    expect(held).toMatchObject({ plan: 'business', limitsPlan: 'free' });
    expect(held.credits.limit).toBe(80);

    clock.advance(DAY);
    await deliverEvent(
      t,
      providerEvent(
        'invoice.payment_succeeded',
        clock.now(),
        invoiceObject(refs, { priceId: 'price_business', period: renewal, billingReason: 'subscription_cycle' }),
      ),
      {
        at: clock.now(),
      },
    );
    const recovered = await usageOf('wh_grace');
    expect(recovered).toMatchObject({ plan: 'business', limitsPlan: 'business', gracePeriodEndsAt: null, periodStart: renewal.start.toISOString() });
  });

  it('runs the grace period from the first failed payment since the last success: failing retries do not extend it', async () => {
    const accountId = await accountIdOf(t, { sub: 'wh_retries' });
    const refs = subscriptionRefs(accountId);
    const invoice = (period: { start: Date; end: Date }, billingReason: string) => invoiceObject(refs, { priceId: 'price_business', period, billingReason });
    const deliver = async (type: string, object: Record<string, unknown>) => {
      const response = await deliverEvent(t, providerEvent(type, clock.now(), object), { at: clock.now() });
      expect(response.json().outcome).toBe('applied');
    };
    await deliverEvent(t, checkoutCompleted(refs, 'business', clock.now()), { at: clock.now() });
    const first = { start: clock.now(), end: new Date(clock.now().getTime() + 30 * DAY) };
    await deliver('invoice.payment_succeeded', invoice(first, 'subscription_create'));

    clock.set(first.end);
    const firstFailure = clock.now();
    const renewal = { start: first.end, end: new Date(first.end.getTime() + 30 * DAY) };
    const graceEnd = new Date(firstFailure.getTime() + 7 * DAY).toISOString();
    for (const retryAfterDays of [0, 3, 3]) {
      clock.advance(retryAfterDays * DAY);
      await deliver('invoice.payment_failed', invoice(renewal, 'subscription_cycle'));
      expect((await usageOf('wh_retries')).gracePeriodEndsAt).toBe(graceEnd);
    }
    // Seven days after the first failure the account is held to Free, though the latest failure is a day old.
    clock.set(new Date(graceEnd));
    expect(await usageOf('wh_retries')).toMatchObject({ plan: 'business', limitsPlan: 'free', gracePeriodEndsAt: graceEnd });

    await deliver('invoice.payment_succeeded', invoice(renewal, 'subscription_cycle'));
    expect(await usageOf('wh_retries')).toMatchObject({ limitsPlan: 'business', gracePeriodEndsAt: null });

    // The next failure, after that success, starts a grace period of its own.
    clock.set(renewal.end);
    const nextFailure = clock.now();
    await deliver('invoice.payment_failed', invoice({ start: renewal.end, end: new Date(renewal.end.getTime() + 30 * DAY) }, 'subscription_cycle'));
    expect(await usageOf('wh_retries')).toMatchObject({ limitsPlan: 'business', gracePeriodEndsAt: new Date(nextFailure.getTime() + 7 * DAY).toISOString() });
  });

  it('adds a bought pack to the pack balance', async () => {
    const accountId = await accountIdOf(t, { sub: 'wh_pack' });
    await deliverEvent(t, checkoutCompleted(subscriptionRefs(accountId), 'pro', clock.now()), { at: clock.now() });
    const response = await deliverEvent(t, packCheckoutCompleted(accountId, 'cus_wh_pack', 'medium', clock.now()), { at: clock.now() });
    expect(response.json().outcome).toBe('applied');
    expect((await usageOf('wh_pack')).scores.packBalance).toBe(50);
  });

  it('applies an event once however often it is delivered, also when two copies arrive at the same moment', async () => {
    const accountId = await accountIdOf(t, { sub: 'wh_dup' });
    await deliverEvent(t, checkoutCompleted(subscriptionRefs(accountId), 'pro', clock.now()), { at: clock.now() });
    const pack = packCheckoutCompleted(accountId, 'cus_wh_dup', 'small', clock.now());
    const simultaneous = await Promise.all([deliverEvent(t, pack, { at: clock.now() }), deliverEvent(t, pack, { at: clock.now() })]);
    expect(simultaneous.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(simultaneous.map((r) => r.json().outcome).sort()).toEqual(['applied', 'duplicate']);
    const later = await deliverEvent(t, pack, { at: clock.now() });
    expect(later.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect((await usageOf('wh_dup')).scores.packBalance).toBe(20);
  });

  it('answers 2xx and changes nothing for event types it does not handle, and holds events for accounts it does not know', async () => {
    const unknownType = await deliverEvent(t, providerEvent('customer.created', clock.now(), { id: 'cus_x', object: 'customer' }), { at: clock.now() });
    expect(unknownType.statusCode).toBe(200);
    expect(unknownType.json()).toEqual({ received: true, outcome: 'ignored' });
    const stranger = subscriptionRefs('00000000-0000-4000-8000-00000000abcd');
    const unknownAccount = await deliverEvent(t, checkoutCompleted(stranger, 'pro', clock.now()), { at: clock.now() });
    // Kept until an account is known by its customer or subscription (issue 24): nothing applied meanwhile.
    expect(unknownAccount.json()).toEqual({ received: true, outcome: 'held' });
    expect(
      rowsOf<{ n: number }>(
        await t.database.db.execute(sql`SELECT count(*)::int AS n FROM billing_subscriptions WHERE subscription_id = ${stranger.subscriptionId}`),
      )[0]!.n,
    ).toBe(0);
  });

  it("accepts the provider's own header name as well", async () => {
    const accountId = await accountIdOf(t, { sub: 'wh_header' });
    const event = checkoutCompleted(subscriptionRefs(accountId), 'pro', clock.now());
    const payload = JSON.stringify(event);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signatureHeader(payload, { secret: t.config.payments.webhookSecrets[0]!, timestamp: Math.floor(clock.now().getTime() / 1000) }),
      },
      payload,
    });
    expect(response.json().outcome).toBe('applied');
  });
});
