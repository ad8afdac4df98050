import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Team knowledge written down by an account's members ("tribal notes"). */
export const tribalNotes = pgTable(
  'tribal_notes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Foreign key to accounts(id), ON DELETE CASCADE: declared in the migrations, as every cross-module key is. */
    accountId: uuid('account_id').notNull(),
    authorUserId: text('author_user_id').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Foreign key to products(id), ON DELETE CASCADE, declared in the migration; null: about the account. */
    productId: uuid('product_id'),
    /** The dimension the note speaks to; null: the whole product. */
    dimensionId: text('dimension_id'),
    /** Where it was written: `note` (the notes field), `interview`, `score_context`. */
    origin: text('origin').notNull().default('note'),
  },
  (table) => [index('tribal_notes_account_idx').on(table.accountId)],
);
