/**
 * Enqueuing jobs, in the caller's transaction: pg-boss writes the job through
 * that transaction (its drizzle adapter), so a job exists only if the change
 * that asked for it commits, and runs only after that commit.
 *
 * A job with a dedupe key is enqueued once per (name, key) ever: the key is
 * written to job_dedupe_keys in the same transaction, and a second enqueue,
 * from any instance, in any transaction, finds it and does nothing. That is
 * what keeps a recipient from getting the same mail twice ("trial mail day 7
 * for account X"), so pick keys that name the logical event, not the attempt.
 *
 * The job's data is an envelope: the payload, the account it belongs to (its
 * erasure removes the job, run or not) and the trace context of the request
 * that enqueued it (the handler runs in that trace).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { fromDrizzle } from 'pg-boss';
import type { Clock } from '../clock.ts';
import type { Executor, Transaction } from '../db/client.ts';
import { currentTraceCarrier, type TraceCarrier } from '../observability/tracing.ts';
import type { JobEngine } from './job-engine.ts';
import { jobDedupeKeys } from './tables.ts';

export interface JobRequest {
  /** The handler's name, e.g. 'mail.send': the pg-boss queue. */
  name: string;
  /** JSON the handler receives; keep secrets out of it (it stays until the job is deleted after its retention). */
  payload: Record<string, unknown>;
  /** Not before this time; default now. */
  runAt?: Date;
  /** Makes a second enqueue of the same (name, dedupeKey) a no-op. */
  dedupeKey?: string;
  /** Ties the job to an account: the account's erasure removes it if it has not run. Jobs of one account run one at a time, in order. */
  accountId?: string;
  /** Attempts before the job fails for good; default: retries for 3 days (retry-policy.ts). */
  maxAttempts?: number;
}

export type EnqueueResult = { enqueued: true; id: string } | { enqueued: false; reason: 'duplicate' };

/** What a job's data holds (job-runner.ts reads it). */
export interface JobEnvelope {
  payload: Record<string, unknown>;
  accountId: string | null;
  trace: TraceCarrier;
}

export class JobQueue {
  readonly engine: JobEngine;
  readonly #clock: Clock;

  constructor(engine: JobEngine, clock: Clock) {
    this.engine = engine;
    this.#clock = clock;
  }

  async enqueue(executor: Executor, request: JobRequest): Promise<EnqueueResult> {
    // A queue is created before any request is served (JobRunner.prepare): creating it here would
    // need pg-boss's own connection, which on the embedded database waits for this very transaction.
    if (!this.engine.hasQueue(request.name)) throw new Error(`job ${request.name}: no queue; register its handler before enqueuing`);
    // A savepoint inside the caller's transaction (or a transaction of its own): the key and the job commit together.
    return executor.transaction(async (tx) => {
      const id = randomUUID();
      if (request.dedupeKey !== undefined) {
        const kept = await tx
          .insert(jobDedupeKeys)
          .values({ name: request.name, dedupeKey: request.dedupeKey, jobId: id, accountId: request.accountId ?? null, createdAt: this.#clock.now() })
          // A concurrent enqueue of the same key waits for the other transaction and then does nothing.
          .onConflictDoNothing()
          .returning({ jobId: jobDedupeKeys.jobId });
        if (kept.length === 0) return { enqueued: false, reason: 'duplicate' } as const;
      }
      const envelope: JobEnvelope = { payload: request.payload, accountId: request.accountId ?? null, trace: currentTraceCarrier() };
      await this.engine.boss.send(request.name, envelope, {
        id,
        db: this.#executorFor(tx),
        // Always given: the enqueuing connection does not read pg-boss's (test) clock.
        startAfter: request.runAt ?? this.#clock.now(),
        ...(request.maxAttempts !== undefined ? { retryLimit: Math.max(0, request.maxAttempts - 1) } : {}),
        ...(request.accountId ? { group: { id: request.accountId } } : {}),
      });
      // pg-boss orders by created_on, which is the transaction's start for every job of one
      // transaction: the statement's own time keeps the order they were enqueued in.
      await tx.execute(sql`UPDATE ${sql.raw(`${this.engine.schema}.job`)} SET created_on = clock_timestamp() WHERE name = ${request.name} AND id = ${id}`);
      return { enqueued: true, id } as const;
    });
  }

  /**
   * The account's erasure, in its transaction: its jobs are deleted, those
   * that have not run (waiting or between retries) and the finished ones
   * (their data may name its people); its dedupe keys go by the foreign
   * key's cascade. A job running now finishes; its handler finds the account
   * gone, and pg-boss deletes it after the retention.
   */
  async forgetAccount(tx: Transaction, accountId: string): Promise<void> {
    await tx.execute(sql`DELETE FROM ${sql.raw(`${this.engine.schema}.job`)} WHERE state <> 'active' AND data->>'accountId' = ${accountId}`);
  }

  #executorFor(tx: Transaction) {
    return fromDrizzle(tx as never, sql as never);
  }
}
