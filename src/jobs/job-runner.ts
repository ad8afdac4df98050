/**
 * Runs due jobs (src/jobs/job-queue.ts enqueues them). The house's outbox
 * pattern (src/outbox/outbox.ts), with attempt limits, jitter and dedupe:
 *
 * - Claiming is a short transaction: due rows are selected FOR UPDATE SKIP
 *   LOCKED, so two runners on one PostgreSQL never claim the same row, and
 *   each claimed row gets a lease (locked_until) and its attempt counted.
 * - The handler then runs outside any transaction, under the lease (an open
 *   transaction would stall the single-connection embedded database for the
 *   length of an SMTP call). The lease is short (a minute), so the jobs of a
 *   runner that died are taken up again about a minute later, and it is
 *   renewed while the runner lives: each job's lease starts again when its
 *   turn in the batch comes (a job whose lease lapsed meanwhile and was
 *   claimed by another runner is left to it), and every third of a lease
 *   while its handler runs.
 * - Success marks the job completed; failure schedules the next attempt with
 *   backoff and jitter (retry-policy.ts) or, after max_attempts, marks it
 *   dead with the error. Both writes are fenced by the attempt number, so a
 *   runner whose lease lapsed cannot overwrite the outcome of a newer attempt.
 *
 * Due jobs run in the order they fell due, and jobs due at the same time in
 * the order they were enqueued (seq), as far as one runner goes: a runner
 * runs its batch in that order, but two runners run their batches side by
 * side, and a retried job runs after the jobs enqueued behind it.
 *
 * Each attempt is claimed by one runner only. A job is still run at least
 * once, not exactly once: if the process dies mid-handler (or a handler
 * outlives its lease), the lease lapses and the job runs again. Handlers must
 * therefore be idempotent, or accept a rare repeat (a mail sent twice when
 * the process died between the SMTP server's acceptance and the completion
 * write).
 */
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { underRenewedLease } from '../lease-heartbeat.ts';
import type { JobReport, QueueBacklog } from '../observability/service-metrics.ts';
import { PollLoop } from '../poll-loop.ts';
import { JobQueue } from './job-queue.ts';
import { retryDelayMs } from './retry-policy.ts';
import { jobs } from './tables.ts';

export interface JobContext {
  id: string;
  name: string;
  /** 1 on the first attempt. */
  attempt: number;
}

/** Thrown by a handler when trying again cannot help (a malformed payload): the job is marked dead at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export type JobHandler = (payload: Record<string, unknown>, context: JobContext) => Promise<void>;

export interface JobRunnerOptions {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  /** How long a claimed job is hidden from other runners without a renewal. Default a minute. */
  leaseMs?: number;
  /** Jobs claimed per transaction. Default 10. */
  batchSize?: number;
  /** The jitter's randomness, in [0, 1); tests pin it. */
  random?: () => number;
  /** Told how each attempt ended, per job name (the metrics' queue label). */
  report?: JobReport;
}

export interface RunSummary {
  completed: number;
  failed: number;
}

interface RecurringJob {
  name: string;
  everyMs: number;
  payload: Record<string, unknown>;
}

/** A minute: a batch whose runner died resumes about a minute later (issue 24); a live runner renews it. */
export const DEFAULT_LEASE_MS = 60_000;
const DEFAULT_BATCH_SIZE = 10;
const LAST_ERROR_MAX_CHARS = 1000;

type ClaimedJob = typeof jobs.$inferSelect;

