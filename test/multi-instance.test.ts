/**
 * Two instances of the service on two ports, sharing the real PostgreSQL and
 * Redis as two deployed instances do: each opens its own connection pool and
 * its own Redis client from its configuration. Rate limits, credits,
 * payment webhook idempotency and outbound webhook attempts hold exactly
 * across them. PostgreSQL only (embedded
 * PGlite belongs to a single process), and Redis (skipped only when
 * TEST_REDIS_URL is unset; CI sets it).
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { systemClock } from '../src/clock.ts';
import { checkoutCompleted, signatureHeader } from './fakes/payment-events.ts';
import { subscribe, subscriptionRefs } from './fakes/payment-webhook-client.ts';
import { TEST_REDIS_URL } from './fakes/redis.ts';
import { startWebhookReceiver, type WebhookReceiver } from './fakes/webhook-receiver.ts';
import { fixtureResult } from './fixtures/coach-result.ts';
import { serveSite, SITES_DIR, type ServedSite } from './fixtures/static-site.ts';
import { createTestDatabase, startTestApp, testDatabaseKind, type TestApp, type TestDatabase } from './harness.ts';

const run = `${Date.now().toString(36)}${crypto.randomBytes(3).toString('hex')}`;

/** How long an instance may take to connect to Redis before the bursts (it connects in the background). */
const REDIS_READY_DEADLINE_MS = 5_000;
const READY_POLL_MS = 20;

/** Waits until the instance's /readyz reports its Redis store ok, so no burst meets a store still connecting. */
async function untilRedisReady(app: TestApp): Promise<void> {
  const deadline = Date.now() + REDIS_READY_DEADLINE_MS;
  for (;;) {
    const ready = await app.app.inject({ method: 'GET', url: '/readyz' });
    if (ready.json().checks?.redis === 'ok') return;
    if (Date.now() > deadline) throw new Error(`Redis not ready: ${ready.body}`);
    await delay(READY_POLL_MS);
  }
}

