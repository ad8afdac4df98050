import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ROLES } from '../../vocabulary/roles.ts';

/**
 * An account is a tenant: an identity-provider organisation, or a person's
 * personal account. `externalKey` is 'org:<org id>' or 'user:<sub>'.
 */
export const accounts = pgTable('accounts', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  externalKey: text('external_key').notNull().unique(),
  kind: text('kind', { enum: ['organization', 'personal'] }).notNull(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Team memberships, mirrored from the identity provider's claims on each request. */
export const memberships = pgTable(
  'memberships',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Joined by accepting an invitation (migration 0024): a session naming no organisation acts here. */
    byInvitation: boolean('by_invitation').notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.userId] })],
);

/**
 * Invitations by email (migration 0024). Only the SHA-256 of the link's
 * token is kept. Pending while not accepted, not revoked and not expired;
 * the row stays after, so an old link can say what became of it.
 */
export const invitations = pgTable('invitations', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  role: text('role', { enum: ['admin', 'member'] }).notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  invitedByUserId: text('invited_by_user_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
  acceptedByUserId: text('accepted_by_user_id'),
  revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
});

/**
 * People removed from an account (migration 0019): refused on every request,
 * whatever the identity provider's claims say, until invited again.
 */
export const removedMembers = pgTable(
  'removed_members',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }).notNull(),
    removedByUserId: text('removed_by_user_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.userId] })],
);

/**
 * The audit log outlives the accounts it speaks of (an erasure must leave its
 * own record), so account_id here is deliberately not a foreign key.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    accountId: uuid('account_id').notNull(),
    actorUserId: text('actor_user_id').notNull(),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('audit_log_account_idx').on(table.accountId, table.createdAt)],
);

/**
 * Identities whose account was erased. Their credentials must not silently
 * re-create the account. The key is a keyed hash of the identity
 * ('sha256:<hex>', see identityHash in account-service.ts), never the
 * identifier in clear; the row holds nothing else but the time.
 */
export const erasedIdentities = pgTable('erased_identities', {
  externalKey: text('external_key').primaryKey(),
  erasedAt: timestamp('erased_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** The secret that tombstone hashes are keyed with: one row, made by migration 0006. */
export const erasureKeys = pgTable('erasure_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
});
