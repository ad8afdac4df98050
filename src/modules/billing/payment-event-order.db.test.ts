/**
 * Deliveries arrive out of order (the provider retries with backoff for
 * days): every permutation of realistic event sequences must end in the same
 * state as the order they happened in.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock.ts';
import { rowsOf } from '../../db/client.ts';
import { checkoutCompleted, invoiceObject, providerEvent, subscriptionObject, type ProviderEvent, type SubscriptionRefs } from '../../../test/fakes/payment-events.ts';
import { accountIdOf, deliverEvent, subscriptionRefs } from '../../../test/fakes/payment-webhook-client.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const t0 = new Date('2026-01-05T10:00:00.000Z');
const firstPeriod = { start: t0, end: new Date('2026-02-05T10:00:00.000Z') };
const secondPeriod = { start: firstPeriod.end, end: new Date('2026-03-05T10:00:00.000Z') };
const at = (ms: number) => new Date(t0.getTime() + ms);

const clock = new ManualClock(at(31 * DAY + 3 * DAY));
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock, env: { PAYMENT_PRICE_IDS: 'price_pro=pro,price_business=business', PAYMENT_GRACE_DAYS: '7' } });
});
afterAll(() => t.close());

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, index) => permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]));
}

/** The events of one subscription's life, in the order they happened. */
const sequences: Record<string, { events: (refs: SubscriptionRefs) => ProviderEvent[]; expected: Record<string, unknown> }> = {
  'checkout, first invoice, upgrade, failed renewal, renewal paid on retry': {
    events: (refs) => [
      checkoutCompleted(refs, 'pro', t0),
      providerEvent('invoice.payment_succeeded', at(5_000), invoiceObject(refs, { priceId: 'price_pro', period: firstPeriod, billingReason: 'subscription_create' })),
      providerEvent('customer.subscription.updated', at(10 * DAY), subscriptionObject(refs, { priceId: 'price_business', status: 'active', startedAt: t0, period: firstPeriod, plan: 'pro' })),
      providerEvent('invoice.payment_failed', at(31 * DAY + HOUR), invoiceObject(refs, { priceId: 'price_business', period: secondPeriod, billingReason: 'subscription_cycle' })),
      providerEvent('invoice.payment_succeeded', at(31 * DAY + 2 * DAY), invoiceObject(refs, { priceId: 'price_business', period: secondPeriod, billingReason: 'subscription_cycle' })),
    ],
    expected: { plan: 'business', limitsPlan: 'business', periodStart: secondPeriod.start.toISOString(), gracePeriodEndsAt: null, subscribed: true },
  },
  'checkout, first invoice, upgrade, cancellation': {
    events: (refs) => [
      checkoutCompleted(refs, 'pro', t0),
      providerEvent('invoice.payment_succeeded', at(5_000), invoiceObject(refs, { priceId: 'price_pro', period: firstPeriod, billingReason: 'subscription_create' })),
      providerEvent('customer.subscription.updated', at(10 * DAY), subscriptionObject(refs, { priceId: 'price_business', status: 'active', startedAt: t0, period: firstPeriod })),
      providerEvent('customer.subscription.deleted', at(20 * DAY), subscriptionObject(refs, { priceId: 'price_business', status: 'canceled', startedAt: t0, period: firstPeriod })),
    ],
    expected: { plan: 'free', limitsPlan: 'free', gracePeriodEndsAt: null, subscribed: false },
  },
  'checkout, first invoice, failed renewal not yet retried': {
    events: (refs) => [
      checkoutCompleted(refs, 'business', t0),
      providerEvent('invoice.payment_succeeded', at(5_000), invoiceObject(refs, { priceId: 'price_business', period: firstPeriod, billingReason: 'subscription_create' })),
      providerEvent('invoice.payment_failed', at(31 * DAY + HOUR), invoiceObject(refs, { priceId: 'price_business', period: secondPeriod, billingReason: 'subscription_cycle' })),
    ],
    expected: { plan: 'business', limitsPlan: 'business', periodStart: firstPeriod.start.toISOString(), gracePeriodEndsAt: at(31 * DAY + HOUR + 7 * DAY).toISOString(), subscribed: true },
  },
};

/** Plays the events in `order` on a fresh account and reads where they left it. */
async function finalState(sequenceName: string, order: number[]) {
  const sequence = sequences[sequenceName]!;
  const accountId = await accountIdOf(t, { sub: `order_${Object.keys(sequences).indexOf(sequenceName)}_${order.join('')}` });
  const refs = subscriptionRefs(accountId);
  const events = sequence.events(refs);
  for (const index of order) {
    const response = await deliverEvent(t, events[index]!, { at: clock.now() });
    expect(response.json()).toEqual({ received: true, outcome: 'applied' });
  }
  const entitlement = await t.services.billing.entitlementOf(accountId);
  const [record] = rowsOf<{ provider_subscription_id: string | null }>(
    await t.database.db.execute(sql`SELECT provider_subscription_id FROM billing_accounts WHERE account_id = ${accountId}`),
  );
  return {
    plan: entitlement.plan,
    limitsPlan: entitlement.limitsPlan,
    ...('periodStart' in sequence.expected ? { periodStart: entitlement.period.start.toISOString() } : {}),
    gracePeriodEndsAt: entitlement.gracePeriodEndsAt?.toISOString() ?? null,
    subscribed: record?.provider_subscription_id === refs.subscriptionId,
  };
}

/** Orders played at once: different accounts, so their transactions interleave on PostgreSQL. */
const CONCURRENT_ORDERS = 8;

describe('payment events in any order', () => {
  for (const [name, sequence] of Object.entries(sequences)) {
    it(`ends in the same state for every order of: ${name}`, async () => {
      const eventCount = sequence.events(subscriptionRefs('00000000-0000-4000-8000-000000000000')).length;
      const orders = permutations([...Array(eventCount).keys()]);
      const wrong: { order: string; state: unknown }[] = [];
      for (let first = 0; first < orders.length; first += CONCURRENT_ORDERS) {
        const batch = orders.slice(first, first + CONCURRENT_ORDERS);
        const states = await Promise.all(batch.map((order) => finalState(name, order)));
        states.forEach((state, index) => {
          if (JSON.stringify(state) !== JSON.stringify(sequence.expected)) wrong.push({ order: batch[index]!.join(','), state });
        });
      }
      expect(orders).toHaveLength([1, 2, 3, 4, 5].slice(0, eventCount).reduce((a, b) => a * b, 1));
      expect(wrong).toEqual([]);
    });
  }
});
