import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client.ts';
import { rowsOfAccount, seedAccountData } from '../../../../test/account-data.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';

let t: TestApp;
let owner: Record<string, string>;
let accountId: string;

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.authHeaders({ sub: 'err_owner', account: 'org_del_err', role: 'owner' });
  accountId = (await t.app.inject({ method: 'GET', url: '/api/account', headers: owner })).json().id;
  await seedAccountData(t, accountId, { subscriptionId: 'sub_err' });
});
afterAll(() => t.close());

describe('DELETE /api/account/delete errors', () => {
  const MISSING = { error: 'Missing confirmation', code: 'CONFIRMATION_REQUIRED', message: 'Send {"confirmation":"DELETE"} to delete the account.' };

  for (const [label, payload] of [
    ['no body', undefined],
    ['an empty object', {}],
    ['a lower-case confirmation', { confirmation: 'delete' }],
    ['a confirmation with spaces', { confirmation: ' DELETE ' }],
    ['a non-string confirmation', { confirmation: true }],
  ] as const) {
    it(`answers 400 Missing confirmation for ${label} and deletes nothing`, async () => {
      const before = await rowsOfAccount(t, accountId);
      const response = await t.app.inject({ method: 'DELETE', url: '/api/account/delete', headers: owner, ...(payload === undefined ? {} : { payload }) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(MISSING);
      expect(await rowsOfAccount(t, accountId)).toEqual(before);
    });
  }

  it('answers 500 INTERNAL_ERROR when the cascade fails mid-flight, and leaves every row in place', async () => {
    const before = await rowsOfAccount(t, accountId);
    // An injected fault: deleting tribal notes (part-way through the cascade) raises.
    await t.database.rawTransaction((raw) =>
      raw.exec(`
        CREATE FUNCTION refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'injected fault: secret internal detail'; END $$;
        CREATE TRIGGER refuse_tribal_note_delete BEFORE DELETE ON tribal_notes FOR EACH ROW EXECUTE FUNCTION refuse_delete();`),
    );
    try {
      const response = await t.app.inject({ method: 'DELETE', url: '/api/account/delete', headers: owner, payload: { confirmation: 'DELETE' } });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ error: 'Internal server error', code: 'INTERNAL_ERROR', message: 'Something went wrong on our side.' });
      expect(response.body).not.toContain('injected');
    } finally {
      await t.database.rawTransaction((raw) => raw.exec('DROP TRIGGER refuse_tribal_note_delete ON tribal_notes; DROP FUNCTION refuse_delete();'));
    }
    expect(await rowsOfAccount(t, accountId)).toEqual(before);
    const queued = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`SELECT count(*)::int AS n FROM ${sql.raw(`${t.services.jobs.engine.schema}.job`)} WHERE name LIKE 'outbox.%'`),
    );
    expect(queued[0]!.n).toBe(0);
    const tombstones = rowsOf<{ n: number }>(await t.database.db.execute(sql`SELECT count(*)::int AS n FROM erased_identities`));
    expect(tombstones[0]!.n).toBe(0);

    // With the fault gone the same request succeeds.
    const retry = await t.app.inject({ method: 'DELETE', url: '/api/account/delete', headers: owner, payload: { confirmation: 'DELETE' } });
    expect(retry.statusCode).toBe(200);
  });
});
