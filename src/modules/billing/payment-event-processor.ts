/**
 * Applies verified payment events (spec parts 3 and 6), each in one
 * transaction that also claims its event id, so duplicates, even
 * simultaneous ones, have no second effect.
 *
 * Order does not matter: each event is merged into its subscription's row
 * by rules that commute (see billingSubscriptions), and the account's plan
 * is then derived from all its subscriptions, not patched by the event. The
 * account's billing row is locked first, so two events for one account
 * never derive from each other's half-finished state.
 */
import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Database, Transaction } from '../../db/client.ts';
import type { Outbox } from '../../outbox/outbox.ts';
import { factOf, type PaymentEvent, type PaymentFact } from './payment-events.ts';
import type { ScorePack } from './plans.ts';
import { billingAccounts, billingSubscriptions, paymentEvents } from './tables.ts';

export const CANCEL_SUBSCRIPTION_TOPIC = 'billing.cancel_subscription';

/** Subscription statuses under which the subscription's plan applies (past_due: the grace rule decides). */
const LIVE_STATUSES = ['active', 'trialing', 'past_due'];

export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

/** Credits a bought pack in the event's transaction (the metering module's ledger). */
export type PackCredit = (tx: Transaction, purchase: { accountId: string; pack: ScorePack; sourceEventId: string }) => Promise<void>;

