import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Requests made with an Idempotency-Key: claimed when the first one starts,
 * completed with the response it got. Scoped to the caller; kept 24 hours.
 * An account's rows go with the account.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    /** 'user:<account id>:<user id>' for a signed-in caller, 'anon:<client address>' otherwise. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** Foreign key to accounts(id), ON DELETE CASCADE: declared in the migrations, as every cross-module key is. */
    accountId: uuid('account_id'),
    /** SHA-256 of the method, the route and the body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is still running. */
    statusCode: integer('status_code'),
    responseBody: text('response_body'),
    responseHeaders: jsonb('response_headers').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [primaryKey({ columns: [table.scope, table.key] }), index('idempotent_requests_created_idx').on(table.createdAt)],
);
