/**
 * Issue 9, defect 8: one checkout session, or one invoice outcome, that
 * reaches the webhook under two event ids is applied once. The second
 * delivery is answered as received (outcome `duplicate`) and changes
 * nothing: no second pack, no older plan restored, no grace period ended
 * or restarted by a payment outcome already counted.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock.ts';
import { rowsOf } from '../../db/client.ts';
import {
  checkoutCompleted,
  invoiceObject,
  packCheckoutCompleted,
  providerEvent,
  subscriptionObject,
  type ProviderEvent,
} from '../../../test/fakes/payment-events.ts';
import { accountIdOf, deliverEvent, subscribe, subscriptionRefs } from '../../../test/fakes/payment-webhook-client.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

const DAY = 24 * 60 * 60 * 1000;
const GRACE_DAYS = 7;
const clock = new ManualClock('2026-04-01T09:00:00.000Z');
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ clock, env: { PAYMENT_GRACE_DAYS: String(GRACE_DAYS), PAYMENT_PRICE_IDS: 'price_pro=pro,price_business=business' } });
});
afterAll(() => t.close());

/** The same provider object in an event of its own: a new event id, created at `created`. */
function underAnotherEventId(event: ProviderEvent, created: Date): ProviderEvent {
  return providerEvent(event.type, created, event.data.object);
}

async function deliver(event: ProviderEvent) {
  const response = await deliverEvent(t, event, { at: clock.now() });
  expect(response.statusCode).toBe(200);
  return response.json() as { received: true; outcome: string };
}

async function usageOf(sub: string) {
  const response = await t.app.inject({ method: 'GET', url: '/api/usage', headers: await t.authHeaders({ sub }) });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function packPurchases(accountId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await t.database.db.execute(sql`SELECT count(*)::int AS n FROM usage_ledger WHERE account_id = ${accountId}::uuid AND entry = 'pack_purchase'`),
  );
  return row?.n ?? 0;
}

describe('a checkout session delivered under two event ids', () => {
  it('credits its pack once, and answers the second delivery as received', async () => {
    const accountId = await accountIdOf(t, { sub: 'once_pack' });
    await subscribe(t, accountId, 'pro', clock.now());
    const pack = packCheckoutCompleted(accountId, 'cus_once_pack', 'small', clock.now());
    expect(await deliver(pack)).toEqual({ received: true, outcome: 'applied' });
    expect(await deliver(underAnotherEventId(pack, new Date(clock.now().getTime() + 60_000)))).toEqual({ received: true, outcome: 'duplicate' });
    expect((await usageOf('once_pack')).scores.packBalance).toBe(20);
    expect(await packPurchases(accountId)).toBe(1);
  });

  it('credits its pack once when the deliveries arrive at the same moment', async () => {
    const accountId = await accountIdOf(t, { sub: 'once_pack_race' });
    await subscribe(t, accountId, 'pro', clock.now());
    const pack = packCheckoutCompleted(accountId, 'cus_once_pack_race', 'small', clock.now());
    const copies = [pack, underAnotherEventId(pack, clock.now()), underAnotherEventId(pack, new Date(clock.now().getTime() + 1000))];
    const outcomes = await Promise.all(copies.map((copy) => deliver(copy)));
    expect(outcomes.map((answer) => answer.outcome).sort()).toEqual(['applied', 'duplicate', 'duplicate']);
    expect((await usageOf('once_pack_race')).scores.packBalance).toBe(20);
    expect(await packPurchases(accountId)).toBe(1);
  });

  it('does not bring back the plan it started after the plan has changed', async () => {
    const accountId = await accountIdOf(t, { sub: 'once_plan' });
    const refs = subscriptionRefs(accountId);
    const start = clock.now();
    const checkout = checkoutCompleted(refs, 'pro', start);
    expect(await deliver(checkout)).toMatchObject({ outcome: 'applied' });
    const period = { start, end: new Date(start.getTime() + 30 * DAY) };
    const upgrade = subscriptionObject(refs, { priceId: 'price_business', status: 'active', startedAt: start, period });
    expect(await deliver(providerEvent('customer.subscription.updated', new Date(start.getTime() + DAY), upgrade))).toMatchObject({ outcome: 'applied' });
    expect(await deliver(underAnotherEventId(checkout, new Date(start.getTime() + 2 * DAY)))).toEqual({ received: true, outcome: 'duplicate' });
    expect(await t.services.billing.planOf(accountId)).toBe('business');
  });
});

describe('an invoice outcome delivered under two event ids', () => {
  it('counts a paid invoice once: a late copy does not end the grace period a later invoice started', async () => {
    const accountId = await accountIdOf(t, { sub: 'once_invoice' });
    const refs = subscriptionRefs(accountId);
    const start = clock.now();
    const first = { start, end: new Date(start.getTime() + 30 * DAY) };
    const renewal = { start: first.end, end: new Date(first.end.getTime() + 30 * DAY) };
    await deliver(checkoutCompleted(refs, 'business', start));
    const firstPaid = providerEvent(
      'invoice.payment_succeeded',
      start,
      invoiceObject(refs, { priceId: 'price_business', period: first, billingReason: 'subscription_create' }),
    );
    expect(await deliver(firstPaid)).toMatchObject({ outcome: 'applied' });
    const failedAt = renewal.start;
    const renewalFailed = { ...invoiceObject(refs, { priceId: 'price_business', period: renewal, billingReason: 'subscription_cycle' }), attempt_count: 1 };
    expect(await deliver(providerEvent('invoice.payment_failed', failedAt, renewalFailed))).toMatchObject({ outcome: 'applied' });

    expect(await deliver(underAnotherEventId(firstPaid, new Date(failedAt.getTime() + DAY)))).toEqual({ received: true, outcome: 'duplicate' });
    expect((await usageOf('once_invoice')).gracePeriodEndsAt).toBe(new Date(failedAt.getTime() + GRACE_DAYS * DAY).toISOString());
  });

  it('counts each failed attempt of an invoice once: a late copy of an attempt does not start a grace period after the payment', async () => {
    const accountId = await accountIdOf(t, { sub: 'once_attempt' });
    const refs = subscriptionRefs(accountId);
    const start = clock.now();
    const period = { start, end: new Date(start.getTime() + 30 * DAY) };
    await deliver(checkoutCompleted(refs, 'business', start));
    const invoice = invoiceObject(refs, { priceId: 'price_business', period, billingReason: 'subscription_create' });
    const firstAttempt = providerEvent('invoice.payment_failed', new Date(start.getTime() + 1000), { ...invoice, attempt_count: 1 });
    expect(await deliver(firstAttempt)).toMatchObject({ outcome: 'applied' });
    // The provider's retry of the same invoice is another attempt, applied in its own right.
    expect(await deliver(providerEvent('invoice.payment_failed', new Date(start.getTime() + 3 * DAY), { ...invoice, attempt_count: 2 }))).toMatchObject({
      outcome: 'applied',
    });
    expect(await deliver(providerEvent('invoice.payment_succeeded', new Date(start.getTime() + 4 * DAY), { ...invoice, attempt_count: 3 }))).toMatchObject({
      outcome: 'applied',
    });

    expect(await deliver(underAnotherEventId(firstAttempt, new Date(start.getTime() + 5 * DAY)))).toEqual({ received: true, outcome: 'duplicate' });
    expect(await usageOf('once_attempt')).toMatchObject({ limitsPlan: 'business', gracePeriodEndsAt: null });
  });
});
