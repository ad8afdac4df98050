/**
 * Migration 0004 on a database that already ran 0003 with accounts in it:
 * Free cycles that 0003 anchored at its own time move to each account's
 * creation, an account that had no billing record gets one anchored the same
 * way, anchors the service gave are kept, recorded payment failures carry
 * over, and usage rows survive the dropped column.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/harness.ts';

const MIGRATIONS = path.join(import.meta.dirname, '../../db/migrations');
const migration = (name: string) => fs.readFileSync(path.join(MIGRATIONS, name), 'utf8');
const SCHEMA = `billing_backfill_${crypto.randomBytes(4).toString('hex')}`;

const EARLY = '00000000-0000-4000-8000-000000000001';
const NO_RECORD = '00000000-0000-4000-8000-000000000002';
const LATER = '00000000-0000-4000-8000-000000000003';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe('migration 0004 on a database that ran 0003 with accounts', () => {
  it('anchors what 0003 anchored at account creation, keeps given anchors, and carries failures and usage over', async () => {
    const state = await database.handle.rawTransaction(async (raw) => {
      await raw.exec(`CREATE SCHEMA ${SCHEMA}; SET LOCAL search_path TO ${SCHEMA}`);
      // As the runner does: each file, then its name, in one transaction (one now()).
      await raw.exec('CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
      const apply = async (name: string) => {
        await raw.exec(migration(name));
        await raw.exec(`INSERT INTO schema_migrations (name) VALUES ('${name}')`);
      };
      await apply('0001_foundation.sql');
      await apply('0002_scoring.sql');
      await raw.exec(`
        INSERT INTO accounts (id, external_key, kind, name, created_at) VALUES
          ('${EARLY}', 'user:early', 'personal', 'Early', '2025-01-31T08:00:00Z'),
          ('${NO_RECORD}', 'user:no_record', 'personal', 'No record', '2025-06-15T12:30:00Z');
        INSERT INTO billing_accounts (account_id) VALUES ('${EARLY}');`);
      await apply('0003_billing.sql');
      // Made by the service after 0003: its anchor was given, not defaulted.
      await raw.exec(`
        INSERT INTO accounts (id, external_key, kind, name, created_at) VALUES ('${LATER}', 'user:later', 'personal', 'Later', '2025-08-01T09:00:00Z');
        INSERT INTO billing_accounts (account_id, cycle_anchor) VALUES ('${LATER}', '2025-08-01T09:00:01Z');
        INSERT INTO billing_subscriptions (subscription_id, account_id, plan, last_payment_failed_at) VALUES ('sub_1', '${LATER}', 'pro', '2025-09-01T00:00:00Z');
        INSERT INTO usage_counters (account_id, period_start, period_end, credits_used) VALUES ('${LATER}', '2025-08-01T09:00:01Z', '2025-09-01T09:00:01Z', 7);`);
      await apply('0004_billing_hardening.sql');

      const anchors = await raw.query<{ account_id: string; cycle_anchor: Date | string }>(
        'SELECT account_id, cycle_anchor FROM billing_accounts ORDER BY account_id',
      );
      const failures = await raw.query<{ subscription_id: string; failed_at: Date | string }>(
        'SELECT subscription_id, failed_at FROM billing_payment_failures',
      );
      const usage = await raw.query<{ credits_used: number }>('SELECT credits_used FROM usage_counters');
      let defaultedAnchor: unknown = null;
      await raw.exec('SAVEPOINT no_default');
      try {
        await raw.exec(`INSERT INTO accounts (id, external_key, kind, name) VALUES ('00000000-0000-4000-8000-000000000004', 'user:x', 'personal', 'X');
          INSERT INTO billing_accounts (account_id) VALUES ('00000000-0000-4000-8000-000000000004')`);
      } catch (error) {
        defaultedAnchor = error;
      }
      await raw.exec('ROLLBACK TO SAVEPOINT no_default');
      await raw.exec(`DROP SCHEMA ${SCHEMA} CASCADE`);
      return {
        anchors: anchors.map((row) => [row.account_id, new Date(row.cycle_anchor).toISOString()]),
        failures: failures.map((row) => [row.subscription_id, new Date(row.failed_at).toISOString()]),
        usage: usage.map((row) => row.credits_used),
        defaultedAnchor,
      };
    });
    expect(state.anchors).toEqual([
      [EARLY, '2025-01-31T08:00:00.000Z'],
      [NO_RECORD, '2025-06-15T12:30:00.000Z'],
      [LATER, '2025-08-01T09:00:01.000Z'],
    ]);
    expect(state.failures).toEqual([['sub_1', '2025-09-01T00:00:00.000Z']]);
    expect(state.usage).toEqual([7]);
    // No default any more: a billing record without its anchor is refused.
    expect(String(state.defaultedAnchor)).toMatch(/cycle_anchor/);
  });
});
