import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../clock.ts';
import { invoiceObject, providerEvent, subscriptionObject } from '../../../../test/fakes/payment-events.ts';
import { accountIdOf, deliverEvent, subscribe } from '../../../../test/fakes/payment-webhook-client.ts';
import { AUTH_REQUIRED_BODY, FORBIDDEN_BODY, startTestApp, type TestApp } from '../../../../test/harness.ts';

const clock = new ManualClock(new Date());
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock, env: { PAYMENT_PRICE_IDS: 'price_business=business' } });
});
afterAll(() => t.close());

async function businessOwner(sub: string) {
  const headers = await t.authHeaders({ sub });
  const accountId = await accountIdOf(t, { sub });
  const refs = await subscribe(t, accountId, 'business', clock.now());
  const created = await t.app.inject({ method: 'POST', url: '/api/keys', headers, payload: { name: 'key' } });
  expect(created.statusCode).toBe(201);
  return { headers, accountId, refs, key: created.json() as { id: string; key: string } };
}

describe('API key isolation and refusals', () => {
  it("keeps one account's keys invisible and untouchable to another", async () => {
    const a = await businessOwner('keys_a');
    const b = await businessOwner('keys_b');
    const listB = await t.app.inject({ method: 'GET', url: '/api/keys', headers: b.headers });
    expect(listB.json().keys.map((k: { id: string }) => k.id)).toEqual([b.key.id]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/keys/${a.key.id}`, headers: b.headers })).statusCode).toBe(404);
    const stillWorks = await t.app.inject({ method: 'GET', url: '/api/account', headers: { authorization: `Bearer ${a.key.key}` } });
    expect(stillWorks.json().id).toBe(a.accountId);
  });

  it('refuses key creation below Business with 402 PLAN_LIMIT_REACHED and an upgrade action', async () => {
    for (const plan of ['free', 'pro']) {
      const sub = `keys_${plan}`;
      const accountId = await accountIdOf(t, { sub });
      if (plan !== 'free') await subscribe(t, accountId, plan, clock.now());
      const response = await t.app.inject({ method: 'POST', url: '/api/keys', headers: await t.authHeaders({ sub }), payload: { name: 'nope' } });
      expect(response.statusCode, plan).toBe(402);
      expect(response.json().error).toMatchObject({
        code: 'PLAN_LIMIT_REACHED',
        action: 'Upgrade to Business or Enterprise to create API keys.',
        retryable: false,
      });
    }
  });

  it('refuses a key with 403 once its account falls below Business, and accepts it again after a new upgrade', async () => {
    const { key, refs, accountId } = await businessOwner('keys_downgrade');
    const bearer = { authorization: `Bearer ${key.key}` };
    clock.advance(1000);
    const deleted = subscriptionObject(refs, {
      priceId: 'price_business',
      status: 'canceled',
      startedAt: clock.now(),
      period: { start: clock.now(), end: clock.now() },
    });
    await deliverEvent(t, providerEvent('customer.subscription.deleted', clock.now(), deleted), { at: clock.now() });
    const refused = await t.app.inject({ method: 'GET', url: '/api/usage', headers: bearer });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', error: FORBIDDEN_BODY.error });
    expect(refused.json().message).toMatch(/Business or Enterprise/);

    clock.advance(1000);
    await subscribe(t, accountId, 'enterprise', clock.now());
    expect((await t.app.inject({ method: 'GET', url: '/api/usage', headers: bearer })).statusCode).toBe(200);
  });

  it('refuses a key with 403 once a failed payment holds its account to Free after the grace period, and accepts it again once a payment succeeds', async () => {
    const { key, refs } = await businessOwner('keys_grace');
    const bearer = { authorization: `Bearer ${key.key}` };
    const DAY = 24 * 60 * 60 * 1000;
    const renewal = (at: Date) =>
      invoiceObject(refs, { priceId: 'price_business', period: { start: at, end: new Date(at.getTime() + 30 * DAY) }, billingReason: 'subscription_cycle' });
    const failedAt = clock.now();
    await deliverEvent(t, providerEvent('invoice.payment_failed', failedAt, renewal(failedAt)), { at: clock.now() });
    expect((await t.app.inject({ method: 'GET', url: '/api/usage', headers: bearer })).statusCode).toBe(200);

    clock.advance(t.config.payments.graceDays * DAY);
    const refused = await t.app.inject({ method: 'GET', url: '/api/usage', headers: bearer });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', error: FORBIDDEN_BODY.error });
    expect(refused.json().message).toMatch(/Business or Enterprise/);

    await deliverEvent(t, providerEvent('invoice.payment_succeeded', clock.now(), renewal(failedAt)), { at: clock.now() });
    expect((await t.app.inject({ method: 'GET', url: '/api/usage', headers: bearer })).statusCode).toBe(200);
  });

  it('refuses calls past the monthly API-call ceiling with 402 PLAN_LIMIT_REACHED and the quota fields', async () => {
    const { key, accountId } = await businessOwner('keys_ceiling');
    const { period } = await t.services.billing.entitlementOf(accountId);
    await t.database.db.execute(sql`
      INSERT INTO usage_counters (account_id, period_start, api_calls_used)
      VALUES (${accountId}, ${period.start.toISOString()}, 24999)`);
    const bearer = { authorization: `Bearer ${key.key}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/usage', headers: bearer })).statusCode).toBe(200);
    const refused = await t.app.inject({ method: 'GET', url: '/api/usage', headers: bearer });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error).toEqual({
      code: 'PLAN_LIMIT_REACHED',
      message: 'The Business plan allows 25000 API calls per billing period, and all are used.',
      action: `Upgrade to Enterprise or wait until the allowance resets at ${period.end.toISOString()}.`,
      retryable: false,
    });
    expect(refused.headers['ratelimit']).toMatch(/^"api-calls";r=0;t=\d+$/);
  });

  it('gives a key the member role: it cannot manage keys, billing or the account', async () => {
    const { key } = await businessOwner('keys_role');
    const bearer = { authorization: `Bearer ${key.key}` };
    for (const [method, url, payload] of [
      ['POST', '/api/keys', { name: 'escalate' }],
      ['GET', '/api/keys', undefined],
      ['POST', '/api/payment/checkout', { plan: 'enterprise' }],
      ['PUT', '/api/account', { name: 'Renamed' }],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: bearer, payload });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual(FORBIDDEN_BODY);
    }
  });

  it('answers 401 with the exact body for an unknown key', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/usage',
      headers: { authorization: 'Bearer msk_thisKeyWasNeverIssuedToAnyoneAtAll0000000000' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(AUTH_REQUIRED_BODY);
  });
});
