import { sql } from 'drizzle-orm';
import type { CombinedEvidence } from './evidence-kinds/combine-evidence.ts';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { SCORE_DEPTHS, type ScoringResult } from './result-schema.ts';

/**
 * Stored scoring results. Immutable once written. An anonymous result has no
 * account until a signed-in caller links it (POST /api/score/link), once.
 */
export const scoringResults = pgTable(
  'scoring_results',
  {
    id: uuid('id').primaryKey(),
    /** Foreign key to accounts(id), ON DELETE CASCADE: declared in the migrations, as every cross-module key is. */
    accountId: uuid('account_id'),
    /** Foreign key to products(id), ON DELETE CASCADE: declared in the migrations, as every cross-module key is. */
    productId: uuid('product_id'),
    createdByUserId: text('created_by_user_id'),
    url: text('url').notNull(),
    result: jsonb('result').$type<ScoringResult>().notNull(),
    /** The caller's own words about the company; used by the LLM path, never as evidence. */
    /** The site, tools and team view of an account's own product (evidence-kinds/combine-evidence.ts); null when only the site spoke. */
    evidenceView: jsonb('evidence_view').$type<CombinedEvidence>(),
    /** When an admin made the evidence view public on /r/<id>; null keeps it inside the account. */
    evidencePublishedAt: timestamp('evidence_published_at', { withTimezone: true, mode: 'date' }),
    context: text('context'),
    /** What the result's `depth` says: read into every result this service hands out (rows written before the field have only this). */
    depth: text('depth', { enum: SCORE_DEPTHS }).notNull().default('full'),
    /** SHA-256 of the claim token handed to the anonymous caller; null once linked or when not anonymous. */
    claimTokenHash: text('claim_token_hash'),
    linkedAt: timestamp('linked_at', { withTimezone: true, mode: 'date' }),
    /** The market segment the caller placed a full score in (a metadata segment key), for peer benchmarks; null without one. */
    segment: text('segment'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    // The whole order of an account's and a product's history, so a LIMIT stops the scan (migration 0031).
    index('scoring_results_account_idx').on(table.accountId, table.createdAt.desc(), table.id.desc()),
    index('scoring_results_product_idx').on(table.productId, table.createdAt.desc(), table.id.desc()),
    // The dashboard's unfiled scores, and the daily sweeps' reads by time (migration 0042).
    index('scoring_results_unfiled_idx')
      .on(table.accountId, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.productId} IS NULL`),
    index('scoring_results_owned_created_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.accountId} IS NOT NULL`),
    // What changed in a score of no product: the same address's score before it (migration 0042).
    index('scoring_results_account_url_idx').on(table.accountId, table.url, table.depth, table.createdAt.desc(), table.id.desc()),
    index('scoring_results_segment_idx')
      .on(table.segment, table.createdAt)
      .where(sql`${table.segment} IS NOT NULL`),
  ],
);

/**
 * The latest full, account-owned score of each (segment, company): kept by
 * a trigger on scoring_results (migration 0030), never written from here.
 */
export const peerCompanyScores = pgTable(
  'peer_company_scores',
  {
    segment: text('segment').notNull(),
    company: text('company').notNull(),
    resultId: uuid('result_id').notNull(),
    accountId: uuid('account_id').notNull(),
    totalScore: integer('total_score').notNull(),
    dimensionScores: jsonb('dimension_scores').$type<Record<string, number>>().notNull(),
    scoredAt: timestamp('scored_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.segment, table.company] }),
    index('peer_company_scores_account_idx').on(table.segment, table.accountId, table.scoredAt.desc(), table.resultId.desc()),
  ],
);

/**
 * Each account's latest score among the companies' latest in a segment: a
 * segment's peer pool before the paid and asker rules. Kept by the same
 * trigger (migration 0030).
 */
export const peerAccountScores = pgTable(
  'peer_account_scores',
  {
    segment: text('segment').notNull(),
    accountId: uuid('account_id').notNull(),
    resultId: uuid('result_id').notNull(),
    company: text('company').notNull(),
    totalScore: integer('total_score').notNull(),
    dimensionScores: jsonb('dimension_scores').$type<Record<string, number>>().notNull(),
    scoredAt: timestamp('scored_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.segment, table.accountId] })],
);

/**
 * A score job's state between the web instance waiting for it and the worker
 * running it (migration 0047; score-runs.ts). Holds no claim token and no
 * caller identity: the job's payload carries what the worker needs.
 */
export const scoreRuns = pgTable(
  'score_runs',
  {
    id: uuid('id').primaryKey(),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed', 'cancelled'] }).notNull(),
    progress: jsonb('progress'),
    outcome: jsonb('outcome'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('score_runs_created_idx').on(table.createdAt)],
);
