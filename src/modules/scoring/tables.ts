import { sql } from 'drizzle-orm';
import type { CombinedEvidence } from './evidence-kinds/combine-evidence.ts';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    depth: text('depth', { enum: SCORE_DEPTHS })
      .notNull()
      .default('full'),
    /** SHA-256 of the claim token handed to the anonymous caller; null once linked or when not anonymous. */
    claimTokenHash: text('claim_token_hash'),
    linkedAt: timestamp('linked_at', { withTimezone: true, mode: 'date' }),
    /** The market segment the caller placed a full score in (a metadata segment key), for peer benchmarks; null without one. */
    segment: text('segment'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    index('scoring_results_account_idx').on(table.accountId, table.createdAt),
    index('scoring_results_product_idx').on(table.productId, table.createdAt),
    index('scoring_results_segment_idx')
      .on(table.segment, table.createdAt)
      .where(sql`${table.segment} IS NOT NULL`),
  ],
);
