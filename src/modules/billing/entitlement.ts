/**
 * What an account may use right now: the limits that apply and the billing
 * period they count in. A pure function of the billing record, so the grace
 * rule and the period choice are tested without a database.
 */
import { monthlyPeriodContaining, type BillingPeriod } from './billing-period.ts';
import { PLAN_LIMITS, type Plan, type PlanLimits } from '../../vocabulary/plans.ts';

const MS_PER_DAY = 24 * 60 * 60 * 1000;

/** The account's billing record as stored: its plan and, on a paid plan, its current subscription. */
export interface BillingState {
  plan: Plan;
  /** Start of the first Free cycle: the account's creation. */
  cycleAnchor: Date;
  /** A negotiated Enterprise seat count; null keeps the plan's own (unlimited). */
  seatLimit: number | null;
  subscription: {
    startedAt: Date | null;
    /** The service period of the latest paid renewal invoice. */
    periodStart: Date | null;
    periodEnd: Date | null;
    /** The first failed payment attempt after the latest successful one; null when none failed since. */
    unpaidSince: Date | null;
  } | null;
}

/**
 * An entitlement with the revision of the billing record it was computed
 * from (billing_accounts.entitlement_revision). The revision only grows, so
 * reading the same value again after acting on the entitlement
 * (BillingService.entitlementRevision) proves it was in force meanwhile:
 * how metering charges against a remembered entitlement exactly, comparing
 * a value rather than embedding billing's SQL.
 */
export interface RevisedEntitlement {
  entitlement: Entitlement;
  revision: number;
}

export interface Entitlement {
  /** The plan the account is subscribed to. */
  plan: Plan;
  /** The plan whose limits apply now: Free once a failed payment's grace period has run out. */
  limitsPlan: Plan;
  limits: PlanLimits;
  period: BillingPeriod;
  /**
   * The paid period is over and its renewal payment has not succeeded yet:
   * usage still counts in it, and the next allowance starts with that payment.
   */
  awaitingRenewal: boolean;
  /**
   * Set while a payment is unresolved: the grace period runs from the first
   * failed attempt after the latest success, so retries that fail again do
   * not extend it.
   */
  gracePeriodEndsAt: Date | null;
  heldToFreeLimits: boolean;
}

export function entitlementFrom(state: BillingState, now: Date, graceDays: number): Entitlement {
  const subscription = state.plan === 'free' ? null : state.subscription;
  const unpaidSince = subscription?.unpaidSince ?? null;
  const gracePeriodEndsAt = unpaidSince ? new Date(unpaidSince.getTime() + graceDays * MS_PER_DAY) : null;
  const heldToFreeLimits = gracePeriodEndsAt !== null && now >= gracePeriodEndsAt;
  const limitsPlan: Plan = heldToFreeLimits ? 'free' : state.plan;

  const limits: PlanLimits = { ...PLAN_LIMITS[limitsPlan] };
  if (limitsPlan === 'enterprise' && state.seatLimit !== null) limits.seats = state.seatLimit;

  const period = periodOf(state, subscription, now);
  return { plan: state.plan, limitsPlan, limits, period, awaitingRenewal: period.end <= now, gracePeriodEndsAt, heldToFreeLimits };
}

/**
 * A paid cycle changes only on a renewal payment (spec part 3), so a stored
 * invoice period stands until the next one arrives; before the first invoice
 * a subscription counts monthly from its start. Free counts monthly from the
 * account's creation.
 */
function periodOf(state: BillingState, subscription: BillingState['subscription'], now: Date): BillingPeriod {
  if (subscription?.periodStart && subscription.periodEnd) return { start: subscription.periodStart, end: subscription.periodEnd };
  return monthlyPeriodContaining(subscription?.startedAt ?? state.cycleAnchor, now);
}
