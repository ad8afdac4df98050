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
 *
 * An event for a customer or subscription no account is known by yet (a
 * cancellation arriving before the checkout that names the account) is
 * held, not dropped (heldPaymentEvents), and applied, in the order the
 * events happened, in the transaction that first links its customer or
 * subscription to an account. Both paths lock the event's customer and
 * subscription ids first, so a hold and the link it waits for cannot pass
 * each other unseen.
 */
import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Database, Transaction } from '../../db/client.ts';
import type { Outbox } from '../../queue/outbox.ts';
import { factOf, type PaymentEvent, type PaymentFact, type PaymentObjectOutcome } from './payment-events.ts';
import { isHigherPlan, PAID_PLANS, type PaidPlan, type Plan, type ScorePack } from '../../vocabulary/plans.ts';
import { appliedPaymentObjects, billingAccounts, billingPaymentFailures, billingSubscriptions, heldPaymentEvents, paymentEvents } from './tables.ts';

export const CANCEL_SUBSCRIPTION_TOPIC = 'billing.cancel_subscription';

/** Subscription statuses under which the subscription's plan applies (past_due: the grace rule decides). */
const LIVE_STATUSES = ['active', 'trialing', 'past_due'];

/** `held`: for a customer or subscription no account is known by yet; kept and applied once one is. */
export type EventOutcome = 'applied' | 'duplicate' | 'ignored' | 'held';

/** How long a held event waits for its account: the provider retries for 3 days, and a checkout session lives one. */
export const HELD_EVENT_RETENTION_MS = 30 * 24 * 60 * 60_000;
/** Rounds of held events applied in one transaction: each may link a subscription another held event names. */
const HELD_ROUNDS = 5;

