import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../clock.ts';
import { rowsOf } from '../../../db/client.ts';
import { accountIdOf, subscribe } from '../../../../test/fakes/payment-webhook-client.ts';
import { AUTH_REQUIRED_BODY, startTestApp, type TestApp } from '../../../../test/harness.ts';

const clock = new ManualClock(new Date());
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

describe('API keys on a Business account', () => {
  it('creates a key shown once, lists it without the secret, accepts it as a bearer token and refuses it once revoked', async () => {
    const admin = await t.authHeaders({ sub: 'keys_admin', account: 'org_keys', role: 'admin' });
    const accountId = await accountIdOf(t, { sub: 'keys_admin', account: 'org_keys', role: 'admin' });
    await subscribe(t, accountId, 'business', clock.now());

    const created = await t.app.inject({ method: 'POST', url: '/api/keys', headers: admin, payload: { name: '  CI pipeline ' } });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const key = created.json();
    expect(key).toMatchObject({ name: 'CI pipeline', createdAt: clock.now().toISOString() });
    expect(key.key).toMatch(/^msk_[A-Za-z0-9_-]{43}$/);
    expect(key.prefix).toBe(key.key.slice(0, 12));

    // Only a hash is stored.
    const stored = rowsOf<Record<string, unknown>>(await t.database.db.execute(sql`SELECT * FROM api_keys WHERE id = ${key.id}`))[0]!;
    expect(stored.key_hash).toBe(crypto.createHash('sha256').update(key.key).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(key.key);

    const listed = await t.app.inject({ method: 'GET', url: '/api/keys', headers: admin });
    expect(listed.json()).toEqual({ keys: [{ id: key.id, name: 'CI pipeline', prefix: key.prefix, createdAt: key.createdAt, lastUsedAt: null }] });

    const bearer = { authorization: `Bearer ${key.key}` };
    const usage = await t.app.inject({ method: 'GET', url: '/api/usage', headers: bearer });
    expect(usage.statusCode).toBe(200);
    expect(usage.json().apiCalls).toEqual({ limit: 25000, used: 1, remaining: 24999 });
    const account = await t.app.inject({ method: 'GET', url: '/api/account', headers: bearer });
    expect(account.json()).toMatchObject({ id: accountId, role: 'member' });
    expect((await t.app.inject({ method: 'GET', url: '/api/keys', headers: admin })).json().keys[0].lastUsedAt).toBe(clock.now().toISOString());

    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/keys/${key.id}`, headers: admin });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ success: true });
    const refused = await t.app.inject({ method: 'GET', url: '/api/usage', headers: bearer });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(AUTH_REQUIRED_BODY);
    expect((await t.app.inject({ method: 'GET', url: '/api/keys', headers: admin })).json()).toEqual({ keys: [] });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/keys/${key.id}`, headers: admin })).statusCode).toBe(404);
  });
});
