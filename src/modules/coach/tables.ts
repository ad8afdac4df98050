import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A person's conversation with the coach about one result (and, optionally, the result it compares with). */
export const coachConversations = pgTable(
  'coach_conversations',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Foreign key to accounts(id), ON DELETE CASCADE: declared in the migrations, as every cross-module key is. */
    accountId: uuid('account_id').notNull(),
    /** The identity provider's subject, or `api_key:<id>`: a conversation is its person's. */
    userId: text('user_id').notNull(),
    /** Foreign key to scoring_results(id), ON DELETE CASCADE. */
    resultId: uuid('result_id').notNull(),
    /** Foreign key to scoring_results(id), ON DELETE SET NULL. */
    compareResultId: uuid('compare_result_id'),
    /** The first question, shortened: how the conversation is listed. */
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    index('coach_conversations_owner_idx').on(table.accountId, table.userId, table.updatedAt.desc()),
    index('coach_conversations_result_idx').on(table.resultId),
    index('coach_conversations_compared_idx').on(table.compareResultId),
  ],
);

/** One message of a conversation, in order. */
export const coachMessages = pgTable(
  'coach_messages',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => coachConversations.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.conversationId, table.position] })],
);
