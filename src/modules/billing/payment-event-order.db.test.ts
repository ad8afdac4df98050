/**
 * Deliveries arrive out of order (the provider retries with backoff for
 * days): every permutation of realistic event sequences must end in the same
 * state as the order they happened in. And a cancellation recorded while
 * events arrive for the same account never deadlocks with them.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock.ts';
import { rowsOf } from '../../db/client.ts';
import {
  checkoutCompleted,
  invoiceObject,
  providerEvent,
  subscriptionObject,
  type ProviderEvent,
  type SubscriptionRefs,
} from '../../../test/fakes/payment-events.ts';
import { accountIdOf, deliverEvent, subscribe, subscriptionRefs } from '../../../test/fakes/payment-webhook-client.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const t0 = new Date('2026-01-05T10:00:00.000Z');
const firstPeriod = { start: t0, end: new Date('2026-02-05T10:00:00.000Z') };
const secondPeriod = { start: firstPeriod.end, end: new Date('2026-03-05T10:00:00.000Z') };
const at = (ms: number) => new Date(t0.getTime() + ms);
const upgradePeriod = { start: at(10 * DAY), end: at(40 * DAY) };

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

/** The events of an account's subscriptions, in the order they happened; `second` is another subscription of the same customer. */
const sequences: Record<string, { events: (refs: SubscriptionRefs, second: SubscriptionRefs) => ProviderEvent[]; expected: Record<string, unknown> }> = {
  'checkout, first invoice, upgrade, failed renewal, renewal paid on retry': {
    events: (refs) => [
      checkoutCompleted(refs, 'pro', t0),
      providerEvent(
        'invoice.payment_succeeded',
        at(5_000),
        invoiceObject(refs, { priceId: 'price_pro', period: firstPeriod, billingReason: 'subscription_create' }),
      ),
      providerEvent(
        'customer.subscription.updated',
        at(10 * DAY),
        subscriptionObject(refs, { priceId: 'price_business', status: 'active', startedAt: t0, period: firstPeriod, plan: 'pro' }),
      ),
      providerEvent(
        'invoice.payment_failed',
        at(31 * DAY + HOUR),
        invoiceObject(refs, { priceId: 'price_business', period: secondPeriod, billingReason: 'subscription_cycle' }),
      ),
      providerEvent(
        'invoice.payment_succeeded',
        at(31 * DAY + 2 * DAY),
        invoiceObject(refs, { priceId: 'price_business', period: secondPeriod, billingReason: 'subscription_cycle' }),
      ),
    ],
    expected: { plan: 'business', limitsPlan: 'business', periodStart: secondPeriod.start.toISOString(), gracePeriodEndsAt: null, subscription: 'first' },
  },
  'checkout, first invoice, upgrade, cancellation': {
    events: (refs) => [
      checkoutCompleted(refs, 'pro', t0),
      providerEvent(
        'invoice.payment_succeeded',
        at(5_000),
        invoiceObject(refs, { priceId: 'price_pro', period: firstPeriod, billingReason: 'subscription_create' }),
      ),
      providerEvent(
        'customer.subscription.updated',
        at(10 * DAY),
        subscriptionObject(refs, { priceId: 'price_business', status: 'active', startedAt: t0, period: firstPeriod }),
      ),
      providerEvent(
        'customer.subscription.deleted',
        at(20 * DAY),
        subscriptionObject(refs, { priceId: 'price_business', status: 'canceled', startedAt: t0, period: firstPeriod }),
      ),
    ],
    expected: { plan: 'free', limitsPlan: 'free', gracePeriodEndsAt: null, subscription: null },
  },
  'checkout, first invoice, failed renewal not yet retried': {
    events: (refs) => [
      checkoutCompleted(refs, 'business', t0),
      providerEvent(
        'invoice.payment_succeeded',
        at(5_000),
        invoiceObject(refs, { priceId: 'price_business', period: firstPeriod, billingReason: 'subscription_create' }),
      ),
      providerEvent(
        'invoice.payment_failed',
        at(31 * DAY + HOUR),
        invoiceObject(refs, { priceId: 'price_business', period: secondPeriod, billingReason: 'subscription_cycle' }),
      ),
    ],
    expected: {
      plan: 'business',
      limitsPlan: 'business',
      periodStart: firstPeriod.start.toISOString(),
      gracePeriodEndsAt: at(31 * DAY + HOUR + 7 * DAY).toISOString(),
      subscription: 'first',
    },
  },
  'checkout, first invoice failed then paid on retry, renewal failed twice': {
    events: (refs) => [
      checkoutCompleted(refs, 'business', t0),
      providerEvent(
        'invoice.payment_failed',
        at(DAY),
        invoiceObject(refs, { priceId: 'price_business', period: firstPeriod, billingReason: 'subscription_create' }),
      ),
      providerEvent(
        'invoice.payment_succeeded',
        at(2 * DAY),
        invoiceObject(refs, { priceId: 'price_business', period: firstPeriod, billingReason: 'subscription_create' }),
      ),
      providerEvent(
        'invoice.payment_failed',
        at(31 * DAY + HOUR),
        invoiceObject(refs, { priceId: 'price_business', period: secondPeriod, billingReason: 'subscription_cycle' }),
      ),
      providerEvent(
        'invoice.payment_failed',
        at(31 * DAY + 2 * DAY),
        invoiceObject(refs, { priceId: 'price_business', period: secondPeriod, billingReason: 'subscription_cycle' }),
      ),
    ],
    // Grace from the renewal's first failure: not the retry's, and not the first invoice's failure, which a success followed.
    expected: {
      plan: 'business',
      limitsPlan: 'business',
      periodStart: firstPeriod.start.toISOString(),
      gracePeriodEndsAt: at(31 * DAY + HOUR + 7 * DAY).toISOString(),
      subscription: 'first',
    },
  },
  'checkout, first invoice, two plan changes in the same second (one to unpaid)': {
    events: (refs) => [
      checkoutCompleted(refs, 'pro', t0),
      providerEvent(
        'invoice.payment_succeeded',
        at(5_000),
        invoiceObject(refs, { priceId: 'price_pro', period: firstPeriod, billingReason: 'subscription_create' }),
      ),
      providerEvent(
        'customer.subscription.updated',
        at(10 * DAY),
        subscriptionObject(refs, { priceId: 'price_business', status: 'active', startedAt: t0, period: firstPeriod }),
      ),
      providerEvent(
        'customer.subscription.updated',
        at(10 * DAY),
        subscriptionObject(refs, { priceId: 'price_business', status: 'unpaid', startedAt: t0, period: firstPeriod }),
      ),
    ],
    // The provider's clock has whole seconds: the more severe status wins the tie, whichever arrives last.
    expected: { plan: 'free', limitsPlan: 'free', gracePeriodEndsAt: null, subscription: null },
  },
  'upgrade through a second checkout: the first subscription replaced, then deleted at the provider': {
    events: (refs, second) => [
      checkoutCompleted(refs, 'pro', t0),
      checkoutCompleted(second, 'business', at(10 * DAY)),
      providerEvent(
        'invoice.payment_succeeded',
        at(10 * DAY + 5_000),
        invoiceObject(second, { priceId: 'price_business', period: upgradePeriod, billingReason: 'subscription_create' }),
      ),
      providerEvent(
        'customer.subscription.deleted',
        at(10 * DAY + 60_000),
        subscriptionObject(refs, { priceId: 'price_pro', status: 'canceled', startedAt: t0, period: firstPeriod }),
      ),
    ],
    expected: { plan: 'business', limitsPlan: 'business', periodStart: upgradePeriod.start.toISOString(), gracePeriodEndsAt: null, subscription: 'second' },
  },
};

