import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/tables.ts';

/** Outgoing webhook endpoints an account registered to receive our events. */
export const outgoingWebhooks = pgTable(
  'outgoing_webhooks',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    signingSecret: text('signing_secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('outgoing_webhooks_account_idx').on(table.accountId)],
);
