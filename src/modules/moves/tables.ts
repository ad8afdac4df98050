import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { DimensionId } from '../../framework/dimensions.ts';

/** Where a move lands: an issue in the product's Linear team or GitHub repository, a Slack post, or a rescore. */
export const MOVE_KINDS = ['linear_issue', 'github_issue', 'slack_post', 'rescore'] as const;
export type MoveKind = (typeof MOVE_KINDS)[number];
/** `approved`: the dispatch is enqueued and has not happened yet. */
export const MOVE_STATES = ['proposed', 'approved', 'dispatched', 'failed', 'dismissed'] as const;
export type MoveState = (typeof MOVE_STATES)[number];
/** Why a move was proposed: a goal the score left at risk, or a dimension that fell a level since the score before. */
export const MOVE_ORIGINS = ['goal_at_risk', 'dimension_fell'] as const;
export type MoveOrigin = (typeof MOVE_ORIGINS)[number];
/** The reasons a dismissal gives (issue 28, item 4), in the order. */
export const DISMISS_REASONS = ['helpful', 'already_doing_it', 'wrong_diagnosis', 'wrong_priority', 'not_actionable', 'implemented_differently'] as const;
export type DismissReason = (typeof DISMISS_REASONS)[number];
/** The moves that still hold their dimension: a new proposal for it waits until they are closed. */
export const OPEN_MOVE_STATES: readonly MoveState[] = ['proposed', 'approved'];

/** A proposed next step for one dimension of one product (issue 28, item 4). */
export const moves = pgTable(
  'moves',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Foreign keys to accounts(id) and products(id), ON DELETE CASCADE: declared in the migration. */
    accountId: uuid('account_id').notNull(),
    productId: uuid('product_id').notNull(),
    kind: text('kind').$type<MoveKind>().notNull(),
    origin: text('origin').$type<MoveOrigin>().notNull(),
    /** The dimension the move works on; null for a rescore. */
    dimensionId: text('dimension_id').$type<DimensionId>(),
    fromLevel: integer('from_level'),
    targetLevel: integer('target_level'),
    /** The score it was proposed from. */
    resultId: uuid('result_id').notNull(),
    goalId: uuid('goal_id'),
    title: text('title').notNull(),
    /** Markdown: the next level's practices, the first steps, the metrics to watch, and why it was proposed. */
    body: text('body').notNull(),
    /** Where it goes, for display: the Linear team, the GitHub repository, "Slack", or the product's name. */
    target: text('target').notNull(),
    state: text('state').$type<MoveState>().notNull().default('proposed'),
    proposedAt: timestamp('proposed_at', { withTimezone: true, mode: 'date' }).notNull(),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    /** A user id, or `auto` when the account lets the kind dispatch without approval. */
    approvedBy: text('approved_by'),
    /** How many times it was approved: each approval's dispatch job has its own dedupe key. */
    approvals: integer('approvals').notNull().default(0),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true, mode: 'date' }),
    /** The address, or the rescore's result page; null for a Slack post. */
    link: text('link'),
    externalId: text('external_id'),
    lastError: text('last_error'),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true, mode: 'date' }),
    dismissedBy: text('dismissed_by'),
    dismissReason: text('dismiss_reason').$type<DismissReason>(),
    dismissNote: text('dismiss_note'),
    /** `<product> <dimension|rescore> <from level> <result>`: a retried proposal inserts nothing twice. */
    proposalKey: text('proposal_key').notNull(),
  },
  (table) => [
    unique('moves_once').on(table.proposalKey),
    index('moves_account_idx').on(table.accountId, table.proposedAt.desc(), table.id.desc()),
    index('moves_product_open_idx')
      .on(table.productId, table.dimensionId)
      .where(sql`state IN ('proposed', 'approved')`),
  ],
);

/** The kinds an account lets dispatch without approval; no row: none. */
export const moveSettings = pgTable('move_settings', {
  /** Foreign key to accounts(id), ON DELETE CASCADE. */
  accountId: uuid('account_id').primaryKey(),
  autoDispatch: text('auto_dispatch').array().$type<MoveKind[]>().notNull(),
  updatedBy: text('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});
