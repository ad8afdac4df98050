/**
 * Seats go to owners and admins first, then to members in the order they
 * joined, exactly, also under concurrency; products are checked when they are
 * created.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { accountIdOf, subscribe } from '../../../test/fakes/payment-webhook-client.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function join(sub: string, account: string) {
  return t.app.inject({ method: 'GET', url: '/api/account', headers: await t.authHeaders({ sub, account, role: 'member' }) });
}

describe('seats', () => {
  it("refuses a Free organisation's second member with 402 PLAN_LIMIT_REACHED, and keeps the first one working", async () => {
    const owner = await t.authHeaders({ sub: 'seat_owner', account: 'org_seat_free', role: 'owner' });
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: owner })).statusCode).toBe(200);
    const second = await join('seat_second', 'org_seat_free');
    expect(second.statusCode).toBe(402);
    expect(second.json()).toEqual({
      error: {
        code: 'PLAN_LIMIT_REACHED',
        message: 'The Free plan allows 1 seat, and all are taken.',
        action: 'Ask an owner to upgrade to Pro, or to free a seat by removing a member.',
        retryable: false,
      },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: owner })).statusCode).toBe(200);
  });

  it('admits exactly the seats a Pro plan has when new members arrive all at once, and the same ones afterwards', async () => {
    const accountId = await accountIdOf(t, { sub: 'seat_pro_owner', account: 'org_seat_pro', role: 'owner' });
    await subscribe(t, accountId, 'pro');
    const subs = Array.from({ length: 8 }, (_, i) => `seat_pro_${i}`);
    const arrivals = await Promise.all(subs.map((sub) => join(sub, 'org_seat_pro')));
    const admitted = subs.filter((_, i) => arrivals[i]!.statusCode === 200);
    expect(admitted).toHaveLength(2);
    expect(arrivals.filter((r) => r.statusCode === 402)).toHaveLength(6);
    // Everyone is recorded; the seats stay with the same two on every later request.
    const members = rowsOf<{ n: number }>(await t.database.db.execute(sql`SELECT count(*)::int AS n FROM memberships WHERE account_id = ${accountId}`));
    expect(members[0]!.n).toBe(9);
    const again = await Promise.all(subs.map((sub) => join(sub, 'org_seat_pro')));
    expect(subs.filter((_, i) => again[i]!.statusCode === 200)).toEqual(admitted);
    expect((await t.services.usageReports.forAccount(accountId)).seats).toEqual({ limit: 3, used: 9, remaining: 0 });
  });

  it('keeps the owner in on Free when a member signed in first; the member waits for a seat, and gets it when the owner upgrades', async () => {
    const early = await join('early_member', 'org_owner_last');
    expect(early.statusCode).toBe(200);
    const owner = await t.authHeaders({ sub: 'late_owner', account: 'org_owner_last', role: 'owner' });
    for (const [method, url] of [
      ['GET', '/api/account'],
      ['GET', '/api/account/members'],
      ['GET', '/api/usage'],
    ] as const) {
      expect((await t.app.inject({ method, url, headers: owner })).statusCode, url).toBe(200);
    }
    const checkout = await t.app.inject({ method: 'POST', url: '/api/payment/checkout', headers: owner, payload: { plan: 'pro' } });
    expect(checkout.statusCode).toBe(200);
    const refused = await join('early_member', 'org_owner_last');
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error.code).toBe('PLAN_LIMIT_REACHED');
    const members = (await t.app.inject({ method: 'GET', url: '/api/account/members', headers: owner })).json().members;
    expect(members.map((m: { userId: string; holdsSeat: boolean }) => [m.userId, m.holdsSeat])).toEqual([
      ['late_owner', true],
      ['early_member', false],
    ]);
    await subscribe(t, await accountIdOf(t, { sub: 'late_owner', account: 'org_owner_last', role: 'owner' }), 'pro');
    expect((await join('early_member', 'org_owner_last')).statusCode).toBe(200);
  });

  it('lets an admin free a seat by removing a member, and never removes an owner', async () => {
    const owner = await t.authHeaders({ sub: 'free_owner', account: 'org_free_seat', role: 'owner' });
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: owner })).statusCode).toBe(200);
    const admin = await t.authHeaders({ sub: 'free_admin', account: 'org_free_seat', role: 'admin' });
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: admin })).statusCode).toBe(200);
    expect((await join('waiting_member', 'org_free_seat')).statusCode).toBe(402);
    const removeOwner = await t.app.inject({ method: 'DELETE', url: '/api/account/members/free_owner', headers: admin });
    expect(removeOwner.statusCode).toBe(403);
    const removeMember = await t.app.inject({ method: 'DELETE', url: '/api/account/members/waiting_member', headers: admin });
    expect(removeMember.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: owner })).statusCode).toBe(200);
  });

  it('gives Enterprise unlimited seats unless a seat count was negotiated', async () => {
    const accountId = await accountIdOf(t, { sub: 'seat_ent_owner', account: 'org_seat_ent', role: 'owner' });
    await subscribe(t, accountId, 'enterprise');
    for (let i = 0; i < 4; i++) expect((await join(`seat_ent_${i}`, 'org_seat_ent')).statusCode).toBe(200);
    await t.database.db.execute(sql`UPDATE billing_accounts SET seat_limit = 5 WHERE account_id = ${accountId}`);
    expect((await join('seat_ent_extra', 'org_seat_ent')).statusCode).toBe(402);
    // Six people in the team for five seats: the usage report counts the team.
    expect((await t.services.usageReports.forAccount(accountId)).seats).toEqual({ limit: 5, used: 6, remaining: 0 });
  });
});

describe('products', () => {
  async function createProducts(sub: string, names: string[]) {
    const headers = await t.authHeaders({ sub });
    return Promise.all(names.map((name) => t.app.inject({ method: 'POST', url: '/api/products', headers, payload: { name, url: 'https://example.com' } })));
  }

  it('lets exactly as many products be created through POST /api/products as the plan allows, whatever the concurrency', async () => {
    const accountId = await accountIdOf(t, { sub: 'product_owner' });
    const attempts = await createProducts(
      'product_owner',
      Array.from({ length: 6 }, (_, i) => `Product ${i}`),
    );
    expect(attempts.map((r) => r.statusCode).sort()).toEqual([201, 402, 402, 402, 402, 402]);
    expect(attempts.find((r) => r.statusCode === 402)!.json()).toEqual({
      error: {
        code: 'PLAN_LIMIT_REACHED',
        message: 'The Free plan allows 1 product, and all are in use.',
        action: 'Upgrade to Pro or delete a product you no longer track.',
        retryable: false,
      },
    });
    expect((await t.services.usageReports.forAccount(accountId)).products).toEqual({ limit: 1, used: 1, remaining: 0 });

    await subscribe(t, accountId, 'pro');
    const more = await createProducts(
      'product_owner',
      Array.from({ length: 8 }, (_, i) => `More ${i}`),
    );
    expect(more.filter((r) => r.statusCode === 201)).toHaveLength(4);
    expect(more.filter((r) => r.statusCode === 402)).toHaveLength(4);
    expect((await t.services.usageReports.forAccount(accountId)).products).toEqual({ limit: 5, used: 5, remaining: 0 });
  });
});
