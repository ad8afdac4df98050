/**
 * The one PostgreSQL schema, assembled from the tables each module owns.
 * A module reads and writes only its own tables; others go through its service.
 */
export * from '../modules/accounts/tables.ts';
export * from '../modules/billing/tables.ts';
export * from '../modules/integrations/tables.ts';
export * from '../modules/tribal-notes/tables.ts';
export * from '../modules/webhooks/tables.ts';
export * from '../modules/products/tables.ts';
export * from '../modules/scoring/tables.ts';
export * from '../outbox/tables.ts';
export * from '../modules/metering/tables.ts';
export * from '../modules/api-keys/tables.ts';
export * from '../modules/idempotency/tables.ts';
