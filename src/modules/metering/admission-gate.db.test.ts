/**
 * The admission gate for score and chat, driven the way the score and chat
 * routes drive it: the service directly, with its refusals answered as the
 * routes answer them, and through a tiny Fastify route for the client
 * address (socket, X-Forwarded-For, TRUST_PROXY through Fastify's trustProxy).
 */
import { setTimeout as delay } from 'node:timers/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock.ts';
import { rowsOf } from '../../db/client.ts';
import type { Principal } from '../../http/app-types.ts';
import { errorBody } from '../../http/errors.ts';
import { AccountErasedError } from '../../vocabulary/account-erased.ts';
import { clientAddressOf, trustProxyOption } from '../limits/client-address.ts';
import type { CountingStore } from '../limits/counting-store.ts';
import { stoppedRedisUrl, TEST_REDIS_URL } from '../../../test/fakes/redis.ts';
import { accountIdOf, buyPack, subscribe } from '../../../test/fakes/payment-webhook-client.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import type { Admission, AdmissionGate } from './admission-gate.ts';
import { rateLimitHeaders, refusalError } from './api/refusal-responses.ts';

const clock = new ManualClock('2026-07-01T00:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

function principal(accountId: string, userId: string): Principal {
  return { userId, accountId, role: 'owner', email: null, method: 'bearer', apiKeyId: null };
}

async function admitMany(count: number, request: Parameters<AdmissionGate['admit']>[0], gate = t.services.admissionGate): Promise<Admission[]> {
  const admissions: Admission[] = [];
  for (let i = 0; i < count; i++) admissions.push(await gate.admit(request));
  return admissions;
}

/** A refusal as the routes answer it. */
function refusal(admission: Admission) {
  if (admission.ok) throw new Error('expected a refusal');
  const error = refusalError(admission);
  return { status: error.status, body: errorBody(error), headers: error.headers };
}

/** The RateLimit fields an admitted request answers with. */
function admittedHeaders(admission: Admission | undefined) {
  return admission?.ok && rateLimitHeaders(admission.rateLimit);
}

async function usedCredits(accountId: string): Promise<number> {
  return (await t.services.usageReports.forAccount(accountId)).credits.used;
}

describe('per-action rate limits (signed-in callers)', () => {
  it('admits the 5th score request in a window, refuses the 6th with 429 and Retry-After 60, and admits again once the window slides', async () => {
    const accountId = await accountIdOf(t, { sub: 'gate_window' });
    await subscribe(t, accountId, 'business', clock.now());
    const request = { action: 'score' as const, principal: principal(accountId, 'gate_window'), clientAddress: null };
    const admissions = await admitMany(6, request);
    expect(admissions.map((a) => a.ok)).toEqual([true, true, true, true, true, false]);
    expect(admittedHeaders(admissions[4])).toEqual({ 'RateLimit-Policy': '"score";q=5;w=60', RateLimit: '"score";r=0;t=60' });
    expect(refusal(admissions[5]!)).toEqual({
      status: 429,
      body: {
        error: {
          code: 'SCORING_RATE_LIMITED',
          message: 'Too many score requests: the limit is 5 per 60 seconds.',
          action: 'Wait 60 seconds before retrying.',
          retryable: true,
        },
      },
      headers: { 'RateLimit-Policy': '"score";q=5;w=60', RateLimit: '"score";r=0;t=60', 'Retry-After': '60' },
    });
    // The refused request reserved nothing.
    expect(await usedCredits(accountId)).toBe(50);

    clock.advance(59_999);
    expect((await t.services.admissionGate.admit(request)).ok).toBe(false);
    clock.advance(60_000);
    expect((await t.services.admissionGate.admit(request)).ok).toBe(true);
  });

  it('limits chat to 30 per 60 s per user', async () => {
    const accountId = await accountIdOf(t, { sub: 'gate_chat' });
    await subscribe(t, accountId, 'business', clock.now());
    const admissions = await admitMany(31, { action: 'chat', principal: principal(accountId, 'gate_chat'), clientAddress: null });
    expect(admissions.filter((a) => a.ok)).toHaveLength(30);
    expect(refusal(admissions[30]!).headers['Retry-After']).toBe('60');
    expect(refusal(admissions[30]!).headers.RateLimit).toBe('"chat";r=0;t=60');
  });

  it('checks the rate limit before the quota, and counts every request, refused or not', async () => {
    const accountId = await accountIdOf(t, { sub: 'gate_order' });
    const request = { action: 'score' as const, principal: principal(accountId, 'gate_order'), clientAddress: null };
    const admissions = await admitMany(6, request);
    // Free: 3 scores, then the quota refuses; the 6th request is refused by the rate limit, not the quota.
    expect(admissions.map((a) => (a.ok ? 200 : refusalError(a).status))).toEqual([200, 200, 200, 402, 402, 429]);
    // Quota refusals carry the rate-limit fields too.
    expect(refusal(admissions[3]!).headers).toEqual({ 'RateLimit-Policy': '"score";q=5;w=60', RateLimit: '"score";r=1;t=60' });
  });

  it('answers the 4th Free score with 402 PLAN_LIMIT_REACHED telling when the allowance resets', async () => {
    const accountId = await accountIdOf(t, { sub: 'gate_free' });
    const { period } = await t.services.billing.entitlementOf(accountId);
    const admissions = await admitMany(4, { action: 'score', principal: principal(accountId, 'gate_free'), clientAddress: null });
    expect(admissions.map((a) => a.ok)).toEqual([true, true, true, false]);
    expect(refusal(admissions[3]!).body).toEqual({
      error: {
        code: 'PLAN_LIMIT_REACHED',
        message: 'The Free plan allows 3 scores per billing period, and all are used.',
        action: `Upgrade to Pro or wait until the allowance resets at ${period.end.toISOString()}.`,
        retryable: false,
      },
    });
  });

  it('lets API-key calls skip the per-action limit and tells them the monthly API-call quota instead', async () => {
    const accountId = await accountIdOf(t, { sub: 'gate_api' });
    await subscribe(t, accountId, 'business', clock.now());
    const created = await t.services.apiKeys.create(accountId, 'gate', 'gate_api');
    if (!created.ok) throw refusalError(created);
    const admissions: Admission[] = [];
    for (let i = 0; i < 8; i++) {
      // Each request authenticates (counting one API call), then passes the gate with the principal it got.
      const authenticated = await t.services.apiKeys.authenticate(created.key.key);
      if (!authenticated.ok) throw new Error('the key did not authenticate');
      admissions.push(await t.services.admissionGate.admit({ action: 'score', principal: authenticated.principal, clientAddress: null }));
    }
    expect(admissions.every((a) => a.ok)).toBe(true);
    const { period } = await t.services.billing.entitlementOf(accountId);
    const windowSeconds = (period.end.getTime() - period.start.getTime()) / 1000;
    const secondsLeft = Math.ceil((period.end.getTime() - clock.now().getTime()) / 1000);
    expect(admittedHeaders(admissions[7])).toEqual({
      'RateLimit-Policy': `"api-calls";q=25000;w=${windowSeconds}`,
      RateLimit: `"api-calls";r=24992;t=${secondsLeft}`,
    });
    expect((await t.services.usageReports.forAccount(accountId)).scores.used).toBe(8);
  });

  it('refuses a score the cycle cannot cover while no pack is left, and admits it from a pack once one is bought', async () => {
    const accountId = await accountIdOf(t, { sub: 'gate_pack' });
    await subscribe(t, accountId, 'pro', clock.now());
    const { period } = await t.services.billing.entitlementOf(accountId);
    await t.database.db.execute(
      sql`INSERT INTO usage_counters (account_id, period_start, credits_used, scores_used) VALUES (${accountId}, ${period.start.toISOString()}, 1000, 100)`,
    );
    const request = { action: 'score' as const, principal: principal(accountId, 'gate_pack'), clientAddress: null };
    expect(refusal(await t.services.admissionGate.admit(request)).body.error).toMatchObject({
      code: 'PLAN_LIMIT_REACHED',
      message: 'The Pro plan allows 100 scores per billing period, and all are used.',
    });
    await buyPack(t, accountId, 'small', clock.now());
    expect((await t.services.admissionGate.admit(request)).ok).toBe(true);
    expect((await t.services.usageReports.forAccount(accountId)).scores).toMatchObject({ used: 100, packBalance: 19 });
  });
});

describe('an account without a billing record', () => {
  it('is refused as deleted (404 ACCOUNT_DELETED), never counted in a period that starts anew on every call', async () => {
    const accountId = await accountIdOf(t, { sub: 'gate_no_record' });
    // Only erasure removes the record (migration 0003 gave older accounts one); here it goes while the account stays.
    await t.database.db.execute(sql`DELETE FROM billing_accounts WHERE account_id = ${accountId}`);
    const usage = await t.app.inject({ method: 'GET', url: '/api/usage', headers: await t.authHeaders({ sub: 'gate_no_record' }) });
    expect(usage.statusCode).toBe(404);
    expect(usage.json()).toMatchObject({ code: 'ACCOUNT_DELETED' });
    // Thrown as AccountErasedError, which the error handler answers as the 404 ACCOUNT_DELETED above.
    await expect(
      t.services.admissionGate.admit({ action: 'score', principal: principal(accountId, 'gate_no_record'), clientAddress: null }),
    ).rejects.toBeInstanceOf(AccountErasedError);
    const counted = rowsOf<{ n: number }>(await t.database.db.execute(sql`SELECT count(*)::int AS n FROM usage_counters WHERE account_id = ${accountId}`));
    expect(counted[0]!.n).toBe(0);
  });
});

describe('the anonymous cap, through a route', () => {
  let route: FastifyInstance;

  /** The gate as the score routes use it, behind Fastify configured from TRUST_PROXY as the app is. */
  function anonymousScoreRoute(gate: AdmissionGate, trustedProxies: string[]): FastifyInstance {
    const app = Fastify({ trustProxy: trustProxyOption(trustedProxies) });
    app.post('/api/try-score', async (request, reply) => {
      const admission = await gate.admit({ action: 'score', principal: null, clientAddress: clientAddressOf(request) });
      if (!admission.ok) {
        const error = refusalError(admission);
        return reply.code(error.status).headers(error.headers).send(errorBody(error));
      }
      return reply.headers(rateLimitHeaders(admission.rateLimit)).send({ admitted: true });
    });
    return app;
  }
  const from = (app: FastifyInstance, remoteAddress: string, forwardedFor?: string) =>
    app.inject({ method: 'POST', url: '/api/try-score', remoteAddress, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} });

  beforeAll(() => {
    route = anonymousScoreRoute(t.services.admissionGate, t.config.trustProxy);
  });
  afterAll(() => route.close());

  it('admits one anonymous score per address per hour and tells the real wait; a spoofed X-Forwarded-For changes nothing', async () => {
    const first = await from(route, '203.0.113.7');
    expect(first.statusCode).toBe(200);
    expect(first.headers['ratelimit-policy']).toBe('"anonymous-score";q=1;w=3600');

    clock.advance(1_000_000);
    const second = await from(route, '203.0.113.7');
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBe('2600');
    expect(second.json()).toEqual({
      error: {
        code: 'SCORING_RATE_LIMITED',
        message: 'Anonymous scoring is limited to 1 score per address per hour.',
        action: 'Sign in for more scores, or retry in 2600 seconds.',
        retryable: true,
      },
    });
    expect((await from(route, '203.0.113.7', '198.51.100.1')).statusCode).toBe(429);
    expect((await from(route, '203.0.113.8')).statusCode).toBe(200);

    clock.advance(2_600_000);
    expect((await from(route, '203.0.113.7')).statusCode).toBe(200);
  });

  it('keys IPv6 clients by their /64', async () => {
    expect((await from(route, '2001:db8:7:7::1')).statusCode).toBe(200);
    expect((await from(route, '2001:db8:7:7:ffff::2')).statusCode).toBe(429);
    expect((await from(route, '2001:db8:7:8::1')).statusCode).toBe(200);
  });

  it('believes X-Forwarded-For only from a proxy TRUST_PROXY names', async () => {
    const behindProxy = await startTestApp({ clock, env: { TRUST_PROXY: '10.0.0.0/8' } });
    const proxied = anonymousScoreRoute(behindProxy.services.admissionGate, behindProxy.config.trustProxy);
    try {
      expect((await from(proxied, '10.0.0.5', '198.51.100.20')).statusCode).toBe(200);
      expect((await from(proxied, '10.0.0.6', '198.51.100.21')).statusCode).toBe(200);
      expect((await from(proxied, '10.0.0.6', '198.51.100.20')).statusCode).toBe(429);
      // Not from the proxy: the header is the client's own claim and is ignored.
      expect((await from(proxied, '203.0.113.50', '198.51.100.30')).statusCode).toBe(200);
      expect((await from(proxied, '203.0.113.50', '198.51.100.31')).statusCode).toBe(429);
      // The app itself, through its own trustProxy: the gate counts an anonymous score before the address is checked,
      // so an unscorable address (400) still spends the client's one score of the hour.
      const tryScore = (remoteAddress: string, forwardedFor: string) =>
        behindProxy.app.inject({
          method: 'POST',
          url: '/api/try-score',
          remoteAddress,
          headers: { 'x-forwarded-for': forwardedFor },
          payload: { url: 'http://127.0.0.1/' },
        });
      expect((await tryScore('10.0.0.7', '198.51.100.40')).statusCode).toBe(400);
      expect((await tryScore('10.0.0.8', '198.51.100.40')).statusCode).toBe(429);
      expect((await tryScore('10.0.0.8', '198.51.100.41')).statusCode).toBe(400);
      expect((await tryScore('203.0.113.51', '198.51.100.42')).statusCode).toBe(400);
      expect((await tryScore('203.0.113.51', '198.51.100.43')).statusCode).toBe(429);
    } finally {
      await proxied.close();
      await behindProxy.close();
    }
  });
});

