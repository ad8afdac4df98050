/**
 * Applies verified payment events (spec parts 3 and 6), each in one
 * transaction that also claims its event id and, for a checkout session or
 * an invoice, the object's outcome (appliedPaymentObjects), so duplicates,
 * even simultaneous ones, even under another event id, have no second effect.
 *
 * Order does not matter: each event is merged into its subscription's row
 * by rules that commute (see billingSubscriptions), and the account's plan
 * is then derived from all its subscriptions, not patched by the event.
 * Every writer locks the account's billing row first (lockBillingAccount),
 * so two writers for one account never derive from each other's
 * half-finished state, and never take their locks in opposite orders.
 */
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Database, Transaction } from '../../db/client.ts';
import type { Outbox } from '../../outbox/outbox.ts';
import { factOf, type PaymentEvent, type PaymentFact, type PaymentObjectOutcome } from './payment-events.ts';
import { isHigherPlan, PAID_PLANS, type PaidPlan, type Plan, type ScorePack } from '../../vocabulary/plans.ts';
import { appliedPaymentObjects, billingAccounts, billingPaymentFailures, billingSubscriptions, paymentEvents } from './tables.ts';

export const CANCEL_SUBSCRIPTION_TOPIC = 'billing.cancel_subscription';

/** Subscription statuses under which the subscription's plan applies (past_due: the grace rule decides). */
const LIVE_STATUSES = ['active', 'trialing', 'past_due'];

export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

/** Credits a bought pack in the event's transaction (the metering module's ledger). */
export type PackCredit = (tx: Transaction, purchase: { accountId: string; pack: ScorePack; sourceEventId: string }) => Promise<void>;

/** A change of the account's subscribed plan, as derived from its subscriptions. */
export interface PlanChange {
  from: Plan;
  to: Plan;
  at: Date;
}

/** Runs in the transaction that changes the account's plan (e.g. the plan.changed webhook event). */
export type PlanChangeHook = (tx: Transaction, accountId: string, change: PlanChange) => Promise<void>;

export interface PaymentEventProcessorDeps {
  db: Database;
  clock: Clock;
  outbox: Outbox;
  log: FastifyBaseLogger;
  /** PAYMENT_PRICE_IDS: price id -> plan or pack. */
  priceIds: Readonly<Record<string, string>>;
  creditPack: PackCredit;
  onPlanChanged?: PlanChangeHook | undefined;
  providerName: string;
  /** Runs after the commit of a change to the account's billing record (its cached copies are then out of date). */
  onBillingChanged?: (accountId: string) => void;
}

type SubscriptionFact = Extract<PaymentFact, { subscriptionId: string }>;

export class PaymentEventProcessor {
  readonly #deps: PaymentEventProcessorDeps;

  constructor(deps: PaymentEventProcessorDeps) {
    this.#deps = deps;
  }

