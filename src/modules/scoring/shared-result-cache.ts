/**
 * The shared view's cache (GET /api/score/<id>): the serialised body of a
 * stored result, as the bytes the route sends, and its strong entity tag,
 * kept in this process so that a result read again costs neither a query
 * nor a serialisation.
 *
 * Results never change; an account's erasure deletes its results at once.
 * - In this instance the erasure evicts them: this cache takes part in it
 *   (an ErasureParticipant, inside the erasure's transaction), and a read
 *   that was under way then, or that begins before the erasure commits,
 *   answers from the database but keeps nothing.
 * - Another instance sharing the database is not told: it keeps an entry at
 *   most SHARED_RESULT_TTL_MS, so it answers an erased result for at most
 *   that long after the erasure (docs/DECISIONS.md, "Performance (issue 11)").
 * Bounded by entries and by bytes. Eviction is second-chance (CLOCK): a read
 * only marks its entry, and the oldest entry goes first unless it was read
 * since it was last passed over. That approximates "least recently read goes
 * first" without reordering the map on every read, which allocated a new
 * hash table per read that outlived young-generation collections and cost
 * the busy path a major collection every half-second (docs/BENCHMARKS.md).
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Transaction } from '../../db/client.ts';
import type { OutboxMessage } from '../../queue/outbox.ts';
import type { ErasureParticipant } from '../accounts/erasure.ts';
import { scoringResults } from './tables.ts';

/** How long an entry is served before the database is asked again: the bound on another instance's staleness after an erasure. */
export const SHARED_RESULT_TTL_MS = 10_000;

export interface SharedResultCacheLimits {
  maxEntries: number;
  /** The bodies' bytes, UTF-8, as sent. */
  maxBytes: number;
  ttlMs: number;
}

/** About 20 MB at most: a thousand results of a typical 17 KB (bodies are kept outside the JavaScript heap). */
export const DEFAULT_SHARED_RESULT_CACHE_LIMITS: SharedResultCacheLimits = { maxEntries: 1_000, maxBytes: 20 * 1024 * 1024, ttlMs: SHARED_RESULT_TTL_MS };

/** How many recently erased accounts are remembered: only while their erasure commits does it matter. */
const ERASED_ACCOUNTS_REMEMBERED = 1_000;

/** A stored result as the shared view sends it. */
export interface SharedResultBody {
  /** The JSON body, UTF-8. */
  body: Buffer;
  /** A strong entity tag: a hash of the body, the same in every instance and after a restart. */
  etag: string;
}

/** What the database holds for a result: its owner (null while anonymous) and its body, serialised. */
export interface LoadedResult {
  accountId: string | null;
  body: string;
}

interface Entry extends SharedResultBody {
  accountId: string | null;
  expiresAtMs: number;
  /** Read since it was kept or last passed over by eviction: spared once. */
  readSinceKept: boolean;
}

export class SharedResultCache implements ErasureParticipant {
  readonly #clock: Clock;
  readonly #limits: SharedResultCacheLimits;
  /** Insertion order: the oldest first, as eviction considers them. */
  readonly #entries = new Map<string, Entry>();
  #bytes = 0;
  /** Counts erasures: a read that saw it change kept nothing. */
  #erasures = 0;
  readonly #erasedAccounts = new Set<string>();

  constructor(clock: Clock, limits: SharedResultCacheLimits = DEFAULT_SHARED_RESULT_CACHE_LIMITS) {
    this.#clock = clock;
    this.#limits = limits;
  }

  /** The result's body and tag: kept, or loaded (null: no such result) and kept unless an erasure intervened. */
  async read(id: string, load: () => Promise<LoadedResult | null>): Promise<SharedResultBody | null> {
    const nowMs = this.#clock.now().getTime();
    const kept = this.#entries.get(id);
    if (kept) {
      if (kept.expiresAtMs > nowMs) {
        kept.readSinceKept = true;
        return kept;
      }
      this.#evict(id);
    }
    const erasuresBefore = this.#erasures;
    const loaded = await load();
    if (!loaded) return null;
    const body = Buffer.from(loaded.body, 'utf8');
    const entry: Entry = {
      body,
      etag: entityTag(body),
      accountId: loaded.accountId,
      expiresAtMs: this.#clock.now().getTime() + this.#limits.ttlMs,
      readSinceKept: false,
    };
    const erased = this.#erasures !== erasuresBefore || (loaded.accountId !== null && this.#erasedAccounts.has(loaded.accountId));
    if (!erased) this.#keep(id, entry);
    return entry;
  }

  /** Part of an account's erasure, inside its transaction: its results leave this cache and may not come back. */
  async sideEffectsOnErasure(tx: Transaction, accountId: string): Promise<OutboxMessage[]> {
    // Asked of the database too: a result linked to the account in another instance is kept here as anonymous.
    const rows = await tx.select({ id: scoringResults.id }).from(scoringResults).where(eq(scoringResults.accountId, accountId));
    this.forgetAccount(
      accountId,
      rows.map((row) => row.id),
    );
    return [];
  }

  /** Evicts the account's results (those kept under it and `resultIds`); reads under way, or begun before the erasure commits, keep nothing. */
  forgetAccount(accountId: string, resultIds: string[]): void {
    this.#erasures++;
    this.#erasedAccounts.add(accountId);
    if (this.#erasedAccounts.size > ERASED_ACCOUNTS_REMEMBERED) this.#erasedAccounts.delete(this.#erasedAccounts.values().next().value!);
    for (const id of resultIds) this.#evict(id);
    for (const [id, entry] of this.#entries) {
      if (entry.accountId === accountId) this.#evict(id);
    }
  }

  /** Entries and bytes kept now (for tests and metrics). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.#entries.size, bytes: this.#bytes };
  }

  #keep(id: string, entry: Entry): void {
    if (entry.body.byteLength > this.#limits.maxBytes) return;
    this.#evict(id);
    this.#entries.set(id, entry);
    this.#bytes += entry.body.byteLength;
    while (this.#entries.size > this.#limits.maxEntries || this.#bytes > this.#limits.maxBytes) {
      const [oldestId, oldest] = this.#entries.entries().next().value!;
      if (oldest.readSinceKept && oldestId !== id) {
        // Its second chance: to the back of the line, unmarked.
        oldest.readSinceKept = false;
        this.#entries.delete(oldestId);
        this.#entries.set(oldestId, oldest);
      } else {
        this.#evict(oldestId);
      }
    }
  }

  #evict(id: string): void {
    const entry = this.#entries.get(id);
    if (!entry) return;
    this.#entries.delete(id);
    this.#bytes -= entry.body.byteLength;
  }
}

/** A strong entity tag from the bytes themselves (RFC 9110 §8.8.3). */
function entityTag(body: Buffer): string {
  return `"${crypto.createHash('sha256').update(body).digest('base64url')}"`;
}
