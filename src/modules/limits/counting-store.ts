/**
 * The counting store behind the rate limits: a true sliding window, kept as a
 * log of hit timestamps per key (not fixed buckets). Two implementations, the
 * in-process one and the Redis one, answer the same contract; the composition
 * root picks one with `createCountingStore`.
 */

/** One hit to decide. Time comes from the caller's clock, never the store's. */
export interface HitRequest {
  key: string;
  nowMs: number;
  windowMs: number;
  limit: number;
  /** Write the hit to the log even when it is refused (counting mode `every-request`). */
  countRefused: boolean;
}

/** What the store knows after deciding one hit, in one atomic step. */
export interface WindowState {
  allowed: boolean;
  /** Hits in the window after this decision (never more than the limit: see `recordHit`). */
  count: number;
  /** Timestamp of the oldest hit still in the window; null when the window is empty. */
  oldestMs: number | null;
}

export interface CountingStore {
  readonly kind: 'memory' | 'redis';
  /**
   * Atomically: drop hits that left the window, decide, record, refresh expiry.
   * A hit at `t` is in the window while `now - t < windowMs`, so it leaves
   * exactly `windowMs` after it happened. Rejects when the store fails.
   */
  hit(request: HitRequest): Promise<WindowState>;
  /** Whether the store answers now; never rejects. For the readiness probe. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
