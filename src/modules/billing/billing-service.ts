/**
 * Billing: each account's plan, its entitlement (limits and billing period),
 * checkout, the payment events that move it between plans, and the
 * subscription side of erasure. Owns billing_accounts,
 * billing_subscriptions, billing_payment_failures, payment_events and
 * applied_payment_objects.
 */
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { ExpiringCache } from '../../expiring-cache.ts';
import type { Outbox, OutboxMessage } from '../../queue/outbox.ts';
import { AccountErasedError } from '../../vocabulary/account-erased.ts';
import type { ErasureParticipant } from '../accounts/erasure.ts';
import { entitlementFrom, type BillingState, type Entitlement, type RevisedEntitlement } from './entitlement.ts';
import { CANCEL_SUBSCRIPTION_TOPIC, PaymentEventProcessor, type EventOutcome, type PackPurchaseHook, type PlanChangeHook } from './payment-event-processor.ts';
import type { PaymentEvent } from './payment-events.ts';
import { INVOICES_LISTED, PaymentProviderUnavailable, type CheckoutItem, type PaymentProvider, type ProviderInvoice } from './payment-provider.ts';
import type { JobQueue } from '../../queue/job-queue.ts';
import {
  isHigherPlan,
  isPaidPlan,
  PAID_PLANS,
  PLAN_NAMES,
  PRICE_KEYS,
  priceKeyOf,
  SCORE_PACKS,
  type PaidPlan,
  type Plan,
  type Price,
  type PriceKey,
  type PriceTable,
} from '../../vocabulary/plans.ts';
import { billingAccounts, billingPaymentFailures, billingSubscriptions, localInvoices, subscriptionCancellations } from './tables.ts';

export type { Plan } from '../../vocabulary/plans.ts';
export { CANCEL_SUBSCRIPTION_TOPIC } from './payment-event-processor.ts';

export interface BillingSettings {
  /** PAYMENT_GRACE_DAYS: how long a failed payment keeps the paid limits. */
  graceDays: number;
  /** PAYMENT_PRICE_IDS: provider price id -> plan or pack key. */
  priceIds: Readonly<Record<string, string>>;
  publicBaseUrl: string;
}

export interface BillingDependencies {
  db: Database;
  clock: Clock;
  provider: PaymentProvider;
  outbox: Outbox;
  log: FastifyBaseLogger;
  settings: BillingSettings;
  /**
   * Runs in the transaction of a payment event that bought a score pack: billing announces the purchase; what
   * it buys (scores in the metering module's ledger, a thank-you mail) is the subscribers' (app.ts wires them).
   */
  onPackPurchased: PackPurchaseHook;
  /** Runs in the transaction of a payment event that changes the account's plan. */
  onPlanChanged?: PlanChangeHook;
  /** Schedules the local provider's end of a subscription cancelled at its period's end. */
  jobs: JobQueue;
}

/** The job that ends a local subscription at the end of its paid period (the local provider has no server to do it). */
export const LOCAL_PERIOD_END_JOB = 'billing.local-period-end';

export type CancelOutcome =
  | { ok: true; when: 'period_end' | 'now'; endsAt: Date }
  /** Nothing runs: the account is on Free (or its subscription already ended). */
  | { ok: false; reason: 'no_subscription' }
  | { ok: false; reason: 'provider_unavailable' };

export type InvoicesOutcome = { ok: true; invoices: ProviderInvoice[] } | { ok: false; reason: 'provider_unavailable' };

export type ResumeOutcome = { ok: true } | { ok: false; reason: 'nothing_scheduled' } | { ok: false; reason: 'provider_unavailable' };

export type CheckoutOutcome =
  | { ok: true; url: string }
  /** Packs are sold to paid plans only (part 8). */
  | { ok: false; reason: 'pack_needs_paid_plan' }
  | { ok: false; reason: 'plan_already_held'; plan: Plan }
  /** Checkout sells only a higher plan: a lower one is a change to the running subscription. */
  | { ok: false; reason: 'not_an_upgrade'; currentPlan: Plan; requestedPlan: Plan }
  /** PAYMENT_PRICE_IDS names no price for the plan or pack (its key, e.g. `pro` or `pack_small`). */
  | { ok: false; reason: 'no_price'; item: string }
  | { ok: false; reason: 'provider_unavailable' };

export type PortalOutcome =
  | { ok: true; url: string }
  /** The provider knows no customer for the account (it never bought anything): the portal would have nothing to show. */
  | { ok: false; reason: 'no_customer' }
  | { ok: false; reason: 'provider_unavailable' };

