import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Outgoing webhook endpoints an account registered to receive our events. */
export const outgoingWebhooks = pgTable(
  'outgoing_webhooks',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** Foreign key to accounts(id), ON DELETE CASCADE: declared in the migrations, as every cross-module key is. */
    accountId: uuid('account_id').notNull(),
    url: text('url').notNull(),
    signingSecret: text('signing_secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('outgoing_webhooks_account_idx').on(table.accountId)],
);
