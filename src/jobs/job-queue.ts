/**
 * Enqueuing jobs, in the caller's transaction: a job exists only if the
 * change that asked for it commits, and runs only after that commit. A job
 * with a dedupe key is enqueued once per (name, key) ever: enqueuing it again,
 * from any instance, in any transaction, is a no-op. That is what keeps a
 * recipient from getting the same mail twice ("trial mail day 7 for account
 * X"), so pick keys that name the logical event, not the attempt.
 */
import type { Clock } from '../clock.ts';
import type { Executor } from '../db/client.ts';
import { DEFAULT_MAX_ATTEMPTS } from './retry-policy.ts';
import { jobs } from './tables.ts';

export interface JobRequest {
  /** The handler's name, e.g. 'mail.send'. */
  name: string;
  /** JSON the handler receives; keep secrets out of it (it stays until the job completes). */
  payload: Record<string, unknown>;
  /** Not before this time; default now. */
  runAt?: Date;
  /** Makes a second enqueue of the same (name, dedupeKey) a no-op. */
  dedupeKey?: string;
  /** Ties the job to an account: the account's erasure removes it, run or not. */
  accountId?: string;
  /** Attempts before the job is marked dead; default DEFAULT_MAX_ATTEMPTS. */
  maxAttempts?: number;
}

export type EnqueueResult = { enqueued: true; id: string } | { enqueued: false; reason: 'duplicate' };

export class JobQueue {
  readonly #clock: Clock;

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  async enqueue(executor: Executor, request: JobRequest): Promise<EnqueueResult> {
    const rows = await executor
      .insert(jobs)
      .values({
        name: request.name,
        payload: request.payload,
        runAt: request.runAt ?? this.#clock.now(),
        dedupeKey: request.dedupeKey ?? null,
        accountId: request.accountId ?? null,
        maxAttempts: request.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      })
      // A concurrent enqueue of the same key waits for the other transaction and then does nothing.
      .onConflictDoNothing({ target: [jobs.name, jobs.dedupeKey] })
      .returning({ id: jobs.id });
    const row = rows[0];
    return row ? { enqueued: true, id: row.id } : { enqueued: false, reason: 'duplicate' };
  }
}
