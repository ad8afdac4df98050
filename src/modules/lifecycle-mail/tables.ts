/** The tables of lifecycle mail: what each account was last told about its segments' peer benchmarks. */
import { doublePrecision, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The total's quartiles of a segment as last mailed to an account (migration
 * 0013). The sweep compares the segment's figures with these to decide
 * whether they moved materially, and the mail states them as "was".
 */
export const peerBenchmarkMailings = pgTable(
  'peer_benchmark_mailings',
  {
    /** Foreign key to accounts(id), ON DELETE CASCADE: declared in the migration, as every cross-module key is. */
    accountId: uuid('account_id').notNull(),
    segment: text('segment').notNull(),
    p25: doublePrecision('p25').notNull(),
    p50: doublePrecision('p50').notNull(),
    p75: doublePrecision('p75').notNull(),
    /** How many updates were mailed; the next one's number names it in its dedupe key. */
    mailings: integer('mailings').notNull(),
    mailedAt: timestamp('mailed_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.segment] })],
);