/** Runs in the transaction of the event that bought a pack: billing's announcement, which its subscribers act on. */
export type PackPurchaseHook = (tx: Transaction, purchase: { accountId: string; pack: ScorePack; sourceEventId: string }) => Promise<void>;

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
  onPackPurchased: PackPurchaseHook;
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
      await lockPartiesOf(tx, fact);
      const accountId = await this.#lockAccountOf(tx, fact);
      if (!accountId) return this.#hold(tx, event, fact);
      const applied = await this.#applyTo(tx, accountId, event, fact);
      // What this event linked (a customer, a subscription) may be what held events were waiting for.
      const released = await this.#applyHeldFor(tx, accountId);
      if (applied.outcome === 'duplicate' && released === 0) return 'duplicate';
      if (applied.subscriptionChanged || released > 0) await this.#deriveAccountPlan(tx, accountId);
      changed.push(accountId);
      return applied.outcome;
    });
    for (const accountId of changed) this.#deps.onBillingChanged?.(accountId);
    return outcome;
  }

  /** Claims the event (and its object's outcome) and applies its effect; the plan is derived by the caller. */
  async #applyTo(
    tx: Transaction,
    accountId: string,
    event: PaymentEvent,
    fact: Exclude<PaymentFact, { kind: 'ignored' }>,
  ): Promise<{ outcome: 'applied' | 'duplicate'; subscriptionChanged: boolean }> {
    const duplicate = { outcome: 'duplicate', subscriptionChanged: false } as const;
    const claimed = await tx
      .insert(paymentEvents)
      .values({ eventId: event.id, type: event.type, createdAt: event.created, receivedAt: this.#deps.clock.now() })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (claimed.length === 0) return duplicate;
    if (fact.objectOutcome && !(await this.#claimObjectOutcome(tx, fact.objectOutcome, event.id))) {
      // The event id stays claimed, so a redelivery of this event stops at the first check.
      this.#deps.log.info(
        { eventId: event.id, type: event.type, objectId: fact.objectOutcome.objectId },
        'payment event repeats an outcome applied under another event id; nothing to do',
      );
      return duplicate;
    }

    if (fact.kind === 'pack_purchased') {
      await this.#deps.onPackPurchased(tx, { accountId, pack: fact.pack, sourceEventId: event.id });
      if (fact.customerId) {
        await tx
          .update(billingAccounts)
          .set({ providerCustomerId: fact.customerId })
          .where(and(eq(billingAccounts.accountId, accountId), isNull(billingAccounts.providerCustomerId)));
      }
      return { outcome: 'applied', subscriptionChanged: false };
    }
    await this.#mergeIntoSubscription(tx, accountId, event, fact);
    if (fact.kind === 'payment_failed') {
      await tx.insert(billingPaymentFailures).values({ subscriptionId: fact.subscriptionId, failedAt: event.created }).onConflictDoNothing();
    }
    return { outcome: 'applied', subscriptionChanged: true };
  }

  /**
   * Keeps an event no account is known by yet, until one is; an event that
   * names neither a customer nor a subscription can never be matched, and is
   * ignored as before. Unclaimed, so a redelivery meanwhile is held once.
   */
  async #hold(tx: Transaction, event: PaymentEvent, fact: Exclude<PaymentFact, { kind: 'ignored' }>): Promise<EventOutcome> {
    const subscriptionId = 'subscriptionId' in fact ? fact.subscriptionId : null;
    if (!fact.customerId && !subscriptionId) {
      this.#deps.log.warn({ eventId: event.id, type: event.type }, 'payment event for no known account, naming no customer; ignored');
      return 'ignored';
    }
    const now = this.#deps.clock.now();
    await tx.delete(heldPaymentEvents).where(lt(heldPaymentEvents.heldAt, new Date(now.getTime() - HELD_EVENT_RETENTION_MS)));
    const [known] = await tx.select({ eventId: paymentEvents.eventId }).from(paymentEvents).where(eq(paymentEvents.eventId, event.id));
    if (known) return 'duplicate';
    await tx
      .insert(heldPaymentEvents)
      .values({
        eventId: event.id,
        type: event.type,
        createdAt: event.created,
        customerId: fact.customerId,
        subscriptionId,
        object: withoutPersonalFields(event.object),
        heldAt: now,
      })
      .onConflictDoNothing();
    this.#deps.log.info({ eventId: event.id, type: event.type }, 'payment event for no known account yet; held until its customer is known');
    return 'held';
  }

  /**
   * Applies the held events whose customer or subscription is now the
   * account's, in the order they happened (their `created`, then arrival),
   * each once (its event id claimed as any other's). Returns how many
   * changed something.
   */
  async #applyHeldFor(tx: Transaction, accountId: string): Promise<number> {
    let released = 0;
    for (let round = 0; round < HELD_ROUNDS; round++) {
      const customers = tx
        .select({ id: billingSubscriptions.customerId })
        .from(billingSubscriptions)
        .where(and(eq(billingSubscriptions.accountId, accountId), isNotNull(billingSubscriptions.customerId)))
        .union(
          tx
            .select({ id: billingAccounts.providerCustomerId })
            .from(billingAccounts)
            .where(and(eq(billingAccounts.accountId, accountId), isNotNull(billingAccounts.providerCustomerId))),
        );
      const subscriptions = tx
        .select({ id: billingSubscriptions.subscriptionId })
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.accountId, accountId));
      const held = await tx
        .delete(heldPaymentEvents)
        .where(or(inArray(heldPaymentEvents.customerId, customers), inArray(heldPaymentEvents.subscriptionId, subscriptions)))
        .returning();
      if (held.length === 0) break;
      held.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.heldAt.getTime() - b.heldAt.getTime() || (a.eventId < b.eventId ? -1 : 1));
      for (const row of held) {
        const event: PaymentEvent = { id: row.eventId, type: row.type, created: row.createdAt, object: row.object };
        const fact = factOf(event, this.#deps.priceIds);
        if (fact.kind === 'ignored') continue;
        const applied = await this.#applyTo(tx, accountId, event, fact);
        if (applied.outcome === 'applied') {
          released++;
          this.#deps.log.info({ eventId: event.id, type: event.type, accountId }, 'held payment event applied: its customer is known now');
        }
      }
    }
    return released;
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
      .select({
        subscriptionId: billingSubscriptions.subscriptionId,
        customerId: billingSubscriptions.customerId,
        plan: billingSubscriptions.plan,
        startedAt: billingSubscriptions.startedAt,
      })
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
      this.#deps.log.warn(
        { accountId, current: current?.subscriptionId, alongside },
        'account has more than one live subscription; the others are not cancelled automatically',
      );
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

/**
 * Locks the event's customer and subscription ids until the transaction
 * ends (in one order), before any account is looked up: an event held for
 * want of an account and the event that links that account to them take
 * turns, so the second always sees the first.
 */
async function lockPartiesOf(tx: Transaction, fact: Exclude<PaymentFact, { kind: 'ignored' }>): Promise<void> {
  const parties = [fact.customerId ? `customer:${fact.customerId}` : null, 'subscriptionId' in fact ? `subscription:${fact.subscriptionId}` : null]
    .filter((party): party is string => party !== null)
    .sort();
  for (const party of parties) await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`payment-party:${party}`}))`);
}

/** Fields of the provider's objects that name or reach a person: not kept while an event waits for its account. */
const PERSONAL_FIELDS = /^(customer_(email|name|phone|address|shipping|details|tax_ids)|receipt_email|billing_details|shipping(_details)?)$/;

/** The object without its personal fields, at any depth; everything the facts read stays. */
function withoutPersonalFields(value: Record<string, unknown>): Record<string, unknown> {
  const strip = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(strip);
    if (item === null || typeof item !== 'object') return item;
    return Object.fromEntries(
      Object.entries(item as Record<string, unknown>)
        .filter(([key]) => !PERSONAL_FIELDS.test(key))
        .map(([key, inner]) => [key, strip(inner)]),
    );
  };
  return strip(value) as Record<string, unknown>;
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
