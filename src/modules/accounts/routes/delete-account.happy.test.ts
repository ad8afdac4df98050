import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../clock.ts';
import { rowsOf } from '../../../db/client.ts';
import { rowsOfAccount, seedAccountData, tablesWithAccountColumn } from '../../../../test/account-data.ts';
import { startFakeRevocationServer, type FakeRevocationServer } from '../../../../test/fakes/oauth-revocation.ts';
import { startFakeStripe, type FakeStripe } from '../../../../test/fakes/stripe-api.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';

let t: TestApp;
let stripe: FakeStripe;
let revocation: FakeRevocationServer;
const clock = new ManualClock(new Date());

beforeAll(async () => {
  stripe = await startFakeStripe();
  revocation = await startFakeRevocationServer();
  t = await startTestApp({
    clock,
    env: { STRIPE_SECRET_KEY: 'sk_test_local', STRIPE_API_BASE: stripe.url, PAYMENT_WEBHOOK_SECRET: 'whsec_test' },
  });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
  await revocation.close();
});

async function accountIdOf(headers: Record<string, string>): Promise<string> {
  return (await t.app.inject({ method: 'GET', url: '/api/account', headers })).json().id;
}

describe('DELETE /api/account/delete', () => {
  it('erases every account-owned row in one go, keeps the audit entry, and carries out the external side effects after the commit, through an outage', async () => {
    const owner = await t.authHeaders({ sub: 'del_owner', account: 'org_delete', role: 'owner' });
    const accountId = await accountIdOf(owner);
    await accountIdOf(await t.authHeaders({ sub: 'del_member', account: 'org_delete', role: 'member' }));
    await seedAccountData(t, accountId, { subscriptionId: 'sub_delete_1', revocationEndpoint: revocation.endpoint });
    // A bystander account must be untouched.
    const bystander = await t.authHeaders({ sub: 'bystander', account: 'org_bystander', role: 'owner' });
    const bystanderId = await accountIdOf(bystander);
    await seedAccountData(t, bystanderId);
    const bystanderBefore = await rowsOfAccount(t, bystanderId);

    const before = await rowsOfAccount(t, accountId);
    for (const table of ['memberships', 'billing_accounts', 'products', 'scoring_results', 'integrations', 'tribal_notes', 'outgoing_webhooks']) {
      expect(before[table], table).toBeGreaterThan(0);
    }

    // The providers are down when the erasure happens: it must not matter.
    stripe.outage();
    revocation.outage();
    const response = await t.app.inject({ method: 'DELETE', url: '/api/account/delete', headers: owner, payload: { confirmation: 'DELETE' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });

    // No row keeps the account's id, the audit log included: its entry stands under a keyed uuid (issue 24).
    const after = await rowsOfAccount(t, accountId);
    for (const [table, count] of Object.entries(after)) {
      expect(count, table).toBe(0);
    }
    const keyedId = sql`substr(encode(sha256(convert_to((SELECT secret FROM erasure_keys WHERE name = 'tombstone') || ':account:' || ${accountId}, 'UTF8')), 'hex'), 1, 32)::uuid`;
    expect(await rowsOfAccount(t, bystanderId)).toEqual(bystanderBefore);

    const audit = rowsOf<{ action: string; actor_user_id: string }>(
      await t.database.db.execute(sql`SELECT action, actor_user_id FROM audit_log WHERE account_id = ${keyedId} ORDER BY created_at`),
    );
    // The entry keeps keyed hashes only: no name, email or identifier in clear.
    expect(audit).toEqual([{ action: 'account_deleted', actor_user_id: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) }]);
    const kept = JSON.stringify(
      rowsOf(
        await t.database.db.execute(
          sql`SELECT a.*, (SELECT json_agg(e) FROM erased_identities e) AS tombstones FROM audit_log a WHERE account_id = ${keyedId}`,
        ),
      ),
    );
    for (const identifier of ['del_owner', 'org_delete', 'del_member']) expect(kept).not.toContain(identifier);
    expect(kept).toMatch(/"tombstones":\[\{"external_key":"sha256:[0-9a-f]{64}"/);

    // Nothing external happened inside the request.
    expect(stripe.requests).toHaveLength(0);
    expect(revocation.requests).toHaveLength(0);

    // First attempt: both providers fail; the messages stay queued.
    const pendingOutbox = async () =>
      rowsOf<{ name: string; state: string }>(
        await t.database.db.execute(
          sql`SELECT name, state FROM ${sql.raw(`${t.services.jobs.engine.schema}.job`)} WHERE name LIKE 'outbox.%' AND state IN ('created', 'retry', 'active') ORDER BY name`,
        ),
      );
    await t.services.jobRunner.runDue();
    expect(stripe.requests.length).toBeGreaterThan(0);
    expect(revocation.requests).toHaveLength(2);
    expect((await pendingOutbox()).map((m) => [m.name, m.state])).toEqual([
      ['outbox.billing.cancel_subscription', 'retry'],
      ['outbox.integrations.revoke_token', 'retry'],
      ['outbox.integrations.revoke_token', 'retry'],
    ]);
    // Not yet due again.
    expect((await t.services.jobRunner.runDue()).completed).toBe(0);

    // The providers recover; after the backoff the side effects complete.
    stripe.healthy();
    revocation.healthy();
    clock.advance(60_000);
    expect((await t.services.jobRunner.runDue()).completed).toBe(3);
    expect(await pendingOutbox()).toEqual([]);
    const cancellation = stripe.cancellations().at(-1)!;
    expect(cancellation.subscriptionId).toBe('sub_delete_1');
    expect(cancellation.form.get('prorate')).toBe('false');
    expect(cancellation.form.get('invoice_now')).toBe('false');
    const revoked = revocation.revocations().slice(-2);
    expect(revoked.map((r) => [r.token, r.hint])).toEqual([
      [`rt_${accountId}`, 'refresh_token'],
      [`at_${accountId}`, 'access_token'],
    ]);
    expect(revoked[0]!.authorization).toBe(`Basic ${Buffer.from('client-id:client-secret').toString('base64')}`);
    const leftover = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM ${sql.raw(`${t.services.jobs.engine.schema}.job`)} WHERE name LIKE 'outbox.%' AND state IN ('created', 'retry', 'active')`,
      ),
    );
    expect(leftover[0]!.n).toBe(0);
  });

  it('answers 404 to a repeated delete and never re-creates the account for the same credentials', async () => {
    const owner = await t.authHeaders({ sub: 'solo_owner' });
    const accountId = await accountIdOf(owner);
    const first = await t.app.inject({ method: 'DELETE', url: '/api/account/delete', headers: owner, payload: { confirmation: 'DELETE' } });
    expect(first.statusCode).toBe(200);

    const again = await t.app.inject({ method: 'DELETE', url: '/api/account/delete', headers: owner, payload: { confirmation: 'DELETE' } });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'ACCOUNT_DELETED' });

    const read = await t.app.inject({ method: 'GET', url: '/api/account', headers: owner });
    expect(read.statusCode).toBe(404);
    const count = rowsOf<{ n: number }>(await t.database.db.execute(sql`SELECT count(*)::int AS n FROM accounts WHERE external_key = 'user:solo_owner'`));
    expect(count[0]!.n).toBe(0);
    expect((await rowsOfAccount(t, accountId)).memberships).toBe(0);
  });

  it('tells an erased identity how to start over, and starts it over only when asked: a new, empty account', async () => {
    const owner = await t.authHeaders({ sub: 'restart_owner' });
    const oldId = await accountIdOf(owner);
    await t.app.inject({ method: 'POST', url: '/api/products', headers: owner, payload: { name: 'Old product', url: 'https://example.com' } });
    expect((await t.app.inject({ method: 'DELETE', url: '/api/account/delete', headers: owner, payload: { confirmation: 'DELETE' } })).statusCode).toBe(200);

    const gone = await t.app.inject({ method: 'GET', url: '/api/account', headers: owner });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().details.action).toContain('POST /api/account');
    // An open tab's reads do not bring it back.
    expect((await t.app.inject({ method: 'GET', url: '/api/products', headers: owner })).statusCode).toBe(404);

    const restarted = await t.app.inject({ method: 'POST', url: '/api/account', headers: owner });
    expect(restarted.statusCode).toBe(201);
    expect(restarted.json()).toMatchObject({ kind: 'personal', plan: 'free', role: 'owner' });
    expect(restarted.json().id).not.toBe(oldId);
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: owner })).json().id).toBe(restarted.json().id);
    expect((await t.app.inject({ method: 'GET', url: '/api/products', headers: owner })).json().products).toEqual([]);

    const twice = await t.app.inject({ method: 'POST', url: '/api/account', headers: owner });
    expect(twice.statusCode).toBe(409);
  });

  it("lets only an organisation's owner start it over", async () => {
    const owner = await t.authHeaders({ sub: 'restart_org_owner', account: 'org_restart', role: 'owner' });
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: owner })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/account/delete', headers: owner, payload: { confirmation: 'DELETE' } })).statusCode).toBe(200);
    const admin = await t.authHeaders({ sub: 'restart_org_admin', account: 'org_restart', role: 'admin' });
    expect((await t.app.inject({ method: 'POST', url: '/api/account', headers: admin })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/account', headers: owner })).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: admin })).statusCode).toBe(200);
  });

  it('links every account-owned table to accounts with ON DELETE CASCADE (the audit log and the derived peer pools exempt)', async () => {
    const tables = await tablesWithAccountColumn(t);
    expect(tables).toEqual(
      expect.arrayContaining([
        'audit_log',
        'billing_accounts',
        'integrations',
        'memberships',
        'outgoing_webhooks',
        'products',
        'scoring_results',
        'tribal_notes',
      ]),
    );
    const cascading = rowsOf<{ table_name: string }>(
      await t.database.db.execute(sql`
        SELECT rel.relname AS table_name
        FROM pg_constraint con
        JOIN pg_class rel ON rel.oid = con.conrelid
        JOIN pg_class ref ON ref.oid = con.confrelid
        JOIN pg_namespace ns ON ns.oid = rel.relnamespace
        JOIN pg_attribute att ON att.attrelid = con.conrelid AND att.attnum = ANY (con.conkey)
        WHERE con.contype = 'f' AND con.confdeltype = 'c' AND ref.relname = 'accounts'
          AND att.attname = 'account_id' AND ns.nspname = current_schema()`),
    ).map((row) => row.table_name);
    // The peer pools (migration 0030) are derived rows kept by a trigger on scoring_results: the erasure's cascade
    // over the results empties them (src/modules/scoring/peer-scores.db.test.ts checks an erasure leaves none).
    expect(tables.filter((table) => !cascading.includes(table))).toEqual(['audit_log', 'peer_account_scores', 'peer_company_scores']);
  });
});
