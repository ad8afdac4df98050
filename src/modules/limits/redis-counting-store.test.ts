import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock.ts';
import { ANONYMOUS_SCORE_CAP, SCORE_RATE_LIMIT } from './policies.ts';
import { RateLimiter } from './rate-limiter.ts';
import { RedisCountingStore } from './redis-counting-store.ts';
import { silentServer, stallingProxy, stoppedRedisUrl, TEST_REDIS_URL, untilReady, type FixtureServer } from '../../../test/fakes/redis.ts';

const RELAXED_TIMEOUT_MS = 5_000;
/** The fail-closed bound under test; short, so the tests stay fast. */
const BOUND_MS = 100;
/** A fail-closed decision must come back long before this (a liveness guard, not a timing assertion). */
const LIVENESS_MS = 5_000;

/** Closed at the end of each test. */
const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((resource) => resource.close()));
});

function storeAt(url: string, commandTimeoutMs: number): RedisCountingStore {
  const store = new RedisCountingStore({ url, commandTimeoutMs });
  opened.push(store);
  return store;
}

interface LimiterSetup {
  timeoutMs: number;
  keyPrefix?: string;
  clock?: ManualClock;
  failures?: unknown[];
}

function limiterOn(store: RedisCountingStore, setup: LimiterSetup): RateLimiter {
  return new RateLimiter({
    store,
    clock: setup.clock ?? new ManualClock(),
    timeoutMs: setup.timeoutMs,
    keyPrefix: setup.keyPrefix ?? `test:${randomUUID()}:`,
    onStoreFailure: (error) => setup.failures?.push(error),
  });
}

async function readyStore(): Promise<RedisCountingStore> {
  const store = storeAt(TEST_REDIS_URL!, RELAXED_TIMEOUT_MS);
  await untilReady(store);
  return store;
}

describe.skipIf(TEST_REDIS_URL === null)('Redis counting store against the real Redis', () => {
  let inspector: Redis;
  beforeAll(() => {
    inspector = new Redis(TEST_REDIS_URL!);
  });
  afterAll(() => {
    inspector.disconnect();
  });

  it('admits exactly the limit out of 50 parallel decisions made through two separate clients', async () => {
    const stores = await Promise.all([readyStore(), readyStore()]);
    const shared = { timeoutMs: RELAXED_TIMEOUT_MS, clock: new ManualClock(), keyPrefix: `test:${randomUUID()}:` };
    const limiters = stores.map((store) => limiterOn(store, shared));
    const decisions = await Promise.all(Array.from({ length: 50 }, (_, i) => limiters[i % 2]!.check(SCORE_RATE_LIMIT, 'user-1')));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(SCORE_RATE_LIMIT.limit);
    expect(decisions.some((d) => d.storeFailed)).toBe(false);
  });

  it('lets a key expire one window after its newest hit and keeps at most `limit` entries', async () => {
    const keyPrefix = `test:${randomUUID()}:`;
    const limiter = limiterOn(await readyStore(), { timeoutMs: RELAXED_TIMEOUT_MS, keyPrefix });
    for (let i = 0; i < 20; i++) await limiter.check(SCORE_RATE_LIMIT, 'user-1');
    const key = `${keyPrefix}score:user-1`;
    expect(await inspector.zcard(key)).toBe(SCORE_RATE_LIMIT.limit);
    const ttl = await inspector.pttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(SCORE_RATE_LIMIT.windowSeconds * 1000);
  });

  it('writes nothing for a refused anonymous attempt', async () => {
    const keyPrefix = `test:${randomUUID()}:`;
    const limiter = limiterOn(await readyStore(), { timeoutMs: RELAXED_TIMEOUT_MS, keyPrefix });
    await limiter.check(ANONYMOUS_SCORE_CAP, '203.0.113.9');
    expect((await limiter.check(ANONYMOUS_SCORE_CAP, '203.0.113.9')).allowed).toBe(false);
    expect(await inspector.zcard(`${keyPrefix}anonymous-score:203.0.113.9`)).toBe(1);
  });

  it('fails closed when the store answers with an error', async () => {
    const failures: unknown[] = [];
    const keyPrefix = `test:${randomUUID()}:`;
    const limiter = limiterOn(await readyStore(), { timeoutMs: RELAXED_TIMEOUT_MS, keyPrefix, failures });
    await inspector.set(`${keyPrefix}score:user-1`, 'not a sorted set', 'PX', 60_000);
    expect(await limiter.check(SCORE_RATE_LIMIT, 'user-1')).toEqual({
      allowed: false,
      limit: 5,
      remaining: 0,
      msUntilNextSlot: 60_000,
      storeFailed: true,
    });
    expect(String(failures[0])).toMatch(/WRONGTYPE/);
  });

  it(
    'fails closed within the bound when Redis stalls after the client is ready',
    async () => {
      const proxy = await stallingProxy(TEST_REDIS_URL!);
      opened.push(proxy);
      const store = storeAt(proxy.url, BOUND_MS);
      await untilReady(store);
      const limiter = limiterOn(store, { timeoutMs: BOUND_MS });
      expect((await limiter.check(SCORE_RATE_LIMIT, 'user-1')).allowed).toBe(true);
      proxy.stall();
      expect(await limiter.check(SCORE_RATE_LIMIT, 'user-1')).toMatchObject({ allowed: false, storeFailed: true });
      expect(await limiter.isReady()).toBe(false);
    },
    LIVENESS_MS,
  );
});

describe('Redis counting store when Redis is not there', () => {
  it(
    'is built at once and fails closed while the port is closed (Redis stopped)',
    async () => {
      const store = storeAt(await stoppedRedisUrl(), BOUND_MS);
      const failures: unknown[] = [];
      const limiter = limiterOn(store, { timeoutMs: BOUND_MS, failures });
      const decisions = await Promise.all([limiter.check(SCORE_RATE_LIMIT, 'user-1'), limiter.check(ANONYMOUS_SCORE_CAP, '::1')]);
      expect(decisions.map((d) => [d.allowed, d.storeFailed])).toEqual([
        [false, true],
        [false, true],
      ]);
      expect(failures).toHaveLength(2);
      expect(await limiter.isReady()).toBe(false);
    },
    LIVENESS_MS,
  );

  it(
    'fails closed within the bound when the server accepts and never answers (Redis stalled)',
    async () => {
      const server: FixtureServer = await silentServer();
      opened.push(server);
      const limiter = limiterOn(storeAt(server.url, BOUND_MS), { timeoutMs: BOUND_MS });
      expect(await limiter.check(SCORE_RATE_LIMIT, 'user-1')).toMatchObject({ allowed: false, storeFailed: true });
      expect(await limiter.isReady()).toBe(false);
    },
    LIVENESS_MS,
  );
});
