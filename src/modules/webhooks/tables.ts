import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Outgoing webhook endpoints an account registered to receive our events. */
export const outgoingWebhooks = pgTable(
  'outgoing_webhooks',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Foreign key to accounts(id), ON DELETE CASCADE: declared in the migrations, as every cross-module key is. */
    accountId: uuid('account_id').notNull(),
    url: text('url').notNull(),
    /** whsec_<base64>, Standard Webhooks format; the base64 part is the HMAC key. */
    signingSecret: text('signing_secret').notNull(),
    description: text('description'),
    eventTypes: text('event_types')
      .array()
      .notNull()
      .default(sql`'{}'`),
    enabled: boolean('enabled').notNull().default(true),
    /** Why it was disabled: 'manual' or 'failing' (retries exhausted). */
    disabledReason: text('disabled_reason'),
    /** The secret before the last rotation; still signs until previousSecretExpiresAt. */
    previousSigningSecret: text('previous_signing_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('outgoing_webhooks_account_idx').on(table.accountId)],
);

/** One delivery of one event to one endpoint: the endpoint's delivery log. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Foreign key to accounts(id), ON DELETE CASCADE (migrations). */
    accountId: uuid('account_id').notNull(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => outgoingWebhooks.id, { onDelete: 'cascade' }),
    /** webhook-id: one per event, the same across retries and redeliveries. */
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The exact JSON body that is signed and sent. */
    body: text('body').notNull(),
    /** 'pending' (an attempt is due), 'delivered' (a 2xx) or 'failed' (given up). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    durationMs: integer('duration_ms'),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
    /** Set when an attempt is recorded, before its POST; cleared with its outcome. Set with no outcome: the attempt was interrupted. */
    attemptStartedAt: timestamp('attempt_started_at', { withTimezone: true, mode: 'date' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('webhook_deliveries_webhook_idx').on(table.webhookId, table.createdAt), index('webhook_deliveries_account_idx').on(table.accountId)],
);