describe.runIf(testDatabaseKind() === 'postgres' && TEST_REDIS_URL !== null)('two instances sharing PostgreSQL and Redis', () => {
  let database: TestDatabase;
  let site: ServedSite;
  let receiver: WebhookReceiver;
  let a: TestApp;
  let b: TestApp;
  let urls: [string, string];

  beforeAll(async () => {
    site = await serveSite(path.join(SITES_DIR, 'burrowly-seed'));
    receiver = await startWebhookReceiver(systemClock);
    // Migrated here; this handle only seeds and inspects. Each instance opens the schema with a pool of its own.
    database = await createTestDatabase();
    const ownDatabase = database.options!;
    const env = {
      REDIS_URL: TEST_REDIS_URL!,
      CRAWL_ALLOWLIST: new URL(site.origin).host,
      WEBHOOK_ALLOWLIST: receiver.host,
      CRAWL_MAX_ACTIVE: '50',
      CRAWL_QUEUE_LIMIT: '100',
      // These tests are about exact counts, not latency: on a loaded runner 40 requests at once waited for Redis
      // past the default 200 ms bound, and the gate, failing closed, refused them as an outage.
      RATE_LIMIT_STORE_TIMEOUT_MS: '5000',
    };
    a = await startTestApp({ ownDatabase, env });
    // The second instance shares the first's DATA_DIR key pair: one identity provider for both.
    b = await startTestApp({ ownDatabase, env: { ...env, DATA_DIR: a.config.dataDir } });
    expect(a.database).not.toBe(b.database);
    await Promise.all([untilRedisReady(a), untilRedisReady(b)]);
    urls = [await a.listen(), await b.listen()];
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await database?.drop();
    await site?.close();
    await receiver?.close();
  });

  /** Request i goes to instance i % 2. */
  const instance = (i: number) => urls[i % 2]!;

  it('holds the chat rate limit exactly: 40 concurrent messages from one user across both instances admit 30', async () => {
    const claims = { sub: `multi_chat_${run}` };
    const headers = await a.authHeaders(claims);
    const accountId = (await a.app.inject({ method: 'GET', url: '/api/account', headers })).json().id;
    await subscribe(a, accountId, 'pro');
    const body = JSON.stringify({ messages: [{ role: 'user', content: 'What are our gaps?' }], result: fixtureResult() });
    const statuses = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const response = await fetch(`${instance(i)}/api/chat`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body });
        await response.text();
        return response.status;
      }),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it('spends credits exactly: 50 concurrent scores across both instances on a balance for 7 admit 7, with zero overspend', async () => {
    const headers = await a.authHeaders({ sub: `multi_score_${run}` });
    const accountId = (await a.app.inject({ method: 'GET', url: '/api/account', headers })).json().id;
    await subscribe(a, accountId, 'business');
    // An API key: no per-action limit, so the credit pool alone decides.
    const key = (await a.app.inject({ method: 'POST', url: '/api/keys', headers, payload: { name: 'multi-instance' } })).json().key as string;
    const usage = (await a.app.inject({ method: 'GET', url: '/api/usage', headers })).json();
    const creditLimit = usage.credits.limit as number;
    await database.handle.db.execute(sql`
      INSERT INTO usage_counters (account_id, period_start, credits_used)
      VALUES (${accountId}, ${usage.periodStart}, ${creditLimit - 70})
      ON CONFLICT (account_id, period_start) DO UPDATE SET credits_used = EXCLUDED.credits_used`);

    const statuses = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const response = await fetch(`${instance(i)}/api/score`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ url: site.origin }),
        });
        await response.text();
        return response.status;
      }),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(7);
    expect(statuses.filter((s) => s === 402)).toHaveLength(43);
    const after = (await b.app.inject({ method: 'GET', url: '/api/usage', headers })).json();
    expect(after.credits.used).toBe(creditLimit);
    expect(after.scores.used).toBe(7);
    const stored = await database.handle.db.execute(sql`SELECT count(*)::int AS n FROM scoring_results WHERE account_id = ${accountId}`);
    expect(rowsOf<{ n: number }>(stored)[0]!.n).toBe(7);
  });

  it('applies a webhook event delivered to both instances at the same moment exactly once', async () => {
    const accountId = (await a.app.inject({ method: 'GET', url: '/api/account', headers: await a.authHeaders({ sub: `multi_hook_${run}` }) })).json().id;
    const event = checkoutCompleted(subscriptionRefs(accountId), 'business', new Date());
    const payload = JSON.stringify(event);
    const header = signatureHeader(payload, { secret: a.config.payments.webhookSecrets[0]! });
    const outcomes = await Promise.all(
      urls.map(async (url) => {
        const response = await fetch(`${url}/api/payment/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'payment-signature': header },
          body: payload,
        });
        expect(response.status).toBe(200);
        return ((await response.json()) as { outcome: string }).outcome;
      }),
    );
    expect(outcomes.sort()).toEqual(['applied', 'duplicate']);
    const upgraded = await database.handle.db.execute(
      sql`SELECT count(*)::int AS n FROM billing_accounts WHERE account_id = ${accountId} AND plan = 'business'`,
    );
    expect(rowsOf<{ n: number }>(upgraded)[0]!.n).toBe(1);
  });

  it('delivers each outbound webhook attempt once when both instances run their jobs at the same moment', async () => {
    const headers = await a.authHeaders({ sub: `multi_outbound_${run}`, role: 'admin' });
    const created = await fetch(`${urls[0]}/api/webhooks`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ url: receiver.url, events: ['webhook.test'] }),
    });
    expect(created.status).toBe(201);
    const endpoint = (await created.json()) as { id: string; secret: string };
    receiver.setSecrets([endpoint.secret]);
    // As many test events as the account's webhook-send window admits (10 a minute, counted in the shared Redis).
    const queued = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const response = await fetch(`${instance(i)}/api/webhooks/${endpoint.id}/test`, { method: 'POST', headers });
        expect(response.status).toBe(202);
        return ((await response.json()) as { messageId: string }).messageId;
      }),
    );

    await Promise.all([a.services.jobRunner.runDue(), b.services.jobRunner.runDue()]);
    const received = receiver.deliveries.map((delivery) => String(delivery.request.headers['webhook-id']));
    expect(received.sort()).toEqual(queued.sort());
    expect(receiver.deliveries.every((delivery) => delivery.verifiedBy.length === 1)).toBe(true);
    const log = await fetch(`${urls[1]}/api/webhooks/${endpoint.id}/deliveries`, { headers });
    const deliveries = ((await log.json()) as { deliveries: { status: string; attempts: number }[] }).deliveries;
    expect(deliveries.map((delivery) => `${delivery.status} ${delivery.attempts}`)).toEqual(Array(10).fill('delivered 1'));
  });
});
