import { sql } from 'drizzle-orm';
import type { DimensionId } from '../../framework/dimensions.ts';
import { date, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

/** A target level for one dimension of a product, by a due date (issue 28, Outcomes). */
export const productGoals = pgTable(
  'product_goals',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Foreign key to accounts(id), ON DELETE CASCADE: declared in the migrations, as every cross-module key is. */
    accountId: uuid('account_id').notNull(),
    /** Foreign key to products(id), ON DELETE CASCADE. */
    productId: uuid('product_id').notNull(),
    dimensionId: text('dimension_id').$type<DimensionId>().notNull(),
    targetLevel: integer('target_level').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** The product's latest level for the dimension when the goal was set; null when it had no score yet. */
    startLevel: integer('start_level'),
    setBy: text('set_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [unique('product_goals_once').on(table.productId, table.dimensionId), index('product_goals_account_idx').on(table.accountId, table.productId)],
);

export const SCHEDULE_CADENCES = ['weekly', 'monthly'] as const;
export type ScheduleCadence = (typeof SCHEDULE_CADENCES)[number];
export const SCHEDULED_RUN_OUTCOMES = ['scored', 'quota_exhausted', 'no_credits', 'rate_limited', 'read_only', 'failed'] as const;
export type ScheduledRunOutcome = (typeof SCHEDULED_RUN_OUTCOMES)[number];

/** A product's rescoring cadence; no row is `off`. */
export const productSchedules = pgTable(
  'product_schedules',
  {
    /** Foreign key to products(id), ON DELETE CASCADE. */
    productId: uuid('product_id').primaryKey(),
    /** Foreign key to accounts(id), ON DELETE CASCADE. */
    accountId: uuid('account_id').notNull(),
    cadence: text('cadence', { enum: SCHEDULE_CADENCES }).notNull(),
    /** Who set the cadence: the scheduled score is made in their name. */
    setBy: text('set_by').notNull(),
    nextRunAt: timestamp('next_run_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastRunAt: timestamp('last_run_at', { withTimezone: true, mode: 'date' }),
    lastOutcome: text('last_outcome', { enum: SCHEDULED_RUN_OUTCOMES }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('product_schedules_due_idx').on(table.nextRunAt), index('product_schedules_account_idx').on(table.accountId)],
);
