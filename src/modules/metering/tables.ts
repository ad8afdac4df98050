import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

/**
 * What an account used in one billing period. A new period is a new row, so
 * a cycle reset is the arrival of a new period start, never an update that
 * could race with a charge; a refund goes back to the row it was taken from.
 */
export const usageCounters = pgTable(
  'usage_counters',
  {
    /** Foreign key to accounts(id), ON DELETE CASCADE: declared in the migrations, as every cross-module key is. */
    accountId: uuid('account_id').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true, mode: 'date' }).notNull(),
    creditsUsed: integer('credits_used').notNull().default(0),
    scoresUsed: integer('scores_used').notNull().default(0),
    chatMessagesUsed: integer('chat_messages_used').notNull().default(0),
    apiCallsUsed: integer('api_calls_used').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.periodStart] }),
    check('usage_counters_not_negative', sql`credits_used >= 0 AND scores_used >= 0 AND chat_messages_used >= 0 AND api_calls_used >= 0`),
  ],
);

/** Scores bought in packs: never expire, untouched by cycle resets (spec part 8). */
export const scorePackBalances = pgTable(
  'score_pack_balances',
  {
    /** Foreign key to accounts(id), ON DELETE CASCADE: declared in the migrations, as every cross-module key is. */
    accountId: uuid('account_id').primaryKey(),
    scoresRemaining: integer('scores_remaining').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  () => [check('score_pack_balances_not_negative', sql`scores_remaining >= 0`)],
);

export const LEDGER_ENTRIES = ['charge', 'refund', 'pack_purchase'] as const;
export type LedgerEntry = (typeof LEDGER_ENTRIES)[number];

/**
 * Every change to a balance, written by the statement that makes it.
 * Amounts are what the entry added to usage (a refund is negative) or, for
 * pack_scores, what it took from the pack balance (a purchase is negative).
 * A reservation is charged once and refunded at most once.
 */
export const usageLedger = pgTable(
  'usage_ledger',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Foreign key to accounts(id), ON DELETE CASCADE: declared in the migrations, as every cross-module key is. */
    accountId: uuid('account_id').notNull(),
    entry: text('entry', { enum: LEDGER_ENTRIES }).notNull(),
    /** score, chat, api_call, or the pack bought. */
    action: text('action').notNull(),
    reservationId: uuid('reservation_id'),
    periodStart: timestamp('period_start', { withTimezone: true, mode: 'date' }),
    credits: integer('credits').notNull().default(0),
    scores: integer('scores').notNull().default(0),
    chatMessages: integer('chat_messages').notNull().default(0),
    apiCalls: integer('api_calls').notNull().default(0),
    packScores: integer('pack_scores').notNull().default(0),
    /** The payment event behind a purchase. */
    sourceEventId: text('source_event_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    unique('usage_ledger_reservation_entry_key').on(table.reservationId, table.entry),
    index('usage_ledger_account_idx').on(table.accountId, table.createdAt),
  ],
);

/** Each usage threshold crossed, once per billing period (usage-thresholds.ts). */
export const usageThresholdCrossings = pgTable(
  'usage_threshold_crossings',
  {
    /** Foreign key to accounts(id), ON DELETE CASCADE: declared in the migrations, as every cross-module key is. */
    accountId: uuid('account_id').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true, mode: 'date' }).notNull(),
    metric: text('metric').notNull(),
    threshold: integer('threshold').notNull(),
    crossedAt: timestamp('crossed_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.periodStart, table.metric, table.threshold] })],
);

/**
 * A score's charge until its result is stored or it is refunded (migration
 * 0018): the instance doing the work renews the lease; a lapsed lease is
 * work that died with its process, and its charge is given back
 * (charges-in-flight.ts).
 */
export const chargesInFlight = pgTable(
  'charges_in_flight',
  {
    reservationId: uuid('reservation_id').primaryKey(),
    /** Foreign key to accounts(id), ON DELETE CASCADE: declared in the migrations, as every cross-module key is. */
    accountId: uuid('account_id').notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('charges_in_flight_lease_idx').on(table.leaseUntil)],
);
