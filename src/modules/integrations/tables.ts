import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A connected third-party integration and the OAuth tokens it holds.
 * `revocationEndpoint` is the provider's RFC 7009 endpoint, when it has one.
 */
export const integrations = pgTable(
  'integrations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** Foreign key to accounts(id), ON DELETE CASCADE: declared in the migrations, as every cross-module key is. */
    accountId: uuid('account_id').notNull(),
    provider: text('provider').notNull(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    revocationEndpoint: text('revocation_endpoint'),
    clientId: text('client_id'),
    clientSecret: text('client_secret'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('integrations_account_idx').on(table.accountId)],
);
