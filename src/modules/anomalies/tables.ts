import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { DimensionId } from '../../framework/dimensions.ts';
import type { AnomalyKind, AnomalySeverity, AnomalySide } from './anomaly-rules.ts';

export const ANOMALY_STATES = ['open', 'acknowledged', 'resolved'] as const;
export type AnomalyState = (typeof ANOMALY_STATES)[number];

/** What a score showed that changed beyond normal variation since the one before (issue 28, item 3). */
export const anomalies = pgTable(
  'anomalies',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Foreign key to accounts(id), ON DELETE CASCADE: declared in the migrations, as every cross-module key is. */
    accountId: uuid('account_id').notNull(),
    /** The product scored; null for a score of a bare address. No key: the anomaly outlives a deleted product's name. */
    productId: uuid('product_id'),
    /** The score that showed it and the one it was compared with; null for a signal's. */
    resultId: uuid('result_id'),
    previousResultId: uuid('previous_result_id'),
    /** The measured signal outside its band; null for a score's. */
    signalId: uuid('signal_id'),
    kind: text('kind').$type<AnomalyKind>().notNull(),
    subject: text('subject').notNull(),
    severity: text('severity').$type<AnomalySeverity>().notNull(),
    state: text('state').$type<AnomalyState>().notNull().default('open'),
    summary: text('summary').notNull(),
    dimensionIds: text('dimension_ids').array().$type<DimensionId[]>().notNull(),
    before: jsonb('before').$type<AnomalySide>().notNull(),
    after: jsonb('after').$type<AnomalySide>().notNull(),
    detectedAt: timestamp('detected_at', { withTimezone: true, mode: 'date' }).notNull(),
    stateChangedAt: timestamp('state_changed_at', { withTimezone: true, mode: 'date' }),
    /** Who acknowledged or resolved it: a user id, or `system` when a later score showed it mended. */
    stateChangedBy: text('state_changed_by'),
    /** What makes a detection the same one again: `<result> <kind> <subject>`, or `signal <id>`. */
    detectionKey: text('detection_key').notNull(),
  },
  (table) => [unique('anomalies_once').on(table.detectionKey), index('anomalies_account_idx').on(table.accountId, table.detectedAt.desc(), table.id.desc())],
);

/** The Slack incoming webhook an account's anomalies are posted to; no row: none. */
export const anomalySlackTargets = pgTable('anomaly_slack_targets', {
  /** Foreign key to accounts(id), ON DELETE CASCADE. */
  accountId: uuid('account_id').primaryKey(),
  /** A credential: never answered in full. */
  webhookUrl: text('webhook_url').notNull(),
  setBy: text('set_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});
