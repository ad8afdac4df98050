import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A connected third-party integration and the OAuth tokens it holds.
 * `revocationEndpoint` is the provider's RFC 7009 endpoint, when it has one.
 * A source connection (GitHub, Linear: issue 27) keeps its tokens only in the
 * `*Sealed` columns, AES-256-GCM ciphertext (token-cipher.ts); the plaintext
 * columns are for integrations that came before and stay empty for it.
 */
export const integrations = pgTable(
  'integrations',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Foreign key to accounts(id), ON DELETE CASCADE: declared in the migrations, as every cross-module key is. */
    accountId: uuid('account_id').notNull(),
    provider: text('provider').notNull(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    revocationEndpoint: text('revocation_endpoint'),
    clientId: text('client_id'),
    clientSecret: text('client_secret'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    accessTokenSealed: text('access_token_sealed'),
    refreshTokenSealed: text('refresh_token_sealed'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true, mode: 'date' }),
    /** The login (GitHub) or organisation name (Linear) the token acts for: shown on the Sources screen. */
    externalAccount: text('external_account'),
    connectedBy: text('connected_by'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true, mode: 'date' }),
    lastSyncError: text('last_sync_error'),
  },
  (table) => [index('integrations_account_idx').on(table.accountId)],
);

/** An OAuth authorization in flight: the `state` sent back by the provider, and the sealed PKCE verifier. */
export const integrationAuthorizations = pgTable('integration_authorizations', {
  state: text('state').primaryKey(),
  accountId: uuid('account_id').notNull(),
  provider: text('provider').notNull(),
  codeVerifierSealed: text('code_verifier_sealed').notNull(),
  startedBy: text('started_by').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** Which repositories (GitHub) or teams (Linear) of a connection count for which product. */
export const integrationScopes = pgTable(
  'integration_scopes',
  {
    integrationId: uuid('integration_id').notNull(),
    accountId: uuid('account_id').notNull(),
    /** Foreign key to products(id), ON DELETE CASCADE, declared in the migration. */
    productId: uuid('product_id').notNull(),
    resourceId: text('resource_id').notNull(),
    resourceName: text('resource_name').notNull(),
  },
  (table) => [primaryKey({ columns: [table.integrationId, table.productId, table.resourceId] })],
);
