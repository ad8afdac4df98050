/** Seats and products are checked when they are created, exactly, also under concurrency. */
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
        action: 'Ask an owner to upgrade to Pro, or to remove a member.',
        retryable: false,
      },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: owner })).statusCode).toBe(200);
  });

  it('admits exactly the seats a Pro plan has when new members arrive all at once', async () => {
    const accountId = await accountIdOf(t, { sub: 'seat_pro_owner', account: 'org_seat_pro', role: 'owner' });
    await subscribe(t, accountId, 'pro');
    const arrivals = await Promise.all(Array.from({ length: 8 }, (_, i) => join(`seat_pro_${i}`, 'org_seat_pro')));
    expect(arrivals.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(arrivals.filter((r) => r.statusCode === 402)).toHaveLength(6);
    const members = rowsOf<{ n: number }>(await t.database.db.execute(sql`SELECT count(*)::int AS n FROM memberships WHERE account_id = ${accountId}`));
    expect(members[0]!.n).toBe(3);
    expect((await t.services.metering.usage(accountId)).seats).toEqual({ limit: 3, used: 3, remaining: 0 });
  });

  it('gives Enterprise unlimited seats unless a seat count was negotiated', async () => {
    const accountId = await accountIdOf(t, { sub: 'seat_ent_owner', account: 'org_seat_ent', role: 'owner' });
    await subscribe(t, accountId, 'enterprise');
    for (let i = 0; i < 4; i++) expect((await join(`seat_ent_${i}`, 'org_seat_ent')).statusCode).toBe(200);
    await t.database.db.execute(sql`UPDATE billing_accounts SET seat_limit = 5 WHERE account_id = ${accountId}`);
    expect((await join('seat_ent_extra', 'org_seat_ent')).statusCode).toBe(402);
    expect((await t.services.metering.usage(accountId)).seats).toEqual({ limit: 5, used: 5, remaining: 0 });
  });
});

describe('products', () => {
  /** What the products route will do: check and insert in one transaction. */
  async function createProduct(accountId: string, name: string) {
    return t.database.db.transaction(async (tx) => {
      const allowance = await t.services.metering.productAllowance(tx, accountId);
      if (!allowance.ok) return allowance.error;
      await tx.execute(sql`INSERT INTO products (account_id, name, url) VALUES (${accountId}, ${name}, 'https://example.test')`);
      return null;
    });
  }

  it('lets exactly as many products be created as the plan allows, whatever the concurrency', async () => {
    const accountId = await accountIdOf(t, { sub: 'product_owner' });
    const attempts = await Promise.all(Array.from({ length: 6 }, (_, i) => createProduct(accountId, `Product ${i}`)));
    expect(attempts.filter((refusal) => refusal === null)).toHaveLength(1);
    const refusal = attempts.find((r) => r !== null)!;
    expect(refusal.status).toBe(402);
    expect(refusal.code).toBe('PLAN_LIMIT_REACHED');
    expect(refusal.message).toBe('The Free plan allows 1 product, and all are in use.');
    expect((await t.services.metering.usage(accountId)).products).toEqual({ limit: 1, used: 1, remaining: 0 });

    await subscribe(t, accountId, 'pro');
    const more = await Promise.all(Array.from({ length: 8 }, (_, i) => createProduct(accountId, `More ${i}`)));
    expect(more.filter((r) => r === null)).toHaveLength(4);
    expect((await t.services.metering.usage(accountId)).products).toEqual({ limit: 5, used: 5, remaining: 0 });
  });
});
