/**
 * Idempotency-Key for paid and creating actions, with the semantics payment
 * APIs use: the first request with a key runs and its response is kept for
 * 24 hours; the same key with the same request gets that response again
 * without running (so without charging); the same key with another request
 * is refused; a second request while the first still runs waits for it.
 * Keys are scoped to the caller. Owns idempotent_requests.
 */
import crypto from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import { rowsOf, type Database } from '../../db/client.ts';
import { idempotentRequests } from './tables.ts';

/** How long a key's response is kept and replayed. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface StoredResponse {
  statusCode: number;
  body: string;
  headers: Record<string, string>;
}

export type Claim =
  /** This request runs; complete or release the claim when it ends. */
  | { kind: 'run' }
  /** An earlier request with this key and this request ended with this response. */
  | { kind: 'replay'; response: StoredResponse }
  /** The key was used for another request. */
  | { kind: 'mismatch' }
  /** The first request with this key is still running. */
  | { kind: 'in_progress' };

export interface IdempotentRequest {
  scope: string;
  key: string;
  accountId: string | null;
  /** Method, route and body: what the key stands for. */
  fingerprint: string;
}

export class IdempotencyService {
  readonly #db: Database;
  readonly #clock: Clock;

  constructor(deps: { db: Database; clock: Clock }) {
    this.#db = deps.db;
    this.#clock = deps.clock;
  }

  /**
   * Claims the key for this request in one statement: a new key (or one
   * whose 24 hours are over) is taken; otherwise what the earlier request
   * left decides.
   */
  async claim(request: IdempotentRequest): Promise<Claim> {
    // Kept responses may hold secrets (a new API key): none outlives its 24 hours.
    await this.purgeExpired();
    const now = this.#clock.now();
    const expiredBefore = new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS);
    const requestHash = crypto.createHash('sha256').update(request.fingerprint).digest('hex');
    const claimed = await this.#db.execute(sql`
      INSERT INTO idempotent_requests (scope, key, account_id, request_hash, created_at)
      VALUES (${request.scope}, ${request.key}, ${request.accountId}::uuid, ${requestHash}, ${now.toISOString()}::timestamptz)
      ON CONFLICT (scope, key) DO UPDATE
        SET account_id = EXCLUDED.account_id, request_hash = EXCLUDED.request_hash, status_code = NULL,
            response_body = NULL, response_headers = NULL, created_at = EXCLUDED.created_at, completed_at = NULL
        WHERE idempotent_requests.created_at < ${expiredBefore.toISOString()}::timestamptz
      RETURNING scope`);
    if (rowsOf(claimed).length > 0) return { kind: 'run' };

    const [earlier] = await this.#db
      .select()
      .from(idempotentRequests)
      .where(and(eq(idempotentRequests.scope, request.scope), eq(idempotentRequests.key, request.key)));
    // Released between the two statements: claim again.
    if (!earlier) return this.claim(request);
    if (earlier.requestHash !== requestHash) return { kind: 'mismatch' };
    if (earlier.statusCode === null) return { kind: 'in_progress' };
    return { kind: 'replay', response: { statusCode: earlier.statusCode, body: earlier.responseBody ?? '', headers: earlier.responseHeaders ?? {} } };
  }

  /** Keeps the response the claimed request ended with. */
  async complete(scope: string, key: string, response: StoredResponse): Promise<void> {
    await this.#db
      .update(idempotentRequests)
      .set({ statusCode: response.statusCode, responseBody: response.body, responseHeaders: response.headers, completedAt: this.#clock.now() })
      .where(and(eq(idempotentRequests.scope, scope), eq(idempotentRequests.key, key)));
  }

  /** Gives the key up (the request failed on our side): a retry runs again. */
  async release(scope: string, key: string): Promise<void> {
    await this.#db
      .delete(idempotentRequests)
      .where(and(eq(idempotentRequests.scope, scope), eq(idempotentRequests.key, key), sql`${idempotentRequests.statusCode} IS NULL`));
  }

  /** Drops keys whose 24 hours are over. */
  async purgeExpired(): Promise<number> {
    const expiredBefore = new Date(this.#clock.now().getTime() - IDEMPOTENCY_WINDOW_MS);
    const deleted = await this.#db.delete(idempotentRequests).where(lt(idempotentRequests.createdAt, expiredBefore)).returning({ key: idempotentRequests.key });
    return deleted.length;
  }
}
