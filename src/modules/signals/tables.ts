import { sql } from 'drizzle-orm';
import { doublePrecision, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Measured signals (issue 27): a number of a `<source>.<metric>` type, dated,
 * with its provenance. `source` is `github` or `linear` for synced ones,
 * `push` for POST /api/signals; `clientId` makes a push idempotent.
 */
export const signals = pgTable(
  'signals',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    accountId: uuid('account_id').notNull(),
    productId: uuid('product_id'),
    type: text('type').notNull(),
    value: doublePrecision('value').notNull(),
    observedAt: timestamp('observed_at', { withTimezone: true, mode: 'date' }).notNull(),
    source: text('source').notNull(),
    integrationId: uuid('integration_id'),
    /** The repository (owner/name) or team key the value was measured on. */
    scope: text('scope'),
    periodStart: timestamp('period_start', { withTimezone: true, mode: 'date' }),
    periodEnd: timestamp('period_end', { withTimezone: true, mode: 'date' }),
    link: text('link'),
    clientId: text('client_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('signals_account_idx').on(table.accountId, table.observedAt)],
);

/** `custom.<metric>` types an account declares before pushing them. */
export const customSignalTypes = pgTable(
  'custom_signal_types',
  {
    accountId: uuid('account_id').notNull(),
    type: text('type').notNull(),
    unit: text('unit').notNull(),
    description: text('description').notNull(),
    minimum: doublePrecision('minimum'),
    maximum: doublePrecision('maximum'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.type] })],
);
