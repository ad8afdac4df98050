import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

/** What a member may say about a score, or about one of its dimensions. */
export const FEEDBACK_VERDICTS = ['too_high', 'too_low', 'wrong_evidence', 'helpful'] as const;
export type FeedbackVerdict = (typeof FEEDBACK_VERDICTS)[number];

/** A member's verdict on a result (dimensionId null) or one of its dimensions; one per member, result and dimension. */
export const scoreFeedback = pgTable(
  'score_feedback',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Foreign key to accounts(id), ON DELETE CASCADE: declared in the migrations, as every cross-module key is. */
    accountId: uuid('account_id').notNull(),
    /** The identity provider's subject, or `api_key:<id>`. */
    userId: text('user_id').notNull(),
    /** Foreign key to scoring_results(id), ON DELETE CASCADE: the feedback goes with the result it is about. */
    resultId: uuid('result_id').notNull(),
    dimensionId: text('dimension_id'),
    verdict: text('verdict', { enum: FEEDBACK_VERDICTS }).notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    unique('score_feedback_once').on(table.accountId, table.userId, table.resultId, table.dimensionId).nullsNotDistinct(),
    index('score_feedback_account_idx').on(table.accountId, table.updatedAt),
    index('score_feedback_result_idx').on(table.resultId),
  ],
);
