/**
 * Micro-benchmark of one rate-limit decision on each counting store: p50/p99
 * latency of sequential decisions and throughput of concurrent ones. Not the
 * HTTP gate benchmark (that measures a whole route); this isolates the store.
 *
 *   node_modules/.bin/node bench/limiter-store.ts [decisions]
 *
 * Uses REDIS_URL (default redis://127.0.0.1:6379); the Redis rows are skipped
 * when it does not answer.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { systemClock } from '../src/clock.ts';
import type { CountingStore } from '../src/modules/limits/counting-store.ts';
import { MemoryCountingStore } from '../src/modules/limits/memory-counting-store.ts';
import { SCORE_RATE_LIMIT } from '../src/modules/limits/policies.ts';
import { RateLimiter } from '../src/modules/limits/rate-limiter.ts';
import { RedisCountingStore } from '../src/modules/limits/redis-counting-store.ts';
import { redisReachable, untilReady } from '../test/fakes/redis.ts';

const DECISIONS = Number(process.argv[2] ?? 20_000);
const SUBJECTS = 1_000;
const CONCURRENCY = 64;
const WARM_UP = 1_000;
const TIMEOUT_MS = 1_000;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(name: string, store: CountingStore): Promise<void> {
  const limiter = new RateLimiter({ store, clock: systemClock, timeoutMs: TIMEOUT_MS, keyPrefix: `bench:${randomUUID()}:` });
  const subject = (i: number) => `user-${i % SUBJECTS}`;
  for (let i = 0; i < WARM_UP; i++) await limiter.check(SCORE_RATE_LIMIT, subject(i));

  const latencies: number[] = [];
  let failed = 0;
  for (let i = 0; i < DECISIONS; i++) {
    const started = performance.now();
    const decision = await limiter.check(SCORE_RATE_LIMIT, subject(i));
    latencies.push(performance.now() - started);
    if (decision.storeFailed) failed++;
  }
  latencies.sort((a, b) => a - b);

  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < DECISIONS) await limiter.check(SCORE_RATE_LIMIT, subject(next++));
    }),
  );
  const perSecond = DECISIONS / ((performance.now() - started) / 1000);

  console.log(
    `${name.padEnd(10)} p50 ${percentile(latencies, 50).toFixed(3)} ms  p99 ${percentile(latencies, 99).toFixed(3)} ms  ` +
      `${Math.round(perSecond)} decisions/s at concurrency ${CONCURRENCY}  (store failures: ${failed})`,
  );
  await limiter.close();
}

console.log(`${DECISIONS} decisions per store, ${SUBJECTS} subjects, policy ${SCORE_RATE_LIMIT.name}`);
await measure('in-process', new MemoryCountingStore());
if (await redisReachable(redisUrl)) {
  const store = new RedisCountingStore({ url: redisUrl, commandTimeoutMs: TIMEOUT_MS });
  await untilReady(store);
  await measure('redis', store);
} else {
  console.log(`redis      skipped: nothing answers at ${redisUrl}`);
}
