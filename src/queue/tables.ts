import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The dedupe key of every job enqueued with one (migration 0040), written in
 * the enqueuing transaction. pg-boss keeps its own tables in a schema of its
 * own (job-engine.ts); this one is ours, so a key outlives the job's archive.
 */
export const jobDedupeKeys = pgTable(
  'job_dedupe_keys',
  {
    name: text('name').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    jobId: uuid('job_id').notNull(),
    // REFERENCES accounts(id) ON DELETE CASCADE in the migration; not named here, since a
    // lower layer imports no module's tables.
    accountId: uuid('account_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.name, table.dedupeKey] }), index('job_dedupe_keys_account_idx').on(table.accountId)],
);