/** What the billing settings and the local portal show: the plan in force, and the subscription it comes from. */
export interface BillingOverview {
  entitlement: Entitlement;
  /** The provider knows the account as a customer: its billing portal has something to manage. */
  hasCustomer: boolean;
  /** The subscription the plan comes from; null on Free. */
  subscription: { subscriptionId: string; plan: PaidPlan | null; status: string | null; startedAt: Date | null } | null;
  /** When the subscription ends, if a cancellation at the end of the period was asked for. */
  cancellation: { endsAt: Date } | null;
}

/** The billing record as last read, and its revision (billing_accounts.entitlement_revision). */
interface KnownRecord {
  state: BillingState;
  revision: number;
}

/**
 * How many accounts' billing records one instance keeps. An entry needs no
 * expiry to be correct (every charge checks it); the TTL only lets an idle
 * account's entry go.
 */
const KNOWN_RECORDS_MAX = 10_000;
const KNOWN_RECORD_TTL_MS = 60 * 60 * 1000;

/**
 * Where the provider sends the buyer back to: the confirmation page (told
 * what was bought, to say whether it is active yet) or, after cancelling,
 * the pricing page with a note that nothing was charged.
 */
const CHECKOUT_COMPLETE_PATH = '/pricing/complete';
const CHECKOUT_CANCEL_PATH = '/pricing?checkout=cancelled';
/** Where the billing portal's "return" link leads: the app's billing settings. */
const PORTAL_RETURN_PATH = '/app/settings/billing';
/** How long prices read from the provider are kept: a price changed at the provider shows on the pages within this. */
const PRICES_TTL_MS = 10 * 60 * 1000;
const NO_PRICES: PriceTable = Object.fromEntries(PRICE_KEYS.map((key) => [key, null])) as Record<PriceKey, null>;

export class BillingService implements ErasureParticipant {
  readonly #db: Database;
  readonly #clock: Clock;
  readonly #provider: PaymentProvider;
  readonly #log: FastifyBaseLogger;
  readonly #settings: BillingSettings;
  readonly #events: PaymentEventProcessor;
  readonly #knownRecords: ExpiringCache<string, KnownRecord>;
  readonly #changeListeners: ((accountId: string) => void)[] = [];
  readonly #jobs: JobQueue;
  #prices: { table: PriceTable; readAt: number } | null = null;
  #pricesReading: Promise<PriceTable> | null = null;

