import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The durable job engine's one table (migrations 0008 and 0017). A job is pending
 * until completed_at or dead_at is set; locked_until is the lease of the
 * runner that claimed it.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    dedupeKey: text('dedupe_key'),
    // REFERENCES accounts(id) ON DELETE CASCADE in the migration; not named here, since a
    // lower layer imports no module's tables.
    accountId: uuid('account_id'),
    runAt: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    deadAt: timestamp('dead_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Enqueue order (migration 0017): jobs due at the same time run in this order. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
  },
  (table) => [
    uniqueIndex('jobs_dedupe_idx').on(table.name, table.dedupeKey),
    index('jobs_due_idx').on(table.runAt, table.seq).where(sql`completed_at is null and dead_at is null`),
    index('jobs_account_idx').on(table.accountId).where(sql`account_id is not null`),
  ],
);
