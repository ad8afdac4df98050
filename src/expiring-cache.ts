/**
 * A small in-process cache for values read from the database: bounded in
 * size (the oldest entry goes first), each entry expiring after `ttlMs` on
 * the injected clock, and safe against the fill race: a value read before an
 * invalidation and stored after it would bring back what the invalidation
 * removed, so a fill carries the ticket taken before its read, and is
 * dropped if anything was invalidated since.
 *
 * It knows nothing of other instances: what another instance changes is
 * seen here when the entry expires, or when the owner checks it.
 */
import type { Clock } from './clock.ts';

/** Taken before reading the value to store: `set` drops the value if anything was invalidated since. */
export type FillTicket = number & { readonly brand: unique symbol };

export class ExpiringCache<K, V> {
  readonly #entries = new Map<K, { value: V; expiresAt: number }>();
  readonly #clock: Clock;
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  #invalidations = 0;

  constructor(options: { clock: Clock; ttlMs: number; maxEntries: number }) {
    this.#clock = options.clock;
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries;
  }

  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (this.#clock.now().getTime() >= entry.expiresAt) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  ticket(): FillTicket {
    return this.#invalidations as FillTicket;
  }

  /** Stores `value` unless something was invalidated since `ticket` was taken; `expiresAt` may end its life before the TTL does. */
  set(key: K, value: V, ticket: FillTicket, expiresAt?: Date): void {
    if (ticket !== this.#invalidations) return;
    const ttlEnd = this.#clock.now().getTime() + this.#ttlMs;
    this.#entries.delete(key);
    if (this.#entries.size >= this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value as K);
    this.#entries.set(key, { value, expiresAt: Math.min(ttlEnd, expiresAt?.getTime() ?? ttlEnd) });
  }

  /** Removes the entry for `key`, and drops every fill whose read began before now. */
  delete(key: K): void {
    this.#invalidations++;
    this.#entries.delete(key);
  }

  /** Removes every entry `matches` selects, and drops every fill whose read began before now. */
  invalidate(matches: (key: K, value: V) => boolean): void {
    this.#invalidations++;
    for (const [key, entry] of this.#entries) {
      if (matches(key, entry.value)) this.#entries.delete(key);
    }
  }

  get size(): number {
    return this.#entries.size;
  }
}
