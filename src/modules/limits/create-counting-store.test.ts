import { describe, expect, it } from 'vitest';
import { createCountingStore } from './create-counting-store.ts';
import { stoppedRedisUrl } from '../../../test/fakes/redis.ts';

describe('createCountingStore', () => {
  it('keeps counts in the process when no REDIS_URL is set', async () => {
    const store = createCountingStore({ redisUrl: null, timeoutMs: 200 });
    expect(store.kind).toBe('memory');
    await store.close();
  });

  it('returns the Redis store at once, even when Redis is unreachable', async () => {
    const store = createCountingStore({ redisUrl: await stoppedRedisUrl(), timeoutMs: 200 });
    expect(store.kind).toBe('redis');
    expect(await store.ping()).toBe(false);
    await store.close();
  });
});
