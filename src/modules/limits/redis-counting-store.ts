import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { CountingStore, HitRequest, WindowState } from './counting-store.ts';

/**
 * One decision, atomically, on a sorted set of hit timestamps (score = time,
 * member = a unique id per hit). The same steps as `recordHit`:
 * drop hits that left the window, decide, record, keep only the newest
 * `limit` hits, and let the key expire one window after its newest hit.
 * Time is an argument: the caller's injected clock, never Redis' own.
 *
 * KEYS[1] the window log
 * ARGV[1] now (ms)              ARGV[2] drop hits at or before this (ms)
 * ARGV[3] window (ms)           ARGV[4] limit
 * ARGV[5] "1" to count a refused hit     ARGV[6] unique member for this hit
 * Returns { allowed 1|0, count, oldest timestamp or "" }.
 */
const SLIDING_WINDOW_HIT = `
local key = KEYS[1]
local limit = tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', key, '-inf', ARGV[2])
local count = redis.call('ZCARD', key)
local allowed = count < limit
if allowed or ARGV[5] == '1' then
  redis.call('ZADD', key, ARGV[1], ARGV[6])
  count = count + 1
  if count > limit then
    redis.call('ZREMRANGEBYRANK', key, 0, count - limit - 1)
    count = limit
  end
  redis.call('PEXPIRE', key, ARGV[3])
end
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
return { allowed and 1 or 0, count, oldest[2] or '' }
`;

const SCRIPT_COMMAND = 'slidingWindowHit';

interface SlidingWindowCommand {
  [SCRIPT_COMMAND](key: string, ...args: string[]): Promise<unknown>;
}

/** How long one connection attempt may take before ioredis retries it (its own default is 10 s). */
const CONNECT_TIMEOUT_MS = 2_000;

export interface RedisCountingStoreOptions {
  url: string;
  /** Bound on every command; a stalled server fails the command after this long. */
  commandTimeoutMs: number;
  /** Connection errors, for logs. The store has already handled them. */
  onConnectionError?: (error: Error) => void;
}

/**
 * The Redis counting store, shared by every instance. Built never to hold
 * up the service: it connects in the background (nothing awaits the
 * connection), refuses commands at once while disconnected instead of
 * queueing them, bounds every command, and never replays a hit after a
 * reconnect. ioredis' default retry strategy keeps reconnecting (backing off
 * to 2 s), so the store recovers on its own when Redis comes back.
 */
export class RedisCountingStore implements CountingStore {
  readonly kind = 'redis';
  readonly #redis: Redis & SlidingWindowCommand;

  constructor(options: RedisCountingStoreOptions) {
    this.#redis = new Redis(options.url, {
      enableOfflineQueue: false,
      commandTimeout: options.commandTimeoutMs,
      connectTimeout: CONNECT_TIMEOUT_MS,
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
    }) as Redis & SlidingWindowCommand;
    this.#redis.defineCommand(SCRIPT_COMMAND, { numberOfKeys: 1, lua: SLIDING_WINDOW_HIT });
    // Without a listener ioredis prints every failed reconnect to the console.
    this.#redis.on('error', (error: Error) => options.onConnectionError?.(error));
  }

  async hit(request: HitRequest): Promise<WindowState> {
    const { key, nowMs, windowMs, limit, countRefused } = request;
    const reply = await this.#redis[SCRIPT_COMMAND](
      key,
      String(nowMs),
      String(nowMs - windowMs),
      String(windowMs),
      String(limit),
      countRefused ? '1' : '0',
      randomUUID(),
    );
    return parseReply(reply);
  }

  async ping(): Promise<boolean> {
    try {
      return (await this.#redis.ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    // Nothing is buffered to flush: every hit is awaited by its request.
    this.#redis.disconnect();
  }
}

function parseReply(reply: unknown): WindowState {
  const [allowed, count, oldest] = Array.isArray(reply) ? (reply as unknown[]) : [];
  if (typeof allowed !== 'number' || typeof count !== 'number' || typeof oldest !== 'string') {
    throw new Error('counting store: unexpected reply from the sliding-window script');
  }
  return { allowed: allowed === 1, count, oldestMs: oldest === '' ? null : Number(oldest) };
}
