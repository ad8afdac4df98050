/**
 * Migration 0006 on a database that erased accounts before it: tombstones and
 * account_deleted audit entries kept the identity in clear; after it they
 * hold the keyed hash the service computes, so a returning identity is still
 * recognised and nothing readable is left.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/harness.ts';

const MIGRATIONS = path.join(import.meta.dirname, '../../db/migrations');
const SCHEMA = `tombstones_${crypto.randomBytes(4).toString('hex')}`;
const ERASED_ACCOUNT = '00000000-0000-4000-8000-000000000009';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe('migration 0006 on a database with clear tombstones', () => {
  it('hashes the tombstone and the audit entry with the key the service uses, leaving no identifier in clear', async () => {
    const state = await database.handle.rawTransaction(async (raw) => {
      await raw.exec(`CREATE SCHEMA ${SCHEMA}; SET LOCAL search_path TO ${SCHEMA}`);
      await raw.exec('CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
      const files = fs
        .readdirSync(MIGRATIONS)
        .filter((name) => name.endsWith('.sql'))
        .sort();
      for (const name of files.filter((f) => f < '0006')) await raw.exec(fs.readFileSync(path.join(MIGRATIONS, name), 'utf8'));
      await raw.exec(`
        INSERT INTO erased_identities (external_key) VALUES ('user:alice_sub');
        INSERT INTO audit_log (account_id, actor_user_id, action, details)
          VALUES ('${ERASED_ACCOUNT}', 'alice_sub', 'account_deleted', '{"externalKey": "user:alice_sub", "at": "2026-01-01T00:00:00.000Z"}');`);
      await raw.exec(fs.readFileSync(path.join(MIGRATIONS, '0006_keyed_tombstones.sql'), 'utf8'));
      const expected = await raw.query<{ identity: string; actor: string }>(`
        SELECT 'sha256:' || encode(sha256(convert_to((SELECT secret FROM erasure_keys WHERE name = 'tombstone') || ':user:alice_sub', 'UTF8')), 'hex') AS identity,
               'sha256:' || encode(sha256(convert_to((SELECT secret FROM erasure_keys WHERE name = 'tombstone') || ':user:alice_sub', 'UTF8')), 'hex') AS actor`);
      const tombstones = await raw.query<{ external_key: string }>('SELECT external_key FROM erased_identities');
      const audit = await raw.query<{ actor_user_id: string; details: unknown }>(
        "SELECT actor_user_id, details FROM audit_log WHERE action = 'account_deleted'",
      );
      return { expected: expected[0]!, tombstones, audit };
    });
    expect(state.tombstones).toEqual([{ external_key: state.expected.identity }]);
    expect(state.audit).toEqual([{ actor_user_id: state.expected.actor, details: { identity: state.expected.identity, at: '2026-01-01T00:00:00.000Z' } }]);
    expect(JSON.stringify(state)).not.toContain('alice_sub');
  });
});