  constructor(deps: BillingDependencies) {
    this.#db = deps.db;
    this.#clock = deps.clock;
    this.#provider = deps.provider;
    this.#log = deps.log;
    this.#settings = deps.settings;
    this.#jobs = deps.jobs;
    this.#events = new PaymentEventProcessor({
      db: deps.db,
      clock: deps.clock,
      outbox: deps.outbox,
      log: deps.log,
      priceIds: deps.settings.priceIds,
      onPackPurchased: deps.onPackPurchased,
      onPlanChanged: deps.onPlanChanged,
      providerName: deps.provider.name,
      onBillingChanged: (accountId) => this.#billingChanged(accountId),
    });
    this.#knownRecords = new ExpiringCache({ clock: deps.clock, ttlMs: KNOWN_RECORD_TTL_MS, maxEntries: KNOWN_RECORDS_MAX });
  }

  /**
   * Calls `listener` with the account's id after a payment event (or a
   * cancellation) changed its billing record in this instance: what was
   * derived from the plan (a member's seat) is out of date.
   */
  onBillingChanged(listener: (accountId: string) => void): void {
    this.#changeListeners.push(listener);
  }

  /** The new account's billing record; its Free cycles count from now. */
  async createRecord(executor: Executor, accountId: string): Promise<void> {
    await executor.insert(billingAccounts).values({ accountId, cycleAnchor: this.#clock.now() }).onConflictDoNothing();
  }

  /**
   * Which of these accounts are on a paid plan now (a completed checkout
   * whose subscription is live): what peer benchmarks count, since a paid
   * account cannot be made for free in bulk. One query.
   */
  async paidAmong(accountIds: readonly string[]): Promise<Set<string>> {
    if (accountIds.length === 0) return new Set();
    const rows = await this.#db
      .select({ accountId: billingAccounts.accountId })
      .from(billingAccounts)
      .where(and(inArray(billingAccounts.accountId, [...accountIds]), inArray(billingAccounts.plan, [...PAID_PLANS])));
    return new Set(rows.map((row) => row.accountId));
  }

  async planOf(accountId: string): Promise<Plan> {
    const [record] = await this.#db.select({ plan: billingAccounts.plan }).from(billingAccounts).where(eq(billingAccounts.accountId, accountId));
    return record?.plan ?? 'free';
  }

  /**
   * The limits that apply to the account now and the period they count in.
   * Pass the transaction when inside one. Every account has a billing record
   * from its creation on (migration 0004 gave the older ones theirs), so an
   * account without one was erased meanwhile: AccountErasedError.
   */
  async entitlementOf(accountId: string, executor: Executor = this.#db): Promise<Entitlement> {
    const ticket = this.#knownRecords.ticket();
    const { entitlement, known } = await this.#billingRecord(accountId, executor);
    // A read inside a transaction may see that transaction's own, uncommitted changes: only a plain read is remembered.
    if (executor === this.#db) this.#knownRecords.set(accountId, known, ticket);
    return entitlement;
  }

  /**
   * The entitlement from the billing record this instance last read for the
   * account, with the record's revision (no query); null when none is
   * known. The period, the grace period's end and `awaitingRenewal` are
   * worked out again from the record at every call, so no boundary is ever
   * served late. It may be out of date: whoever acts on it compares its
   * revision with `entitlementRevision` afterwards.
   */
  knownEntitlement(accountId: string): RevisedEntitlement | null {
    const known = this.#knownRecords.get(accountId);
    return known ? this.#revised(known) : null;
  }

  /** The entitlement read now (and remembered), with its revision. AccountErasedError when the account has no billing record. */
  async freshEntitlement(accountId: string): Promise<RevisedEntitlement> {
    const ticket = this.#knownRecords.ticket();
    const { known } = await this.#billingRecord(accountId, this.#db);
    this.#knownRecords.set(accountId, known, ticket);
    return this.#revised(known);
  }

  /**
   * The billing record's revision now: one indexed read of one column. It
   * moves on with every change to what the entitlement is computed from (by
   * anyone: triggers keep it, migration 0044) and never goes back, so a
   * caller that read revision R with an entitlement, acted, and reads R
   * again here knows the entitlement was in force the whole time. Null when
   * the account has no billing record (erased).
   */
  async entitlementRevision(accountId: string): Promise<number | null> {
    const [record] = await this.#db
      .select({ revision: billingAccounts.entitlementRevision })
      .from(billingAccounts)
      .where(eq(billingAccounts.accountId, accountId));
    return record?.revision ?? null;
  }

  /** A verified payment event (the webhook route verified the signature). */
  applyPaymentEvent(event: PaymentEvent): Promise<EventOutcome> {
    return this.#events.apply(event);
  }

  #billingChanged(accountId: string): void {
    this.#knownRecords.delete(accountId);
    for (const listener of this.#changeListeners) listener(accountId);
  }

  #revised(known: KnownRecord): RevisedEntitlement {
    return { entitlement: entitlementFrom(known.state, this.#clock.now(), this.#settings.graceDays), revision: known.revision };
  }

  /**
   * POST /api/payment/checkout: where to send the buyer for a plan or a
   * pack. Packs are for paid plans (part 8); buying the plan the account
   * already has is a conflict.
   */
  async startCheckout(accountId: string, item: CheckoutItem): Promise<CheckoutOutcome> {
    const { entitlement, customerId } = await this.#billingRecord(accountId, this.#db);
    if (item.kind === 'pack' && !isPaidPlan(entitlement.plan)) return { ok: false, reason: 'pack_needs_paid_plan' };
    if (item.kind === 'plan' && item.plan === entitlement.plan) return { ok: false, reason: 'plan_already_held', plan: item.plan };
    if (item.kind === 'plan' && !isHigherPlan(item.plan, entitlement.plan)) {
      // A second subscription would bill both plans until one ended; a lower plan is a change to the running one.
      return { ok: false, reason: 'not_an_upgrade', currentPlan: entitlement.plan, requestedPlan: item.plan };
    }
    const key = priceKeyOf(item);
    const priceId = this.#priceIdOf(key);
    const base = this.#settings.publicBaseUrl;
    try {
      const session = await this.#provider.createCheckout({
        accountId,
        customerId,
        item,
        priceId,
        successUrl: `${base}${CHECKOUT_COMPLETE_PATH}?item=${key}`,
        cancelUrl: `${base}${CHECKOUT_CANCEL_PATH}`,
      });
      if (!session) return { ok: false, reason: 'no_price', item: key };
      return { ok: true, url: session.url };
    } catch (error) {
      // Anything else (a refused request, bad credentials) is our fault to fix: the error handler logs it and answers 500.
      if (!(error instanceof PaymentProviderUnavailable)) throw error;
      this.#log.warn({ err: error.cause, provider: this.#provider.name }, 'payment provider unavailable; checkout answered 503');
      return { ok: false, reason: 'provider_unavailable' };
    }
  }

  /**
   * What every plan and pack costs, for the pages where a person chooses one
   * (pricing, billing, checkout): the provider's price objects (Stripe, by
   * PAYMENT_PRICE_IDS) or the configured prices (local). Kept for ten
   * minutes; when the provider cannot answer, the last prices read stand, or
   * none (the pages then say the price is shown at checkout).
   */
  async prices(): Promise<PriceTable> {
    if (this.#prices && this.#clock.now().getTime() - this.#prices.readAt < PRICES_TTL_MS) return this.#prices.table;
    this.#pricesReading ??= this.#readPrices().finally(() => {
      this.#pricesReading = null;
    });
    return this.#pricesReading;
  }

  async #readPrices(): Promise<PriceTable> {
    try {
      const entries = await Promise.all(PRICE_KEYS.map(async (key) => [key, await this.#provider.priceOf(key, this.#priceIdOf(key))] as const));
      const table = Object.fromEntries(entries) as PriceTable;
      this.#prices = { table, readAt: this.#clock.now().getTime() };
      return table;
    } catch (error) {
      this.#log.warn(
        { err: error instanceof PaymentProviderUnavailable ? error.cause : error, provider: this.#provider.name },
        'prices could not be read; the pages show the last known, or none',
      );
      return this.#prices?.table ?? NO_PRICES;
    }
  }

  /** The provider's price id for a plan or pack (PAYMENT_PRICE_IDS), or null. */
  #priceIdOf(key: PriceKey): string | null {
    return Object.entries(this.#settings.priceIds).find(([, value]) => value === key)?.[0] ?? null;
  }

  /** The plan in force and its subscription, read now (the billing settings page, the local portal). AccountErasedError when gone. */
  async overview(accountId: string): Promise<BillingOverview> {
    const { entitlement, customerId } = await this.#billingRecord(accountId, this.#db);
    const [subscription] = await this.#db
      .select({
        subscriptionId: billingSubscriptions.subscriptionId,
        plan: billingSubscriptions.plan,
        status: billingSubscriptions.status,
        startedAt: billingSubscriptions.startedAt,
      })
      .from(billingAccounts)
      .innerJoin(billingSubscriptions, eq(billingSubscriptions.subscriptionId, billingAccounts.providerSubscriptionId))
      .where(eq(billingAccounts.accountId, accountId));
    const [cancellation] = subscription
      ? await this.#db
          .select({ endsAt: subscriptionCancellations.endsAt })
          .from(subscriptionCancellations)
          .where(eq(subscriptionCancellations.subscriptionId, subscription.subscriptionId))
      : [];
    return { entitlement, hasCustomer: customerId !== null, subscription: subscription ?? null, cancellation: cancellation ?? null };
  }

  /**
   * Cancels the account's subscription: at the end of the period paid for
   * (the plan runs until then; nothing more is charged), or now, without a
   * refund for the rest of the period. Now ends it at the provider and here
   * at once (the provider's own event later changes nothing more).
   */
  async cancel(accountId: string, when: 'period_end' | 'now', requestedBy: string): Promise<CancelOutcome> {
    const { subscription, entitlement } = await this.overview(accountId);
    if (!subscription) return { ok: false, reason: 'no_subscription' };
    const { subscriptionId } = subscription;
    try {
      if (when === 'now') {
        await this.#provider.cancelSubscription(subscriptionId);
        await this.#events.markCancelled(subscriptionId);
        return { ok: true, when, endsAt: this.#clock.now() };
      }
      await this.#provider.scheduleCancellation(subscriptionId);
    } catch (error) {
      if (!(error instanceof PaymentProviderUnavailable)) throw error;
      this.#log.warn({ err: error.cause, provider: this.#provider.name }, 'payment provider unavailable; cancellation answered 503');
      return { ok: false, reason: 'provider_unavailable' };
    }
    const endsAt = entitlement.period.end;
    const now = this.#clock.now();
    await this.#db.transaction(async (tx) => {
      await tx
        .insert(subscriptionCancellations)
        .values({ subscriptionId, accountId, endsAt, requestedAt: now, requestedBy })
        .onConflictDoUpdate({ target: subscriptionCancellations.subscriptionId, set: { endsAt, requestedAt: now, requestedBy } });
      if (this.#provider.name === 'local') {
        await this.#jobs.enqueue(tx, {
          name: LOCAL_PERIOD_END_JOB,
          payload: { subscriptionId },
          runAt: endsAt,
          dedupeKey: `end ${subscriptionId} at ${endsAt.toISOString()}`,
          accountId,
        });
      }
    });
    return { ok: true, when, endsAt };
  }

  /** Takes back a cancellation at the end of the period: the subscription renews as before. */
  async resume(accountId: string): Promise<ResumeOutcome> {
    const { subscription, cancellation } = await this.overview(accountId);
    if (!subscription || !cancellation) return { ok: false, reason: 'nothing_scheduled' };
    try {
      await this.#provider.scheduleCancellation(subscription.subscriptionId, true);
    } catch (error) {
      if (!(error instanceof PaymentProviderUnavailable)) throw error;
      return { ok: false, reason: 'provider_unavailable' };
    }
    await this.#db.delete(subscriptionCancellations).where(eq(subscriptionCancellations.subscriptionId, subscription.subscriptionId));
    return { ok: true };
  }

  /** The local provider's end of a period (job): ends the subscription if its cancellation still stands and is due. */
  async endCancelledLocalSubscription(payload: Record<string, unknown>): Promise<void> {
    if (typeof payload.subscriptionId !== 'string') return;
    const [cancellation] = await this.#db
      .select({ endsAt: subscriptionCancellations.endsAt })
      .from(subscriptionCancellations)
      .where(eq(subscriptionCancellations.subscriptionId, payload.subscriptionId));
    if (!cancellation || cancellation.endsAt.getTime() > this.#clock.now().getTime()) return;
    await this.#events.markCancelled(payload.subscriptionId);
  }

  /** The account's invoices, newest first: the provider's (Stripe), or the local provider's own record. */
  async invoices(accountId: string): Promise<InvoicesOutcome> {
    const { customerId } = await this.#billingRecord(accountId, this.#db);
    try {
      const fromProvider = customerId ? await this.#provider.invoices(customerId) : this.#provider.name === 'stripe' ? [] : null;
      if (fromProvider) return { ok: true, invoices: fromProvider };
    } catch (error) {
      if (!(error instanceof PaymentProviderUnavailable)) throw error;
      this.#log.warn({ err: error.cause, provider: this.#provider.name }, 'payment provider unavailable; invoices not listed');
      return { ok: false, reason: 'provider_unavailable' };
    }
    const rows = await this.#db
      .select()
      .from(localInvoices)
      .where(eq(localInvoices.accountId, accountId))
      .orderBy(desc(localInvoices.createdAt))
      .limit(INVOICES_LISTED);
    return {
      ok: true,
      invoices: rows.map((row) => ({
        id: row.id,
        number: row.number,
        createdAt: row.createdAt,
        description: row.description,
        amount: row.amount,
        currency: row.currency,
        status: 'paid' as const,
        url: null,
      })),
    };
  }

  /** The local provider's invoice for a paid checkout; paying the same session twice records it once. */
  async recordLocalInvoice(paid: { sessionId: string; accountId: string; item: CheckoutItem; price: Price; at: Date }): Promise<void> {
    const description =
      paid.item.kind === 'plan'
        ? `${PLAN_NAMES[paid.item.plan]} plan, first month`
        : `${paid.item.pack.charAt(0).toUpperCase()}${paid.item.pack.slice(1)} score pack (${SCORE_PACKS[paid.item.pack]} scores)`;
    const number = `LOCAL-${paid.at.toISOString().slice(0, 10).replaceAll('-', '')}-${paid.sessionId.slice(0, 8).toUpperCase()}`;
    await this.#db
      .insert(localInvoices)
      .values({
        id: `in_local_${paid.sessionId}`,
        accountId: paid.accountId,
        number,
        description,
        amount: paid.price.amount,
        currency: paid.price.currency,
        createdAt: paid.at,
      })
      .onConflictDoNothing();
  }

  /**
   * POST /api/billing/portal: where to send the customer to manage their
   * subscription, payment method and invoices; they come back to the
   * billing settings. Only for an account the provider knows as a customer.
   */
  async startPortal(accountId: string): Promise<PortalOutcome> {
    const { customerId } = await this.#billingRecord(accountId, this.#db);
    if (!customerId) return { ok: false, reason: 'no_customer' };
    try {
      const session = await this.#provider.createPortal({ accountId, customerId, returnUrl: `${this.#settings.publicBaseUrl}${PORTAL_RETURN_PATH}` });
      return { ok: true, url: session.url };
    } catch (error) {
      if (!(error instanceof PaymentProviderUnavailable)) throw error;
      this.#log.warn({ err: error.cause, provider: this.#provider.name }, 'payment provider unavailable; billing portal answered 503');
      return { ok: false, reason: 'provider_unavailable' };
    }
  }

  /**
   * Erasure cancels every subscription still running, without proration
   * (spec part 4, effect 3): every live one the payment events told us of,
   * and the account's current one, which billing_accounts may name before
   * (or without) any event about it having been merged.
   */
  async sideEffectsOnErasure(tx: Transaction, accountId: string): Promise<OutboxMessage[]> {
    const live = await tx
      .select({ subscriptionId: billingSubscriptions.subscriptionId })
      .from(billingSubscriptions)
      .where(and(eq(billingSubscriptions.accountId, accountId), isNull(billingSubscriptions.canceledAt)));
    const [record] = await tx
      .select({ subscriptionId: billingAccounts.providerSubscriptionId })
      .from(billingAccounts)
      .where(eq(billingAccounts.accountId, accountId));
    const ids = new Set([...live.map((row) => row.subscriptionId), ...(record?.subscriptionId ? [record.subscriptionId] : [])]);
    // Not needed for correctness (every charge checks the record), only to free the entry.
    this.#knownRecords.delete(accountId);
    return [...ids].map((subscriptionId) => ({ topic: CANCEL_SUBSCRIPTION_TOPIC, payload: { subscriptionId, provider: this.#provider.name } }));
  }

  /** Outbox handler: cancel at the provider without proration, then record the cancellation. */
  async cancelSubscription(payload: Record<string, unknown>): Promise<void> {
    if (typeof payload.subscriptionId !== 'string') throw new Error('cancel message without subscriptionId');
    await this.#provider.cancelSubscription(payload.subscriptionId);
    await this.#events.markCancelled(payload.subscriptionId);
  }

  /** The account's billing record in one read: its entitlement now, the provider's customer id, and the record as read. */
  async #billingRecord(accountId: string, executor: Executor): Promise<{ entitlement: Entitlement; customerId: string | null; known: KnownRecord }> {
    const [record] = await executor
      .select({
        plan: billingAccounts.plan,
        cycleAnchor: billingAccounts.cycleAnchor,
        seatLimit: billingAccounts.seatLimit,
        customerId: billingAccounts.providerCustomerId,
        subscriptionId: billingSubscriptions.subscriptionId,
        startedAt: billingSubscriptions.startedAt,
        periodStart: billingSubscriptions.periodStart,
        periodEnd: billingSubscriptions.periodEnd,
        // The grace period's start: the first failure after the latest successful payment.
        unpaidSince: sql<Date | null>`(
          SELECT min(f.failed_at) FROM billing_payment_failures f
          WHERE f.subscription_id = ${billingSubscriptions.subscriptionId}
            AND f.failed_at > COALESCE(${billingSubscriptions.lastPaymentSucceededAt}, '-infinity'::timestamptz))`.mapWith(billingPaymentFailures.failedAt),
        revision: billingAccounts.entitlementRevision,
      })
      .from(billingAccounts)
      .leftJoin(billingSubscriptions, eq(billingSubscriptions.subscriptionId, billingAccounts.providerSubscriptionId))
      .where(eq(billingAccounts.accountId, accountId));
    if (!record) throw new AccountErasedError();
    const state: BillingState = {
      plan: record.plan,
      cycleAnchor: record.cycleAnchor,
      seatLimit: record.seatLimit,
      subscription: record.subscriptionId
        ? { startedAt: record.startedAt, periodStart: record.periodStart, periodEnd: record.periodEnd, unpaidSince: record.unpaidSince }
        : null,
    };
    return {
      entitlement: entitlementFrom(state, this.#clock.now(), this.#settings.graceDays),
      customerId: record.customerId,
      known: { state, revision: record.revision },
    };
  }
}
