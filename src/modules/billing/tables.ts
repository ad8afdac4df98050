import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { PAYMENT_OUTCOMES } from './payment-events.ts';
import { PAID_PLANS, PLANS } from '../../vocabulary/plans.ts';

/**
 * One billing record per account: its current plan (derived from its
 * subscriptions by every payment event), the references the provider knows
 * it by, and what its cycles count from.
 */
export const billingAccounts = pgTable('billing_accounts', {
  /** Foreign key to accounts(id), ON DELETE CASCADE: declared in the migrations, as every cross-module key is. */
  accountId: uuid('account_id').primaryKey(),
  plan: text('plan', { enum: PLANS }).notNull().default('free'),
  providerCustomerId: text('provider_customer_id').unique(),
  /** The subscription the plan comes from; the one erasure cancels. */
  providerSubscriptionId: text('provider_subscription_id').unique(),
  /** Free cycles are monthly from here: the account's creation. Always given, never defaulted to "now". */
  cycleAnchor: timestamp('cycle_anchor', { withTimezone: true, mode: 'date' }).notNull(),
  /** A negotiated Enterprise seat count ("custom" in spec part 8); null is unlimited. Set by operators. */
  seatLimit: integer('seat_limit'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /**
   * Moves on with every change to what the entitlement is computed from (this row, the account's subscriptions,
   * their failed payments), kept by triggers (migration 0044): what metering compares to know a charge met the record in force.
   */
  entitlementRevision: bigint('entitlement_revision', { mode: 'number' }).notNull().default(0),
});

/**
 * What the payment events have told us about each subscription, merged so
 * that the result does not depend on the order they arrive in: state fields
 * go to the newest event (by its `created`, ties by `stateRank`), the period
 * only moves forward, the last successful payment keeps its latest, and a
 * cancellation is final.
 */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    subscriptionId: text('subscription_id').primaryKey(),
    /** Foreign key to accounts(id), ON DELETE CASCADE: declared in the migrations, as every cross-module key is. */
    accountId: uuid('account_id').notNull(),
    customerId: text('customer_id'),
    plan: text('plan', { enum: PAID_PLANS }),
    status: text('status'),
    stateAt: timestamp('state_at', { withTimezone: true, mode: 'date' }),
    stateRank: integer('state_rank'),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    periodStart: timestamp('period_start', { withTimezone: true, mode: 'date' }),
    periodEnd: timestamp('period_end', { withTimezone: true, mode: 'date' }),
    lastPaymentSucceededAt: timestamp('last_payment_succeeded_at', { withTimezone: true, mode: 'date' }),
    canceledAt: timestamp('canceled_at', { withTimezone: true, mode: 'date' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('billing_subscriptions_account_idx').on(table.accountId)],
);

/**
 * Every failed payment attempt of a subscription. A set, so it merges in any
 * order: the grace period runs from the earliest failure after the latest
 * successful payment, whichever order the events arrived in.
 */
export const billingPaymentFailures = pgTable(
  'billing_payment_failures',
  {
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => billingSubscriptions.subscriptionId, { onDelete: 'cascade' }),
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.subscriptionId, table.failedAt] })],
);

/**
 * Payment events already applied, by the provider's event id: the insert
 * that claims an id runs in the transaction that applies the event, so a
 * duplicate delivery, even a simultaneous one, changes nothing. Holds no
 * account data, so it outlives erasure.
 */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Checkout sessions and invoice outcomes already applied, whatever the
 * event id that carried them (PaymentObjectOutcome): claimed in the same
 * transaction as the effect, after the event id, so one checkout session
 * credits its pack once even when two event ids for it arrive at the same
 * moment. Like payment_events, holds no account data and outlives erasure.
 */
export const appliedPaymentObjects = pgTable(
  'applied_payment_objects',
  {
    objectId: text('object_id').notNull(),
    outcome: text('outcome', { enum: PAYMENT_OUTCOMES }).notNull(),
    attempt: integer('attempt').notNull(),
    /** The event that applied it. */
    eventId: text('event_id')
      .notNull()
      .references(() => paymentEvents.eventId),
    appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.objectId, table.outcome, table.attempt] })],
);

/**
 * Payment events for a customer or subscription no account is known by yet
 * (migration 0020): applied, in the order they happened, by the transaction
 * that first links one of them to an account. Holds no account id; the
 * provider's object without its personal fields.
 */
export const heldPaymentEvents = pgTable(
  'held_payment_events',
  {
    eventId: text('event_id').primaryKey(),
    type: text('type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    customerId: text('customer_id'),
    subscriptionId: text('subscription_id'),
    object: jsonb('object').$type<Record<string, unknown>>().notNull(),
    heldAt: timestamp('held_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    index('held_payment_events_customer_idx')
      .on(table.customerId)
      .where(sql`customer_id IS NOT NULL`),
    index('held_payment_events_subscription_idx')
      .on(table.subscriptionId)
      .where(sql`subscription_id IS NOT NULL`),
  ],
);

/**
 * A cancellation asked for at the end of the paid period. The subscription
 * runs until `endsAt`; keeping it deletes the row. With Stripe, Stripe ends
 * the subscription then (cancel_at_period_end) and its event downgrades the
 * account; with the local provider, a job at `endsAt` does.
 */
export const subscriptionCancellations = pgTable('subscription_cancellations', {
  subscriptionId: text('subscription_id')
    .primaryKey()
    .references(() => billingSubscriptions.subscriptionId, { onDelete: 'cascade' }),
  /** Foreign key to accounts(id), ON DELETE CASCADE: declared in the migrations, as every cross-module key is. */
  accountId: uuid('account_id').notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
  requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull(),
  /** Who asked: the identity provider's subject. */
  requestedBy: text('requested_by').notNull(),
});

/** The local payment provider's invoices (Stripe keeps its own): one per paid checkout, by its session. */
export const localInvoices = pgTable(
  'local_invoices',
  {
    /** `in_local_<checkout session>`: paying a session twice records one invoice. */
    id: text('id').primaryKey(),
    /** Foreign key to accounts(id), ON DELETE CASCADE: declared in the migrations, as every cross-module key is. */
    accountId: uuid('account_id').notNull(),
    number: text('number').notNull(),
    description: text('description').notNull(),
    /** In the currency's minor unit. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('local_invoices_account_idx').on(table.accountId, table.createdAt)],
);
