/**
 * Every table of the service, gathered here, beside the composition root,
 * from the tables each module owns. A module reads and writes only its own
 * tables; others go through its service. The running service needs no
 * gathered schema (each query names its module's tables); the migration
 * check (database-schema.db.test.ts) and tests that inspect rows use it.
 */
export * from './modules/accounts/tables.ts';
export * from './modules/billing/tables.ts';
export * from './modules/integrations/tables.ts';
export * from './modules/tribal-notes/tables.ts';
export * from './modules/signals/tables.ts';
export * from './modules/webhooks/tables.ts';
export * from './modules/products/tables.ts';
export * from './modules/scoring/tables.ts';
export * from './queue/tables.ts';
export * from './modules/metering/tables.ts';
export * from './modules/api-keys/tables.ts';
export * from './modules/idempotency/tables.ts';
export * from './modules/onboarding/tables.ts';
export * from './modules/email-preferences/tables.ts';
export * from './modules/feedback/tables.ts';
export * from './modules/lifecycle-mail/tables.ts';
export * from './modules/coach/tables.ts';
export * from './modules/outcomes/tables.ts';
export * from './modules/anomalies/tables.ts';
export * from './modules/moves/tables.ts';
