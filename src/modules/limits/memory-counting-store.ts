import type { CountingStore, HitRequest, WindowState } from './counting-store.ts';
import { recordHit } from './sliding-window-log.ts';

interface KeyLog {
  hits: number[];
  /** When the newest hit leaves the window, and the key with it. */
  expiresAtMs: number;
}

/** Sweeps never run more often than this many hits, so small maps are not swept on every hit. */
const MIN_HITS_BETWEEN_SWEEPS = 1024;

/**
 * The in-process counting store: the default for a single instance. Each call
 * runs to completion on the event loop, so a decision is atomic without locks.
 * Keys expire like Redis keys do: a sweep drops every key whose newest hit
 * has left its window, once per as many hits as there are keys (amortised
 * constant work per hit, no timers).
 */
export class MemoryCountingStore implements CountingStore {
  readonly kind = 'memory';
  readonly #logs = new Map<string, KeyLog>();
  #hitsUntilSweep = MIN_HITS_BETWEEN_SWEEPS;

  async hit(request: HitRequest): Promise<WindowState> {
    this.#sweepWhenDue(request.nowMs);
    let log = this.#logs.get(request.key);
    if (!log) {
      log = { hits: [], expiresAtMs: 0 };
      this.#logs.set(request.key, log);
    }
    const state = recordHit(log.hits, request);
    const newest = log.hits.at(-1);
    if (newest === undefined) this.#logs.delete(request.key);
    else log.expiresAtMs = newest + request.windowMs;
    return state;
  }

  async ping(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {
    this.#logs.clear();
  }

  /** Keys currently held; for tests of expiry. */
  get size(): number {
    return this.#logs.size;
  }

  #sweepWhenDue(nowMs: number): void {
    if (--this.#hitsUntilSweep > 0) return;
    for (const [key, log] of this.#logs) {
      if (log.expiresAtMs <= nowMs) this.#logs.delete(key);
    }
    this.#hitsUntilSweep = Math.max(MIN_HITS_BETWEEN_SWEEPS, this.#logs.size);
  }
}
