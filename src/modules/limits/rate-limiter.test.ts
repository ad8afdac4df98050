/**
 * One table of behaviour, held by both counting stores: the in-process one
 * and the real Redis (skipped only when TEST_REDIS_URL is unset; CI sets it).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock.ts';
import type { CountingStore, WindowState } from './counting-store.ts';
import { MemoryCountingStore } from './memory-counting-store.ts';
import { ANONYMOUS_SCORE_CAP, CHAT_RATE_LIMIT, SCORE_RATE_LIMIT } from './policies.ts';
import { RateLimiter, StoreTimeoutError } from './rate-limiter.ts';
import { RedisCountingStore } from './redis-counting-store.ts';
import { TEST_REDIS_URL, untilReady } from '../../../test/fakes/redis.ts';

/** Generous: these tests are about counting, not about the fail-closed bound. */
const RELAXED_TIMEOUT_MS = 5_000;
const SECOND = 1000;
const MINUTE = 60 * SECOND;

const storeCases: { name: string; available: boolean; create: () => CountingStore }[] = [
  { name: 'in-process', available: true, create: () => new MemoryCountingStore() },
  {
    name: 'Redis',
    available: TEST_REDIS_URL !== null,
    create: () => new RedisCountingStore({ url: TEST_REDIS_URL!, commandTimeoutMs: RELAXED_TIMEOUT_MS }),
  },
];

describe.each(storeCases)('sliding-window limits on the $name store', ({ available, create }) => {
  let store: CountingStore;
  let clock: ManualClock;
  let limiter: RateLimiter;

  beforeAll(async () => {
    if (!available) return;
    store = create();
    await untilReady(store);
  });
  afterAll(async () => {
    await store?.close();
  });
  beforeEach(() => {
    clock = new ManualClock();
    limiter = new RateLimiter({ store, clock, timeoutMs: RELAXED_TIMEOUT_MS, keyPrefix: `test:${randomUUID()}:` });
  });

  const hits = async (count: number, subject = 'user-1', policy = SCORE_RATE_LIMIT) => {
    const decisions = [];
    for (let i = 0; i < count; i++) decisions.push(await limiter.check(policy, subject));
    return decisions;
  };

  describe.skipIf(!available)('', () => {
    it('admits the 5th score request in a window and refuses the 6th', async () => {
      const decisions = await hits(6);
      expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, true, true, false]);
      expect(decisions.map((d) => d.remaining)).toEqual([4, 3, 2, 1, 0, 0]);
      expect(decisions.every((d) => d.limit === 5 && !d.storeFailed)).toBe(true);
    });

    it('lets a hit leave the window exactly 60 s after it happened', async () => {
      await hits(5, 'just-before');
      await hits(5, 'exactly-at');
      clock.advance(MINUTE - 1);
      expect((await limiter.check(SCORE_RATE_LIMIT, 'just-before')).allowed).toBe(false);
      clock.advance(1);
      expect((await limiter.check(SCORE_RATE_LIMIT, 'exactly-at')).allowed).toBe(true);
    });

    it('slides: hits leave one by one, not in a fixed bucket', async () => {
      await hits(3);
      clock.advance(30 * SECOND);
      await hits(2);
      clock.advance(31 * SECOND); // 61 s: the first three have left, the last two have not
      const decisions = await hits(4);
      expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
    });

    it('reports when the next slot frees', async () => {
      await hits(1);
      clock.advance(20 * SECOND);
      const [second] = await hits(1);
      expect(second).toMatchObject({ allowed: true, remaining: 3, msUntilNextSlot: 40 * SECOND });
    });

    it('counts refused per-action requests too, so hammering stays refused', async () => {
      await hits(5);
      for (let i = 0; i < 5; i++) {
        clock.advance(10 * SECOND);
        expect((await limiter.check(SCORE_RATE_LIMIT, 'user-1')).allowed).toBe(false);
      }
      clock.advance(10 * SECOND); // 60 s: the five admitted hits left; the refused ones at 10..50 s count
      const refused = await limiter.check(SCORE_RATE_LIMIT, 'user-1');
      // This refusal counts too: the window now holds 20..60 s, and 20 s leaves first, at 80 s.
      expect(refused).toMatchObject({ allowed: false, remaining: 0, msUntilNextSlot: 20 * SECOND });
      clock.advance(MINUTE); // a quiet minute clears everything
      expect((await limiter.check(SCORE_RATE_LIMIT, 'user-1')).remaining).toBe(4);
    });

    it('does not count refused anonymous attempts and reports the real wait', async () => {
      const first = await limiter.check(ANONYMOUS_SCORE_CAP, '198.51.100.7');
      expect(first).toMatchObject({ allowed: true, limit: 1, remaining: 0, msUntilNextSlot: 60 * MINUTE });
      clock.advance(20 * MINUTE);
      const refused = await limiter.check(ANONYMOUS_SCORE_CAP, '198.51.100.7');
      expect(refused).toMatchObject({ allowed: false, remaining: 0, msUntilNextSlot: 40 * MINUTE, storeFailed: false });
      clock.advance(40 * MINUTE - 1);
      expect(await limiter.check(ANONYMOUS_SCORE_CAP, '198.51.100.7')).toMatchObject({ allowed: false, msUntilNextSlot: 1 });
      clock.advance(1);
      expect((await limiter.check(ANONYMOUS_SCORE_CAP, '198.51.100.7')).allowed).toBe(true);
    });

    it('keeps subjects and policies apart', async () => {
      await hits(6, 'user-1');
      expect((await limiter.check(SCORE_RATE_LIMIT, 'user-2')).allowed).toBe(true);
      expect((await limiter.check(CHAT_RATE_LIMIT, 'user-1')).allowed).toBe(true);
    });

    it('admits exactly the limit out of 50 parallel decisions on one key', async () => {
      const decisions = await Promise.all(Array.from({ length: 50 }, () => limiter.check(SCORE_RATE_LIMIT, 'user-1')));
      expect(decisions.filter((d) => d.allowed)).toHaveLength(SCORE_RATE_LIMIT.limit);
      expect(decisions.some((d) => d.storeFailed)).toBe(false);
    });

    it('prunes by timestamp when the clock steps back', async () => {
      clock.advance(10 * SECOND);
      await hits(4);
      clock.advance(-5 * SECOND); // another instance's clock, a little behind: 5 s
      expect((await hits(2)).map((d) => d.allowed)).toEqual([true, false]);
      clock.advance(MINUTE); // 65 s: the hits at 5 s have left, the four at 10 s have not
      expect((await hits(2)).map((d) => d.allowed)).toEqual([true, false]);
    });
  });
});

