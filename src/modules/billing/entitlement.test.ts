import { describe, expect, it } from 'vitest';
import { entitlementFrom, type BillingState } from './entitlement.ts';
import { PLAN_LIMITS } from '../../vocabulary/plans.ts';

const GRACE_DAYS = 7;
const DAY = 24 * 60 * 60 * 1000;
const anchor = new Date('2026-01-10T00:00:00.000Z');

function paid(overrides: Partial<NonNullable<BillingState['subscription']>> = {}, plan: BillingState['plan'] = 'pro'): BillingState {
  return {
    plan,
    cycleAnchor: anchor,
    seatLimit: null,
    subscription: {
      startedAt: new Date('2026-02-03T12:00:00.000Z'),
      periodStart: null,
      periodEnd: null,
      unpaidSince: null,
      ...overrides,
    },
  };
}

describe('entitlementFrom', () => {
  it('gives Free its limits over monthly periods from the account creation', () => {
    const state: BillingState = { plan: 'free', cycleAnchor: anchor, seatLimit: null, subscription: null };
    const entitlement = entitlementFrom(state, new Date('2026-03-20T00:00:00.000Z'), GRACE_DAYS);
    expect(entitlement).toMatchObject({ plan: 'free', limitsPlan: 'free', heldToFreeLimits: false, gracePeriodEndsAt: null });
    expect(entitlement.limits).toEqual(PLAN_LIMITS.free);
    expect(entitlement.period.start.toISOString()).toBe('2026-03-10T00:00:00.000Z');
    expect(entitlement.period.end.toISOString()).toBe('2026-04-10T00:00:00.000Z');
  });

  it('counts a paid plan monthly from the subscription start until an invoice gives the period', () => {
    const now = new Date('2026-03-04T00:00:00.000Z');
    expect(entitlementFrom(paid(), now, GRACE_DAYS).period.start.toISOString()).toBe('2026-03-03T12:00:00.000Z');
    const invoiced = paid({ periodStart: new Date('2026-03-01T00:00:00.000Z'), periodEnd: new Date('2026-04-01T00:00:00.000Z') });
    expect(entitlementFrom(invoiced, now, GRACE_DAYS)).toMatchObject({ period: { start: new Date('2026-03-01T00:00:00.000Z') }, awaitingRenewal: false });
  });

  it('keeps counting in a paid period that ran out unrenewed, and says it awaits the renewal payment', () => {
    const invoiced = paid({ periodStart: new Date('2026-03-01T00:00:00.000Z'), periodEnd: new Date('2026-04-01T00:00:00.000Z') });
    const after = entitlementFrom(invoiced, new Date('2026-04-01T00:00:00.000Z'), GRACE_DAYS);
    expect(after).toMatchObject({ period: { start: new Date('2026-03-01T00:00:00.000Z'), end: new Date('2026-04-01T00:00:00.000Z') }, awaitingRenewal: true });
    const free: BillingState = { plan: 'free', cycleAnchor: anchor, seatLimit: null, subscription: null };
    expect(entitlementFrom(free, new Date('2027-01-01T00:00:00.000Z'), GRACE_DAYS).awaitingRenewal).toBe(false);
  });

  it('keeps paid limits through the grace period after a failed payment and holds the account to Free after it', () => {
    const failedAt = new Date('2026-03-01T00:00:00.000Z');
    const state = paid({ unpaidSince: failedAt });
    const during = entitlementFrom(state, new Date(failedAt.getTime() + GRACE_DAYS * DAY - 1), GRACE_DAYS);
    expect(during).toMatchObject({ plan: 'pro', limitsPlan: 'pro', heldToFreeLimits: false });
    expect(during.gracePeriodEndsAt?.toISOString()).toBe('2026-03-08T00:00:00.000Z');
    const after = entitlementFrom(state, new Date(failedAt.getTime() + GRACE_DAYS * DAY), GRACE_DAYS);
    expect(after).toMatchObject({ plan: 'pro', limitsPlan: 'free', heldToFreeLimits: true });
    expect(after.limits).toEqual(PLAN_LIMITS.free);
  });

  it('ignores a failed payment of a subscription that is no longer the plan (Free)', () => {
    const state: BillingState = { ...paid({ unpaidSince: new Date('2026-03-01T00:00:00.000Z') }), plan: 'free' };
    expect(entitlementFrom(state, new Date('2026-04-01T00:00:00.000Z'), GRACE_DAYS)).toMatchObject({ limitsPlan: 'free', gracePeriodEndsAt: null });
  });

  it('applies a negotiated Enterprise seat count, and only on Enterprise limits', () => {
    const enterprise = { ...paid({}, 'enterprise'), seatLimit: 40 };
    expect(entitlementFrom(enterprise, new Date('2026-03-01T00:00:00.000Z'), GRACE_DAYS).limits.seats).toBe(40);
    expect(entitlementFrom({ ...enterprise, seatLimit: null }, new Date('2026-03-01T00:00:00.000Z'), GRACE_DAYS).limits.seats).toBeNull();
    expect(entitlementFrom({ ...paid(), seatLimit: 40 }, new Date('2026-03-01T00:00:00.000Z'), GRACE_DAYS).limits.seats).toBe(3);
  });
});