describe('the counting store failing', () => {
  const brokenStore: CountingStore = {
    kind: 'redis',
    hit: async () => {
      throw new Error('connection reset');
    },
    ping: async () => false,
    close: async () => {},
  };

  it('fails closed with 429 and Retry-After 60, reserving nothing', async () => {
    const broken = await startTestApp({ clock, countingStore: brokenStore });
    try {
      const accountId = await accountIdOf(broken, { sub: 'gate_broken' });
      const admission = await broken.services.admissionGate.admit({ action: 'score', principal: principal(accountId, 'gate_broken'), clientAddress: null });
      expect(refusal(admission)).toMatchObject({
        status: 429,
        body: { error: { code: 'SCORING_RATE_LIMITED', action: 'Retry in 60 seconds.', retryable: true } },
        headers: { 'Retry-After': '60' },
      });
      const anonymous = await broken.services.admissionGate.admit({ action: 'score', principal: null, clientAddress: '203.0.113.99' });
      expect(refusal(anonymous).headers['Retry-After']).toBe('60');
      const rows = rowsOf<{ n: number }>(await broken.database.db.execute(sql`SELECT count(*)::int AS n FROM usage_ledger WHERE account_id = ${accountId}`));
      expect(rows[0]!.n).toBe(0);
      const ready = await broken.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'degraded', jobs: 'ok' } });
    } finally {
      await broken.close();
    }
  });

  it('starts with an unreachable Redis, stays ready (degraded), serves ungated routes and fails the gate closed', async () => {
    const app = await startTestApp({ clock, env: { REDIS_URL: await stoppedRedisUrl(), RATE_LIMIT_STORE_TIMEOUT_MS: '50' } });
    try {
      const ready = await app.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'degraded', jobs: 'ok' } });
      const usage = await app.app.inject({ method: 'GET', url: '/api/usage', headers: await app.authHeaders({ sub: 'gate_no_redis' }) });
      expect(usage.statusCode).toBe(200);
      const accountId = await accountIdOf(app, { sub: 'gate_no_redis' });
      const admission = await app.services.admissionGate.admit({ action: 'chat', principal: principal(accountId, 'gate_no_redis'), clientAddress: null });
      expect(refusal(admission)).toMatchObject({ status: 429, headers: { 'Retry-After': '60' } });
    } finally {
      await app.close();
    }
  });

  it.skipIf(TEST_REDIS_URL === null)('uses Redis when REDIS_URL is set and reports it ready', async () => {
    const app = await startTestApp({ clock, env: { REDIS_URL: TEST_REDIS_URL! } });
    try {
      const deadline = Date.now() + 3000;
      let ready = await app.app.inject({ method: 'GET', url: '/readyz' });
      // The store connects in the background; give the connection a moment between probes.
      while (ready.json().checks.redis !== 'ok' && Date.now() < deadline) {
        await delay(20);
        ready = await app.app.inject({ method: 'GET', url: '/readyz' });
      }
      expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok', jobs: 'ok' } });
      const accountId = await accountIdOf(app, { sub: `gate_redis_${Date.now()}` });
      const admissions = await admitMany(
        6,
        { action: 'score', principal: principal(accountId, `gate_redis_${accountId}`), clientAddress: null },
        app.services.admissionGate,
      );
      expect(admissions.map((a) => (a.ok ? 200 : refusalError(a).status))).toEqual([200, 200, 200, 402, 402, 429]);
    } finally {
      await app.close();
    }
  });
});
