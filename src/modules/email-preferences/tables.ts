import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A recipient of our mail, by normalised address (recipient-address.ts): one
 * person in two organisations is one recipient with one set of preferences.
 * Not account-owned: erasure removes the addresses that leave with an account.
 */
export const emailRecipients = pgTable('email_recipients', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  email: text('email').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** One row per opted-out category; no row means subscribed. */
export const emailOptOuts = pgTable(
  'email_opt_outs',
  {
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => emailRecipients.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    optedOutAt: timestamp('opted_out_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.recipientId, table.category] })],
);

/** The tokens mails carried: a SHA-256 of each, never the token (preference-token.ts). */
export const emailPreferenceTokens = pgTable(
  'email_preference_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => emailRecipients.id, { onDelete: 'cascade' }),
    mintedAt: timestamp('minted_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('email_preference_tokens_recipient_idx').on(table.recipientId, table.mintedAt)],
);
