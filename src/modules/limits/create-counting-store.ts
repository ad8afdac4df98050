import type { CountingStore } from './counting-store.ts';
import { MemoryCountingStore } from './memory-counting-store.ts';
import { RedisCountingStore } from './redis-counting-store.ts';

export interface CountingStoreSettings {
  /** REDIS_URL; null keeps the counts in this process. */
  redisUrl: string | null;
  /** RATE_LIMIT_STORE_TIMEOUT_MS: the bound on one Redis command. */
  timeoutMs: number;
  onConnectionError?: (error: Error) => void;
}

/** The one place that picks the counting store. Returns at once: it never waits for Redis. */
export function createCountingStore(settings: CountingStoreSettings): CountingStore {
  if (settings.redisUrl === null) return new MemoryCountingStore();
  return new RedisCountingStore({
    url: settings.redisUrl,
    commandTimeoutMs: settings.timeoutMs,
    onConnectionError: settings.onConnectionError,
  });
}