/** Plays the events in `order` on a fresh account and reads where they left it. */
async function finalState(sequenceName: string, order: number[]) {
  const sequence = sequences[sequenceName]!;
  const accountId = await accountIdOf(t, { sub: `order_${Object.keys(sequences).indexOf(sequenceName)}_${order.join('')}` });
  const refs = subscriptionRefs(accountId);
  const second = { ...refs, subscriptionId: `${refs.subscriptionId}_second` };
  const events = sequence.events(refs, second);
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
    subscription: { [refs.subscriptionId]: 'first', [second.subscriptionId]: 'second' }[record?.provider_subscription_id ?? ''] ?? null,
  };
}

/** Orders played at once: different accounts, so their transactions interleave on PostgreSQL. */
const CONCURRENT_ORDERS = 8;
/** Races of a cancellation against an event; before both took the billing lock first, most of them deadlocked on PostgreSQL. */
const ROUNDS = 10;
/** Up to 120 orders, each a whole account's worth of events: about 7 s alone on PGlite, several times that on a busy 2-core machine. */
const EVERY_ORDER_TIMEOUT_MS = 120_000;

describe('payment events in any order', () => {
  for (const [name, sequence] of Object.entries(sequences)) {
    it(
      `ends in the same state for every order of: ${name}`,
      async () => {
        const refs = subscriptionRefs('00000000-0000-4000-8000-000000000000');
        const eventCount = sequence.events(refs, refs).length;
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
      },
      EVERY_ORDER_TIMEOUT_MS,
    );
  }
});

