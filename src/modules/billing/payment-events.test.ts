import { describe, expect, it } from 'vitest';
import { checkoutCompleted, invoiceObject, packCheckoutCompleted, providerEvent, subscriptionObject } from '../../../test/fakes/payment-events.ts';
import { factOf, parsePaymentEvent, stateRank } from './payment-events.ts';

const ACCOUNT = '3f2b8c1e-5d4a-4b6c-9e8f-0a1b2c3d4e5f';
const refs = { accountId: ACCOUNT, customerId: 'cus_1', subscriptionId: 'sub_1' };
const PRICES = { price_pro: 'pro', price_business: 'business', price_small: 'pack_small' };
const created = new Date('2026-02-01T00:00:00.000Z');
const period = { start: new Date('2026-02-01T00:00:00.000Z'), end: new Date('2026-03-01T00:00:00.000Z') };

function fact(event: unknown) {
  const parsed = parsePaymentEvent(JSON.parse(JSON.stringify(event)));
  if (!parsed) throw new Error('not an event');
  return factOf(parsed, PRICES);
}

describe('stateRank', () => {
  it('orders same-second state events by source, then status severity, then plan, so no tie is left to arrival order', () => {
    const ranked = [
      stateRank('checkout', 'active', 'enterprise'),
      stateRank('subscription', 'trialing', null),
      stateRank('subscription', 'active', 'pro'),
      stateRank('subscription', 'active', 'business'),
      stateRank('subscription', 'past_due', 'pro'),
      stateRank('subscription', 'unpaid', 'pro'),
      stateRank('subscription', 'canceled', 'pro'),
      stateRank('subscription', 'some_new_status', 'pro'),
      stateRank('deletion', 'canceled', null),
    ];
    expect([...ranked].sort((a, b) => a - b)).toEqual(ranked);
    expect(new Set(ranked).size).toBe(ranked.length);
  });
});

describe('parsePaymentEvent', () => {
  it('reads the envelope and refuses bodies that are not events', () => {
    expect(parsePaymentEvent(checkoutCompleted(refs, 'pro', created))).toMatchObject({ type: 'checkout.session.completed', created });
    for (const body of [
      null,
      'text',
      [],
      { id: 'evt_1', type: 'x', created: 1 },
      { id: 'evt_1', type: 'x', created: 1.5, data: { object: {} } },
      { id: '', type: 'x', created: 1, data: { object: {} } },
    ]) {
      expect(parsePaymentEvent(body), JSON.stringify(body)).toBeNull();
    }
  });
});

