import type { Clock } from '../../clock.ts';
import type { CountingStore, WindowState } from './counting-store.ts';
import { STORE_FAILURE_RETRY_AFTER_SECONDS, type RateLimitPolicy } from './policies.ts';

const MS_PER_SECOND = 1000;

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  /** Hits the window still admits after this one. */
  remaining: number;
  /**
   * Milliseconds until the oldest counted hit leaves the window and frees a
   * slot; 0 when nothing is counted. After a refusal it is the real wait
   * until a retry is admitted, if nothing else is sent meanwhile (under
   * `every-request` counting each refused retry counts and pushes it back).
   */
  msUntilNextSlot: number;
  /** The store errored or did not answer in time; the decision is a refusal. */
  storeFailed: boolean;
}

export interface RateLimiterOptions {
  store: CountingStore;
  clock: Clock;
  /** How long a decision may wait for the store before it fails closed (RATE_LIMIT_STORE_TIMEOUT_MS). */
  timeoutMs: number;
  /** Namespace of the counting keys (tests use one per test). */
  keyPrefix?: string;
  /** Every fail-closed decision reports its cause here, for logs and metrics. */
  onStoreFailure?: (error: unknown, policy: RateLimitPolicy) => void;
}

const DEFAULT_KEY_PREFIX = 'limits:';

export class StoreTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`counting store did not answer within ${timeoutMs} ms`);
    this.name = 'StoreTimeoutError';
  }
}

/**
 * The sliding-window gate: one decision per request, fail closed. If the
 * store errors or does not answer within the bound, the answer is a refusal
 * with `storeFailed: true`, never an admission. A timed-out hit may still
 * land in the store later; it then counts, which errs on the refusing side.
 */
export class RateLimiter {
  readonly #store: CountingStore;
  readonly #clock: Clock;
  readonly #timeoutMs: number;
  readonly #keyPrefix: string;
  readonly #onStoreFailure: RateLimiterOptions['onStoreFailure'];

  constructor(options: RateLimiterOptions) {
    this.#store = options.store;
    this.#clock = options.clock;
    this.#timeoutMs = options.timeoutMs;
    this.#keyPrefix = options.keyPrefix ?? DEFAULT_KEY_PREFIX;
    this.#onStoreFailure = options.onStoreFailure;
  }

  /** Counts one hit by `subject` (a user id, or an anonymous client's address key) under `policy`. */
  async check(policy: RateLimitPolicy, subject: string): Promise<RateLimitDecision> {
    const nowMs = this.#clock.now().getTime();
    try {
      const state = await withinBound(
        this.#store.hit({
          key: `${this.#keyPrefix}${policy.name}:${subject}`,
          nowMs,
          windowMs: policy.windowSeconds * MS_PER_SECOND,
          limit: policy.limit,
          countRefused: policy.counting === 'every-request',
        }),
        this.#timeoutMs,
      );
      return decisionFromState(policy, state, nowMs);
    } catch (error) {
      this.#onStoreFailure?.(error, policy);
      return failedClosed(policy);
    }
  }

  /** For the readiness probe: whether the store answers within the bound. */
  async isReady(): Promise<boolean> {
    try {
      return await withinBound(this.#store.ping(), this.#timeoutMs);
    } catch {
      return false;
    }
  }

  close(): Promise<void> {
    return this.#store.close();
  }
}

function decisionFromState(policy: RateLimitPolicy, state: WindowState, nowMs: number): RateLimitDecision {
  const windowMs = policy.windowSeconds * MS_PER_SECOND;
  // Clamped: another instance's clock may run ahead of ours.
  const msUntilNextSlot = state.oldestMs === null ? 0 : Math.min(windowMs, Math.max(0, state.oldestMs + windowMs - nowMs));
  return {
    allowed: state.allowed,
    limit: policy.limit,
    remaining: Math.max(0, policy.limit - state.count),
    msUntilNextSlot,
    storeFailed: false,
  };
}

function failedClosed(policy: RateLimitPolicy): RateLimitDecision {
  return {
    allowed: false,
    limit: policy.limit,
    remaining: 0,
    msUntilNextSlot: STORE_FAILURE_RETRY_AFTER_SECONDS * MS_PER_SECOND,
    storeFailed: true,
  };
}

function withinBound<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StoreTimeoutError(timeoutMs)), timeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