describe('a cancellation recorded while events arrive for the same account', () => {
  it('queues behind them instead of deadlocking: both lock the billing record first', async () => {
    const failures: string[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const accountId = await accountIdOf(t, { sub: `cancel_race_${i}` });
      const refs = await subscribe(t, accountId, 'pro', clock.now());
      const update = providerEvent(
        'customer.subscription.updated',
        clock.now(),
        subscriptionObject(refs, { priceId: 'price_business', status: 'active', startedAt: clock.now(), period: firstPeriod }),
      );
      const outcomes = await Promise.allSettled([
        t.services.billing.cancelSubscription({ subscriptionId: refs.subscriptionId }),
        deliverEvent(t, update, { at: clock.now() }).then((response) => {
          if (response.statusCode !== 200) throw new Error(`webhook answered ${response.statusCode}`);
        }),
      ]);
      failures.push(...outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [String(outcome.reason)] : [])));
      expect(await t.services.billing.planOf(accountId)).toBe('free');
    }
    expect(failures).toEqual([]);
  });
});

/** The event as the provider sends it for a subscription made without our metadata: nothing in it names the account. */
function withoutAccount(event: ProviderEvent): ProviderEvent {
  const copy = structuredClone(event) as ProviderEvent & { data: { object: Record<string, any> } };
  const object = copy.data.object;
  delete object.metadata?.accountId;
  delete object.parent?.subscription_details?.metadata?.accountId;
  return copy;
}