export class JobRunner {
  readonly #db: Database;
  readonly #clock: Clock;
  readonly #log: FastifyBaseLogger;
  readonly #leaseMs: number;
  readonly #batchSize: number;
  readonly #random: () => number;
  readonly #report: JobReport | undefined;
  readonly #queue: JobQueue;
  readonly #handlers = new Map<string, JobHandler>();
  readonly #recurring: RecurringJob[] = [];
  readonly #poll = new PollLoop(
    () => this.runDue(),
    (error) => this.#log.error({ err: error }, 'job poll failed'),
  );

  constructor(options: JobRunnerOptions) {
    this.#db = options.db;
    this.#clock = options.clock;
    this.#log = options.log;
    this.#leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.#batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
    this.#random = options.random ?? Math.random;
    this.#report = options.report;
    this.#queue = new JobQueue(options.clock);
  }

  /** The handler for jobs named `name`. A runner claims only jobs it has a handler for. */
  on(name: string, handler: JobHandler): void {
    this.#handlers.set(name, handler);
  }

  /**
   * Recurring work: once per period of `everyMs` (periods counted from the
   * Unix epoch, so a day is a UTC day), a job `name` is enqueued with the
   * period's start as its dedupe key. However many instances poll, each
   * period's job exists once; a period missed while every instance was down
   * is not made up (the next period's job covers it: recurring handlers
   * sweep for what is due rather than act on one period).
   */
  every(name: string, everyMs: number, payload: Record<string, unknown> = {}): void {
    if (!Number.isInteger(everyMs) || everyMs <= 0) throw new Error(`every(${name}): the period must be a positive whole number of ms`);
    this.#recurring.push({ name, everyMs, payload });
  }

  /** Enqueues this period's recurring jobs, then runs every due job; for the poller and for tests. */
  async runDue(): Promise<RunSummary> {
    await this.#enqueueRecurring();
    const summary: RunSummary = { completed: 0, failed: 0 };
    for (;;) {
      const claimed = await this.#claim();
      if (claimed.length === 0) return summary;
      for (const job of claimed) {
        const ran = await this.#run(job);
        if (ran === 'completed') summary.completed++;
        else if (ran === 'failed') summary.failed++;
      }
    }
  }

  /** Per job name: the jobs due and not yet done, and how long the longest-waiting of them has been due. */
  async backlog(): Promise<QueueBacklog[]> {
    const now = this.#clock.now();
    const rows = await this.#db
      .select({ queue: jobs.name, depth: sql<number>`count(*)::int`, oldest: sql<Date>`min(${jobs.runAt})`.mapWith(jobs.runAt) })
      .from(jobs)
      .where(and(isNull(jobs.completedAt), isNull(jobs.deadAt), lte(jobs.runAt, now)))
      .groupBy(jobs.name);
    return rows.map((row) => ({ queue: row.queue, depth: row.depth, oldestAgeSeconds: Math.max(0, (now.getTime() - row.oldest.getTime()) / 1000) }));
  }

  /** Polls every `intervalMs` until stop(). No poll keeps the process alive on its own. */
  start(intervalMs: number): void {
    this.#poll.start(intervalMs);
  }

  /** Stops polling and waits for the batch in hand to finish. */
  stop(): Promise<void> {
    return this.#poll.stop();
  }

  async #enqueueRecurring(): Promise<void> {
    const now = this.#clock.now().getTime();
    for (const job of this.#recurring) {
      const periodStart = new Date(Math.floor(now / job.everyMs) * job.everyMs);
      await this.#queue.enqueue(this.#db, { name: job.name, payload: job.payload, runAt: periodStart, dedupeKey: `every ${job.everyMs} ms from ${periodStart.toISOString()}` });
    }
  }

  async #claim(): Promise<ClaimedJob[]> {
    const names = [...this.#handlers.keys()];
    if (names.length === 0) return [];
    const now = this.#clock.now();
    return this.#db.transaction(async (tx) => {
      const due = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            isNull(jobs.completedAt),
            isNull(jobs.deadAt),
            lte(jobs.runAt, now),
            or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, now)),
            inArray(jobs.name, names),
          ),
        )
        .orderBy(asc(jobs.runAt), asc(jobs.seq))
        .limit(this.#batchSize)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      const claimed = await tx
        .update(jobs)
        .set({ lockedUntil: new Date(now.getTime() + this.#leaseMs), attempts: sql`${jobs.attempts} + 1` })
        .where(inArray(jobs.id, due.map((row) => row.id)))
        .returning();
      // RETURNING gives rows in storage order, not the SELECT's: put them back in due order.
      return claimed.sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.seq - b.seq);
    });
  }

  /** Moves the job's lease a whole lease ahead, if this attempt still holds it; false when another runner took the job over. */
  async #renewLease(job: ClaimedJob): Promise<boolean> {
    const renewed = await this.#db
      .update(jobs)
      .set({ lockedUntil: new Date(this.#clock.now().getTime() + this.#leaseMs) })
      .where(and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts), isNull(jobs.completedAt), isNull(jobs.deadAt)))
      .returning({ id: jobs.id });
    return renewed.length > 0;
  }

  async #run(job: ClaimedJob): Promise<'completed' | 'failed' | 'taken_over'> {
    // Fenced by the attempt: a newer claim (after this lease lapsed) owns the outcome.
    const thisAttempt = and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts));
    // The batch's later jobs waited for the earlier ones: the lease starts again now, unless it lapsed and another runner has the job.
    if (!(await this.#renewLease(job))) return 'taken_over';
    try {
      const handler = this.#handlers.get(job.name);
      if (!handler) throw new Error(`no handler for job ${job.name}`);
      await underRenewedLease(
        () => this.#renewLease(job),
        this.#leaseMs / 3,
        (error) => this.#log.warn({ err: error, job: job.name, id: job.id }, 'job lease renewal failed'),
        () => handler(job.payload, { id: job.id, name: job.name, attempt: job.attempts }),
      );
      await this.#db
        .update(jobs)
        // The payload may hold personal data (a mail's address and text): drop it once done; the dedupe key stays.
        .set({ completedAt: this.#clock.now(), lockedUntil: null, lastError: null, payload: {} })
        .where(thisAttempt);
      this.#report?.attemptEnded(job.name, 'completed');
      return 'completed';
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, LAST_ERROR_MAX_CHARS);
      const now = this.#clock.now();
      if (job.attempts >= job.maxAttempts || error instanceof PermanentJobError) {
        this.#log.error({ job: job.name, id: job.id, attempts: job.attempts, reason }, 'job failed for the last time; marked dead');
        await this.#db.update(jobs).set({ deadAt: now, lockedUntil: null, lastError: reason }).where(thisAttempt);
        this.#report?.attemptEnded(job.name, 'dead');
      } else {
        const runAt = new Date(now.getTime() + retryDelayMs(job.attempts, this.#random));
        this.#log.warn({ job: job.name, id: job.id, attempts: job.attempts, runAt, reason }, 'job failed; will retry');
        await this.#db.update(jobs).set({ runAt, lockedUntil: null, lastError: reason }).where(thisAttempt);
        this.#report?.attemptEnded(job.name, 'failed');
      }
      return 'failed';
    }
  }
}