describe('factOf', () => {
  it('turns a paid subscription checkout into the subscription state it starts', () => {
    const event = checkoutCompleted(refs, 'business', created);
    expect(fact(event)).toEqual({
      kind: 'subscription_state',
      subscriptionId: 'sub_1',
      accountId: ACCOUNT,
      customerId: 'cus_1',
      objectOutcome: { objectId: event.data.object.id, outcome: 'checkout_completed', attempt: 0 },
      plan: 'business',
      status: 'active',
      rank: stateRank('checkout', 'active', 'business'),
      startedAt: created,
      canceled: false,
    });
  });

  it('ignores a checkout whose payment has not completed', () => {
    const event = checkoutCompleted(refs, 'pro', created);
    event.data.object.payment_status = 'unpaid';
    expect(fact(event)).toMatchObject({ kind: 'ignored' });
  });

  it('turns a payment checkout into a pack purchase, and ignores one for nothing we sell', () => {
    const event = packCheckoutCompleted(ACCOUNT, 'cus_1', 'large', created);
    expect(fact(event)).toEqual({
      kind: 'pack_purchased',
      accountId: ACCOUNT,
      customerId: 'cus_1',
      objectOutcome: { objectId: event.data.object.id, outcome: 'checkout_completed', attempt: 0 },
      pack: 'large',
    });
    for (const pack of ['giant', 'constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(fact(packCheckoutCompleted(ACCOUNT, 'cus_1', pack, created)), pack).toMatchObject({ kind: 'ignored' });
    }
  });

  it('takes the plan of an updated subscription from its price before its metadata', () => {
    const object = subscriptionObject(refs, { priceId: 'price_business', status: 'past_due', startedAt: created, period, plan: 'pro' });
    expect(fact(providerEvent('customer.subscription.updated', created, object))).toMatchObject({
      kind: 'subscription_state',
      plan: 'business',
      status: 'past_due',
      rank: stateRank('subscription', 'past_due', 'business'),
      canceled: false,
    });
    const unknownPrice = subscriptionObject(refs, { priceId: 'price_unknown', status: 'active', startedAt: created, period, plan: 'pro' });
    expect(fact(providerEvent('customer.subscription.updated', created, unknownPrice))).toMatchObject({ plan: 'pro' });
  });

  it('makes a deletion final', () => {
    const object = subscriptionObject(refs, { priceId: 'price_pro', status: 'active', startedAt: created, period });
    expect(fact(providerEvent('customer.subscription.deleted', created, object))).toMatchObject({
      status: 'canceled',
      rank: stateRank('deletion', 'canceled', 'pro'),
      canceled: true,
    });
  });

  it("takes a paid invoice's period from its subscription line, not the invoice's own period", () => {
    const invoice = invoiceObject(refs, { priceId: 'price_pro', period, billingReason: 'subscription_cycle' });
    expect(fact(providerEvent('invoice.payment_succeeded', created, invoice))).toEqual({
      kind: 'payment_succeeded',
      subscriptionId: 'sub_1',
      accountId: ACCOUNT,
      customerId: 'cus_1',
      objectOutcome: { objectId: invoice.id, outcome: 'invoice_paid', attempt: 0 },
      plan: 'pro',
      period,
    });
  });

  it('reads the older API shape too: subscription and price on the invoice and its lines', () => {
    const seconds = (date: Date) => date.getTime() / 1000;
    const invoice = {
      id: 'in_old',
      object: 'invoice',
      customer: { id: 'cus_1', object: 'customer' },
      subscription: 'sub_1',
      subscription_details: { metadata: { accountId: ACCOUNT } },
      lines: { data: [{ type: 'subscription', price: { id: 'price_business' }, period: { start: seconds(period.start), end: seconds(period.end) } }] },
    };
    expect(fact(providerEvent('invoice.payment_succeeded', created, invoice))).toEqual({
      kind: 'payment_succeeded',
      subscriptionId: 'sub_1',
      accountId: ACCOUNT,
      customerId: 'cus_1',
      objectOutcome: { objectId: 'in_old', outcome: 'invoice_paid', attempt: 0 },
      plan: 'business',
      period,
    });
    expect(fact(providerEvent('invoice.payment_failed', created, invoice))).toEqual({
      kind: 'payment_failed',
      subscriptionId: 'sub_1',
      accountId: ACCOUNT,
      customerId: 'cus_1',
      objectOutcome: null,
    });
  });

  it('names the object an outcome belongs to: a checkout session, an invoice paid, or one failed attempt of an invoice', () => {
    const invoice = { ...invoiceObject(refs, { priceId: 'price_pro', period, billingReason: 'subscription_cycle' }), attempt_count: 2 };
    expect(fact(providerEvent('invoice.payment_failed', created, invoice))).toMatchObject({
      kind: 'payment_failed',
      objectOutcome: { objectId: invoice.id, outcome: 'invoice_payment_failed', attempt: 2 },
    });
    expect(
      fact(
        providerEvent(
          'customer.subscription.updated',
          created,
          subscriptionObject(refs, { priceId: 'price_pro', status: 'active', startedAt: created, period }),
        ),
      ),
    ).toMatchObject({
      objectOutcome: null,
    });
    const anonymousCheckout = packCheckoutCompleted(ACCOUNT, 'cus_1', 'large', created);
    delete anonymousCheckout.data.object.id;
    expect(fact(anonymousCheckout)).toEqual({ kind: 'ignored', reason: 'checkout session without id' });
    const anonymousInvoice: Record<string, unknown> = { ...invoice };
    delete anonymousInvoice.id;
    expect(fact(providerEvent('invoice.payment_succeeded', created, anonymousInvoice))).toEqual({ kind: 'ignored', reason: 'invoice without id' });
  });

  it('ignores invoices of no subscription, unknown types, and account ids that are not ours to trust', () => {
    expect(fact(providerEvent('invoice.payment_succeeded', created, { id: 'in_1', object: 'invoice', customer: 'cus_1' }))).toMatchObject({ kind: 'ignored' });
    expect(fact(providerEvent('charge.refunded', created, { id: 'ch_1' }))).toMatchObject({ kind: 'ignored' });
    const injected = checkoutCompleted({ ...refs, accountId: "x' OR 1=1" }, 'pro', created);
    expect(fact(injected)).toMatchObject({ accountId: null, customerId: 'cus_1' });
  });
});