export interface PaymentEventProcessorDeps {
  db: Database;
  clock: Clock;
  outbox: Outbox;
  log: FastifyBaseLogger;
  /** PAYMENT_PRICE_IDS: price id -> plan or pack. */
  priceIds: Readonly<Record<string, string>>;
  creditPack: PackCredit;
  providerName: string;
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
    return this.#deps.db.transaction(async (tx) => {
      const accountId = await this.#accountOf(tx, fact);
      if (!accountId) {
        // Not one of ours, or an erased account. Unclaimed, so a redelivery after a fix still applies.
        this.#deps.log.warn({ eventId: event.id, type: event.type }, 'payment event for no known account; ignored');
        return 'ignored';
      }
      await tx.select({ accountId: billingAccounts.accountId }).from(billingAccounts).where(eq(billingAccounts.accountId, accountId)).for('update');
      const claimed = await tx
        .insert(paymentEvents)
        .values({ eventId: event.id, type: event.type, createdAt: event.created, receivedAt: this.#deps.clock.now() })
        .onConflictDoNothing()
        .returning({ eventId: paymentEvents.eventId });
      if (claimed.length === 0) return 'duplicate';

      if (fact.kind === 'pack_purchased') {
        await this.#deps.creditPack(tx, { accountId, pack: fact.pack, sourceEventId: event.id });
        if (fact.customerId) {
          await tx
            .update(billingAccounts)
            .set({ providerCustomerId: fact.customerId })
            .where(and(eq(billingAccounts.accountId, accountId), isNull(billingAccounts.providerCustomerId)));
        }
        return 'applied';
      }
      await this.#mergeIntoSubscription(tx, accountId, event, fact);
      await this.#deriveAccountPlan(tx, accountId);
      return 'applied';
    });
  }

  /** Marks a subscription cancelled once the provider has ended it (outbox), and re-derives the plan. */
  async markCancelled(subscriptionId: string): Promise<void> {
    const now = this.#deps.clock.now();
    await this.#deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(billingSubscriptions)
        .set({ canceledAt: sql`COALESCE(${billingSubscriptions.canceledAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now })
        .where(eq(billingSubscriptions.subscriptionId, subscriptionId))
        .returning({ accountId: billingSubscriptions.accountId });
      if (row) await this.#deriveAccountPlan(tx, row.accountId);
    });
  }

  /** From the event's own reference, else the subscription we know, else the stored customer id. */
  async #accountOf(tx: Transaction, fact: Exclude<PaymentFact, { kind: 'ignored' }>): Promise<string | null> {
    if (fact.accountId) {
      const [known] = await tx.select({ id: billingAccounts.accountId }).from(billingAccounts).where(eq(billingAccounts.accountId, fact.accountId));
      if (known) return known.id;
    }
    if ('subscriptionId' in fact) {
      const [subscription] = await tx
        .select({ accountId: billingSubscriptions.accountId })
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.subscriptionId, fact.subscriptionId));
      if (subscription) return subscription.accountId;
    }
    if (fact.customerId) {
      const [customer] = await tx
        .select({ id: billingAccounts.accountId })
        .from(billingAccounts)
        .where(eq(billingAccounts.providerCustomerId, fact.customerId));
      if (customer) return customer.id;
    }
    return null;
  }

  /**
   * One upsert whose merge commutes: state fields (plan, status) go to the
   * newest state event by (created, rank); the start keeps the earliest; the
   * period only moves forward; payment times keep their latest; a
   * cancellation is final. A NULL in the event leaves the field alone.
   */
  async #mergeIntoSubscription(tx: Transaction, accountId: string, event: PaymentEvent, fact: SubscriptionFact): Promise<void> {
    const state = fact.kind === 'subscription_state' ? fact : null;
    const at = (date: Date | null | undefined) => date?.toISOString() ?? null;
    const period = fact.kind === 'payment_succeeded' ? fact.period : null;
    const now = this.#deps.clock.now();
    await tx.execute(sql`
      INSERT INTO billing_subscriptions AS s (
        subscription_id, account_id, customer_id, plan, status, state_at, state_rank, started_at,
        period_start, period_end, last_payment_succeeded_at, last_payment_failed_at, canceled_at, updated_at)
      VALUES (
        ${fact.subscriptionId}, ${accountId}::uuid, ${fact.customerId}, ${'plan' in fact ? fact.plan : null},
        ${state?.status ?? null}, ${state ? at(event.created) : null}::timestamptz, ${state?.rank ?? null}::int, ${at(state?.startedAt)}::timestamptz,
        ${at(period?.start)}::timestamptz, ${at(period?.end)}::timestamptz,
        ${fact.kind === 'payment_succeeded' ? at(event.created) : null}::timestamptz,
        ${fact.kind === 'payment_failed' ? at(event.created) : null}::timestamptz,
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
        last_payment_failed_at = GREATEST(s.last_payment_failed_at, EXCLUDED.last_payment_failed_at),
        canceled_at = LEAST(s.canceled_at, EXCLUDED.canceled_at),
        updated_at = EXCLUDED.updated_at`);
  }

  /**
   * The account's plan is its newest live subscription's. Older live ones
   * were replaced by an upgrade through checkout: they are marked cancelled
   * here and cancelled at the provider through the outbox.
   */
  async #deriveAccountPlan(tx: Transaction, accountId: string): Promise<void> {
    const now = this.#deps.clock.now();
    const [current] = await tx
      .select({ subscriptionId: billingSubscriptions.subscriptionId, customerId: billingSubscriptions.customerId, plan: billingSubscriptions.plan, startedAt: billingSubscriptions.startedAt })
      .from(billingSubscriptions)
      .where(
        and(
          eq(billingSubscriptions.accountId, accountId),
          isNull(billingSubscriptions.canceledAt),
          isNotNull(billingSubscriptions.plan),
          inArray(billingSubscriptions.status, LIVE_STATUSES),
        ),
      )
      .orderBy(sql`${billingSubscriptions.startedAt} DESC NULLS LAST`, desc(billingSubscriptions.subscriptionId))
      .limit(1);

    if (current?.startedAt) {
      const replaced = await tx
        .update(billingSubscriptions)
        .set({ canceledAt: now, updatedAt: now })
        .where(
          and(
            eq(billingSubscriptions.accountId, accountId),
            isNull(billingSubscriptions.canceledAt),
            // Started before the current one; the id breaks a tie within the same second, the same way every time.
            sql`(${billingSubscriptions.startedAt}, ${billingSubscriptions.subscriptionId}) < (${current.startedAt.toISOString()}::timestamptz, ${current.subscriptionId})`,
          ),
        )
        .returning({ subscriptionId: billingSubscriptions.subscriptionId });
      await this.#deps.outbox.enqueue(
        tx,
        replaced.map(({ subscriptionId }) => ({ topic: CANCEL_SUBSCRIPTION_TOPIC, payload: { subscriptionId, provider: this.#deps.providerName } })),
      );
    }

    await tx
      .update(billingAccounts)
      .set({
        plan: current?.plan ?? 'free',
        providerSubscriptionId: current?.subscriptionId ?? null,
        providerCustomerId: current?.customerId ? current.customerId : sql`${billingAccounts.providerCustomerId}`,
        updatedAt: now,
      })
      .where(eq(billingAccounts.accountId, accountId));
  }
}

/** The event's state is at least as new as the stored one, by (created, rank). */
const NEWER_STATE = sql.raw(
  '(EXCLUDED.state_at IS NOT NULL AND (s.state_at IS NULL OR (EXCLUDED.state_at, EXCLUDED.state_rank) >= (s.state_at, s.state_rank)))',
);
/** The event pays for a later period than the stored one. */
const LATER_PERIOD = sql.raw('(EXCLUDED.period_start IS NOT NULL AND (s.period_start IS NULL OR EXCLUDED.period_start > s.period_start))');