describe('payment events that arrive before their customer is known (issue 24, item 7)', () => {
  it('keeps an early cancellation and applies it when the checkout names the account: the account ends on Free', async () => {
    const accountId = await accountIdOf(t, { sub: 'early_cancel' });
    const refs = subscriptionRefs(accountId);
    const deleted = withoutAccount(
      providerEvent('customer.subscription.deleted', at(DAY), {
        ...subscriptionObject(refs, { priceId: 'price_pro', status: 'canceled', startedAt: t0, period: firstPeriod }),
        customer_email: 'early@example.test',
      }),
    );
    const early = await deliverEvent(t, deleted, { at: clock.now() });
    expect(early.json()).toEqual({ received: true, outcome: 'held' });
    // A redelivery while it waits is held once; the personal fields of the object are not kept.
    expect((await deliverEvent(t, deleted, { at: clock.now() })).json()).toEqual({ received: true, outcome: 'held' });
    const held = rowsOf<{ object: Record<string, unknown> }>(
      await t.database.db.execute(sql`SELECT object FROM held_payment_events WHERE event_id = ${deleted.id}`),
    );
    expect(held).toHaveLength(1);
    expect(held[0]!.object).not.toHaveProperty('customer_email');
    expect(await t.services.billing.planOf(accountId)).toBe('free');

    const checkout = await deliverEvent(t, checkoutCompleted(refs, 'pro', t0), { at: clock.now() });
    expect(checkout.json()).toEqual({ received: true, outcome: 'applied' });
    expect(await t.services.billing.planOf(accountId)).toBe('free');
    expect(rowsOf(await t.database.db.execute(sql`SELECT 1 FROM held_payment_events WHERE event_id = ${deleted.id}`))).toEqual([]);
    // Applied once: a later redelivery is a duplicate.
    expect((await deliverEvent(t, deleted, { at: clock.now() })).json()).toEqual({ received: true, outcome: 'duplicate' });
  });

  it(
    'ends in the same state for every order of a checkout and events that name no account',
    async () => {
      const events = (refs: SubscriptionRefs) => [
        checkoutCompleted(refs, 'pro', t0),
        withoutAccount(
          providerEvent(
            'invoice.payment_succeeded',
            at(5_000),
            invoiceObject(refs, { priceId: 'price_pro', period: firstPeriod, billingReason: 'subscription_create' }),
          ),
        ),
        withoutAccount(
          providerEvent(
            'customer.subscription.updated',
            at(10 * DAY),
            subscriptionObject(refs, { priceId: 'price_business', status: 'active', startedAt: t0, period: firstPeriod }),
          ),
        ),
        withoutAccount(
          providerEvent(
            'invoice.payment_failed',
            at(31 * DAY + HOUR),
            invoiceObject(refs, { priceId: 'price_business', period: secondPeriod, billingReason: 'subscription_cycle' }),
          ),
        ),
      ];
      const expected = {
        plan: 'business',
        limitsPlan: 'business',
        periodStart: firstPeriod.start.toISOString(),
        gracePeriodEndsAt: at(31 * DAY + HOUR + 7 * DAY).toISOString(),
      };
      const wrong: unknown[] = [];
      for (const order of permutations([0, 1, 2, 3])) {
        const accountId = await accountIdOf(t, { sub: `early_order_${order.join('')}` });
        const refs = subscriptionRefs(accountId);
        const played = events(refs);
        const outcomes: string[] = [];
        for (const index of order) outcomes.push((await deliverEvent(t, played[index]!, { at: clock.now() })).json().outcome);
        // Before the checkout nothing names the account: held; from it on, applied.
        const checkoutAt = order.indexOf(0);
        expect(outcomes).toEqual(order.map((_, position) => (position < checkoutAt ? 'held' : 'applied')));
        const entitlement = await t.services.billing.entitlementOf(accountId);
        const state = {
          plan: entitlement.plan,
          limitsPlan: entitlement.limitsPlan,
          periodStart: entitlement.period.start.toISOString(),
          gracePeriodEndsAt: entitlement.gracePeriodEndsAt?.toISOString() ?? null,
        };
        if (JSON.stringify(state) !== JSON.stringify(expected)) wrong.push({ order: order.join(','), state });
      }
      expect(wrong).toEqual([]);
    },
    EVERY_ORDER_TIMEOUT_MS,
  );

  it('forgets an event no account claimed within 30 days', async () => {
    const stranger = subscriptionRefs('00000000-0000-4000-8000-00000000beef');
    const lost = withoutAccount(
      providerEvent(
        'customer.subscription.deleted',
        clock.now(),
        subscriptionObject(stranger, { priceId: 'price_pro', status: 'canceled', startedAt: t0, period: firstPeriod }),
      ),
    );
    expect((await deliverEvent(t, lost, { at: clock.now() })).json().outcome).toBe('held');
    clock.advance(31 * DAY);
    const other = subscriptionRefs('00000000-0000-4000-8000-00000000cafe');
    expect(
      (
        await deliverEvent(
          t,
          withoutAccount(
            providerEvent(
              'customer.subscription.deleted',
              clock.now(),
              subscriptionObject(other, { priceId: 'price_pro', status: 'canceled', startedAt: t0, period: firstPeriod }),
            ),
          ),
          { at: clock.now() },
        )
      ).json().outcome,
    ).toBe('held');
    expect(rowsOf(await t.database.db.execute(sql`SELECT 1 FROM held_payment_events WHERE event_id = ${lost.id}`))).toEqual([]);
  });
});