describe('the gate fails closed whatever the store does', () => {
  const BOUND_MS = 20;
  const never = <T>() => new Promise<T>(() => {});
  const stubStore = (hit: () => Promise<WindowState>, ping: () => Promise<boolean>): CountingStore => ({
    kind: 'memory',
    hit,
    ping,
    close: async () => {},
  });
  const gate = (store: CountingStore, failures: unknown[]) =>
    new RateLimiter({ store, clock: new ManualClock(), timeoutMs: BOUND_MS, onStoreFailure: (error) => failures.push(error) });

  it('refuses when the store does not answer within the bound', async () => {
    const failures: unknown[] = [];
    const limiter = gate(stubStore(never, never), failures);
    expect(await limiter.check(CHAT_RATE_LIMIT, 'user-1')).toEqual({
      allowed: false,
      limit: 30,
      remaining: 0,
      msUntilNextSlot: MINUTE,
      storeFailed: true,
    });
    expect(failures[0]).toBeInstanceOf(StoreTimeoutError);
    expect(await limiter.isReady()).toBe(false);
  });

  it('refuses when the store errors, even synchronously', async () => {
    const failures: unknown[] = [];
    const broken = new Error('connection reset');
    const throwing = () => {
      throw broken;
    };
    const limiter = gate(stubStore(throwing, throwing), failures);
    expect(await limiter.check(ANONYMOUS_SCORE_CAP, '::1')).toMatchObject({ allowed: false, storeFailed: true });
    expect(failures).toEqual([broken]);
    expect(await limiter.isReady()).toBe(false);
  });
});