  async apply(event: PaymentEvent): Promise<EventOutcome> {
    const fact = factOf(event, this.#deps.priceIds);
    if (fact.kind === 'ignored') {
      this.#deps.log.debug({ eventId: event.id, type: event.type, reason: fact.reason }, 'payment event ignored');
      return 'ignored';
    }
    const changed: string[] = [];
    const outcome = await this.#deps.db.transaction(async (tx): Promise<EventOutcome> => {
      const accountId = await this.#lockAccountOf(tx, fact);
      if (!accountId) {
        // Not one of ours, or an erased account. Unclaimed, so a redelivery after a fix still applies.
        this.#deps.log.warn({ eventId: event.id, type: event.type }, 'payment event for no known account; ignored');
        return 'ignored';
      }
      const claimed = await tx
        .insert(paymentEvents)
        .values({ eventId: event.id, type: event.type, createdAt: event.created, receivedAt: this.#deps.clock.now() })
        .onConflictDoNothing()
        .returning({ eventId: paymentEvents.eventId });
      if (claimed.length === 0) return 'duplicate';
      if (fact.objectOutcome && !(await this.#claimObjectOutcome(tx, fact.objectOutcome, event.id))) {
        // The event id stays claimed, so a redelivery of this event stops at the first check.
        this.#deps.log.info({ eventId: event.id, type: event.type, objectId: fact.objectOutcome.objectId }, 'payment event repeats an outcome applied under another event id; nothing to do');
        return 'duplicate';
      }

      if (fact.kind === 'pack_purchased') {
        await this.#deps.creditPack(tx, { accountId, pack: fact.pack, sourceEventId: event.id });
        if (fact.customerId) {
          await tx
            .update(billingAccounts)
            .set({ providerCustomerId: fact.customerId })
            .where(and(eq(billingAccounts.accountId, accountId), isNull(billingAccounts.providerCustomerId)));
        }
        changed.push(accountId);
        return 'applied';
      }
      await this.#mergeIntoSubscription(tx, accountId, event, fact);
      if (fact.kind === 'payment_failed') {
        await tx.insert(billingPaymentFailures).values({ subscriptionId: fact.subscriptionId, failedAt: event.created }).onConflictDoNothing();
      }
      await this.#deriveAccountPlan(tx, accountId);
      changed.push(accountId);
      return 'applied';
    });
    for (const accountId of changed) this.#deps.onBillingChanged?.(accountId);
    return outcome;
  }

  /** Marks a subscription cancelled once the provider has ended it (outbox), and re-derives the plan. */
  async markCancelled(subscriptionId: string): Promise<void> {
    const now = this.#deps.clock.now();
    const changed: string[] = [];
    await this.#deps.db.transaction(async (tx) => {
      // A subscription never changes account, so reading it before the lock is safe.
      const [subscription] = await tx
        .select({ accountId: billingSubscriptions.accountId })
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.subscriptionId, subscriptionId));
      if (!subscription || !(await lockBillingAccount(tx, subscription.accountId))) return;
      await tx
        .update(billingSubscriptions)
        .set({ canceledAt: sql`COALESCE(${billingSubscriptions.canceledAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now })
        .where(eq(billingSubscriptions.subscriptionId, subscriptionId));
      await this.#deriveAccountPlan(tx, subscription.accountId);
      changed.push(subscription.accountId);
    });
    for (const accountId of changed) this.#deps.onBillingChanged?.(accountId);
  }

  /**
   * Claims a checkout session's or an invoice's outcome; false when another
   * event applied it already. A concurrent claim of the same key waits for
   * the first transaction and then finds the row (both also queue on the
   * account's billing lock before getting here).
   */
  async #claimObjectOutcome(tx: Transaction, object: PaymentObjectOutcome, eventId: string): Promise<boolean> {
    const claimed = await tx
      .insert(appliedPaymentObjects)
      .values({ ...object, eventId, appliedAt: this.#deps.clock.now() })
      .onConflictDoNothing()
      .returning({ objectId: appliedPaymentObjects.objectId });
    return claimed.length > 0;
  }

  /**
   * The event's account, its billing row locked: from the event's own
   * reference, else the subscription we know, else the stored customer id.
   * Null when none of them names an account we have.
   */
  async #lockAccountOf(tx: Transaction, fact: Exclude<PaymentFact, { kind: 'ignored' }>): Promise<string | null> {
    if (fact.accountId && (await lockBillingAccount(tx, fact.accountId))) return fact.accountId;
    let known: string | null = null;
    if ('subscriptionId' in fact) {
      const [subscription] = await tx
        .select({ accountId: billingSubscriptions.accountId })
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.subscriptionId, fact.subscriptionId));
      known = subscription?.accountId ?? null;
    }
    if (!known && fact.customerId) {
      const [customer] = await tx
        .select({ id: billingAccounts.accountId })
        .from(billingAccounts)
        .where(eq(billingAccounts.providerCustomerId, fact.customerId));
      known = customer?.id ?? null;
    }
    return known && (await lockBillingAccount(tx, known)) ? known : null;
  }

  /**
   * One upsert whose merge commutes: state fields (plan, status) go to the
   * newest state event by (created, rank); the start keeps the earliest; the
   * period only moves forward; the last successful payment keeps its
   * latest; a cancellation is final. A NULL in the event leaves the field
   * alone. (Failed payments are a set of their own: billingPaymentFailures.)
   */
  async #mergeIntoSubscription(tx: Transaction, accountId: string, event: PaymentEvent, fact: SubscriptionFact): Promise<void> {
    const state = fact.kind === 'subscription_state' ? fact : null;
    const at = (date: Date | null | undefined) => date?.toISOString() ?? null;
    const period = fact.kind === 'payment_succeeded' ? fact.period : null;
    const now = this.#deps.clock.now();
    await tx.execute(sql`
      INSERT INTO billing_subscriptions AS s (
        subscription_id, account_id, customer_id, plan, status, state_at, state_rank, started_at,
        period_start, period_end, last_payment_succeeded_at, canceled_at, updated_at)
      VALUES (
        ${fact.subscriptionId}, ${accountId}::uuid, ${fact.customerId}, ${'plan' in fact ? fact.plan : null},
        ${state?.status ?? null}, ${state ? at(event.created) : null}::timestamptz, ${state?.rank ?? null}::int, ${at(state?.startedAt)}::timestamptz,
        ${at(period?.start)}::timestamptz, ${at(period?.end)}::timestamptz,
        ${fact.kind === 'payment_succeeded' ? at(event.created) : null}::timestamptz,
        ${state?.canceled ? at(event.created) : null}::timestamptz, ${at(now)}::timestamptz)
      ON CONFLICT (subscription_id) DO UPDATE SET
        customer_id = COALESCE(s.customer_id, EXCLUDED.customer_id),
        plan = CASE WHEN ${NEWER_STATE} THEN COALESCE(EXCLUDED.plan, s.plan) ELSE COALESCE(s.plan, EXCLUDED.plan) END,
        status = CASE WHEN ${NEWER_STATE} THEN EXCLUDED.status ELSE s.status END,
        state_rank = CASE WHEN ${NEWER_STATE} THEN EXCLUDED.state_rank ELSE s.state_rank END,
        state_at = CASE WHEN ${NEWER_STATE} THEN EXCLUDED.state_at ELSE s.state_at END,
        started_at = LEAST(s.started_at, EXCLUDED.started_at),
        period_start = CASE WHEN ${LATER_PERIOD} THEN EXCLUDED.period_start ELSE s.period_start END,
        period_end = CASE WHEN ${LATER_PERIOD} THEN EXCLUDED.period_end ELSE s.period_end END,
        last_payment_succeeded_at = GREATEST(s.last_payment_succeeded_at, EXCLUDED.last_payment_succeeded_at),
        canceled_at = LEAST(s.canceled_at, EXCLUDED.canceled_at),
        updated_at = EXCLUDED.updated_at`);
  }

  /**
   * The account's plan is its highest live subscription's (the newest
   * among equals). An older live subscription on a lower plan was replaced
   * by an upgrade through checkout: it is marked cancelled here and
   * cancelled at the provider through the outbox. Any other live one (a
   * plan at or below the current one, bought alongside it; checkout refuses
   * that, so only a race gets here) is left running and logged for an
   * operator: cancelling it would take away a period the customer paid for.
   */
  async #deriveAccountPlan(tx: Transaction, accountId: string): Promise<void> {
    const now = this.#deps.clock.now();
    const live = await tx
      .select({ subscriptionId: billingSubscriptions.subscriptionId, customerId: billingSubscriptions.customerId, plan: billingSubscriptions.plan, startedAt: billingSubscriptions.startedAt })
      .from(billingSubscriptions)
      .where(
        and(
          eq(billingSubscriptions.accountId, accountId),
          isNull(billingSubscriptions.canceledAt),
          isNotNull(billingSubscriptions.plan),
          inArray(billingSubscriptions.status, LIVE_STATUSES),
        ),
      );
    // The query keeps only rows with a plan.
    const [current, ...others] = (live as LiveSubscription[]).sort(byPrecedence);
    const replaced = current ? others.filter((other) => isHigherPlan(current.plan, other.plan) && startedBefore(other, current)) : [];
    if (replaced.length > 0) {
      const ids = replaced.map(({ subscriptionId }) => subscriptionId);
      await tx.update(billingSubscriptions).set({ canceledAt: now, updatedAt: now }).where(inArray(billingSubscriptions.subscriptionId, ids));
      await this.#deps.outbox.enqueue(
        tx,
        ids.map((subscriptionId) => ({ topic: CANCEL_SUBSCRIPTION_TOPIC, payload: { subscriptionId, provider: this.#deps.providerName } })),
      );
    }
    if (others.length > replaced.length) {
      const alongside = others.filter((other) => !replaced.includes(other)).map(({ subscriptionId }) => subscriptionId);
      this.#deps.log.warn({ accountId, current: current?.subscriptionId, alongside }, 'account has more than one live subscription; the others are not cancelled automatically');
    }

    // The row is locked (lockBillingAccount), so the plan read here is the one this update replaces.
    const [before] = await tx.select({ plan: billingAccounts.plan }).from(billingAccounts).where(eq(billingAccounts.accountId, accountId));
    const plan: Plan = current?.plan ?? 'free';
    await tx
      .update(billingAccounts)
      .set({
        plan,
        providerSubscriptionId: current?.subscriptionId ?? null,
        providerCustomerId: current?.customerId ? current.customerId : sql`${billingAccounts.providerCustomerId}`,
        updatedAt: now,
      })
      .where(eq(billingAccounts.accountId, accountId));
    if (before && before.plan !== plan) await this.#deps.onPlanChanged?.(tx, accountId, { from: before.plan, to: plan, at: now });
  }
}

interface LiveSubscription {
  subscriptionId: string;
  customerId: string | null;
  plan: PaidPlan;
  startedAt: Date | null;
}

/**
 * Locks the account's billing row until the transaction ends; false when
 * the account has none (erased). Every writer of an account's billing state
 * takes this lock before any other, so writers queue instead of deadlocking.
 */
async function lockBillingAccount(tx: Transaction, accountId: string): Promise<boolean> {
  const locked = await tx.select({ accountId: billingAccounts.accountId }).from(billingAccounts).where(eq(billingAccounts.accountId, accountId)).for('update');
  return locked.length > 0;
}

/** Highest plan first; among equal plans the newest start (an unknown start last), then the larger id, the same way every time. */
function byPrecedence(a: LiveSubscription, b: LiveSubscription): number {
  const startOf = (subscription: LiveSubscription) => subscription.startedAt?.getTime() ?? Number.MIN_SAFE_INTEGER;
  const byId = a.subscriptionId === b.subscriptionId ? 0 : a.subscriptionId < b.subscriptionId ? 1 : -1;
  return PAID_PLANS.indexOf(b.plan) - PAID_PLANS.indexOf(a.plan) || startOf(b) - startOf(a) || byId;
}

function startedBefore(a: LiveSubscription, b: LiveSubscription): boolean {
  return a.startedAt !== null && b.startedAt !== null && a.startedAt < b.startedAt;
}

/** The event's state is at least as new as the stored one, by (created, rank). */
const NEWER_STATE = sql.raw(
  '(EXCLUDED.state_at IS NOT NULL AND (s.state_at IS NULL OR (EXCLUDED.state_at, EXCLUDED.state_rank) >= (s.state_at, s.state_rank)))',
);
/** The event pays for a later period than the stored one. */
const LATER_PERIOD = sql.raw('(EXCLUDED.period_start IS NOT NULL AND (s.period_start IS NULL OR EXCLUDED.period_start > s.period_start))');
