/**
 * Runs jobs (job-queue.ts enqueues them) on pg-boss:
 *
 * - One pg-boss queue per job name, each with its own workers
 *   (`concurrency`, WORKER_CONCURRENCY, handlers at once per queue and
 *   instance): a slow webhook holds up webhooks, never mail. Jobs tied to
 *   an account run one at a time per account and queue, across instances
 *   (pg-boss group concurrency), in the order they were enqueued.
 * - A claimed job is the worker's while it sends heartbeats; a process that
 *   dies mid-handler stops them, and the job is retried about
 *   HEARTBEAT_SECONDS later. A job therefore runs at least once, not exactly
 *   once: handlers are idempotent, or accept a rare repeat, and effects that
 *   must happen once carry a dedupe key (job-queue.ts).
 * - Every outcome is written for the attempt that was claimed (pg-boss's
 *   attempt fence, the job's retry count): an attempt that outlived its claim
 *   and finishes after the job was retried changes nothing.
 * - Failure retries with backoff for 3 days (retry-policy.ts); a
 *   PermanentJobError fails the job for good at once.
 * - Recurring work is a pg-boss cron schedule (once per occurrence, whatever
 *   the number of instances), not a row enqueued at every poll.
 * - One query looks for due work, not every worker: every `pollMs` a single
 *   scan lists the queues holding due jobs and wakes their workers, and a
 *   worker that finished a job looks for the next at once. Each worker's own
 *   poll is only a backstop (BACKSTOP_POLL_SECONDS). Before, each of the
 *   four workers of some thirty queues polled every 2 s: an idle embedded
 *   instance spent a quarter of a core on it (docs/BENCHMARKS.md).
 *
 * runDue() drains what is due now, in this process, and returns: for tests
 * (and a test clock, under which pg-boss's own timers never fire).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { JobWithMetadata } from 'pg-boss';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { runInTraceCarrier } from '../observability/tracing.ts';
import type { JobEngine } from './job-engine.ts';
import type { JobEnvelope, JobQueue } from './job-queue.ts';
import { recurrenceEvery, type Recurrence } from './recurrence.ts';

export interface JobContext {
  id: string;
  name: string;
  /** 1 on the first attempt. */
  attempt: number;
}

/** Thrown by a handler when trying again cannot help (a malformed payload): the job fails for good at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export type JobHandler = (payload: Record<string, unknown>, context: JobContext) => Promise<void>;

/** How an attempt ended: `completed`; `failed` (it will be retried); `dead` (it will not). */
export interface JobEvent {
  queue: string;
  outcome: 'completed' | 'failed' | 'dead';
}

export interface JobRunnerOptions {
  db: Database;
  engine: JobEngine;
  queue: JobQueue;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Handlers run at once per queue in this process (WORKER_CONCURRENCY). Default DEFAULT_WORKER_CONCURRENCY. */
  concurrency?: number;
  /** How often the runner looks for due jobs (OUTBOX_POLL_MS); at least 500 ms. New jobs wake workers sooner (LISTEN/NOTIFY). Default 2 s. */
  pollMs?: number;
  /** Told how each attempt ended (the metrics). */
  onJobEvent?: (event: JobEvent) => void;
}

export interface RunSummary {
  completed: number;
  failed: number;
}

interface RecurringJob {
  name: string;
  recurrence: Recurrence;
  payload: Record<string, unknown>;
}

export const DEFAULT_WORKER_CONCURRENCY = 4;
const DRAIN_BATCH = 100;
/**
 * How often a worker polls on its own, should the due scan not wake it (the
 * scan's query failing): a backstop, far apart, since each poll is a claim
 * query per worker of every queue.
 */
const BACKSTOP_POLL_SECONDS = 60;
const LAST_ERROR_MAX_CHARS = 1000;

type ClaimedJob = JobWithMetadata<JobEnvelope>;
/** What complete() and fail() answer at run time (their declared type is empty): how many jobs the call settled. */
type Settled = { affected: number };

export class JobRunner {
  readonly #db: Database;
  readonly #engine: JobEngine;
  readonly #queue: JobQueue;
  readonly #clock: Clock;
  readonly #log: FastifyBaseLogger;
  readonly #concurrency: number;
  readonly #pollSeconds: number;
  readonly #onJobEvent: ((event: JobEvent) => void) | undefined;
  readonly #handlers = new Map<string, JobHandler>();
  readonly #recurring: RecurringJob[] = [];
  /** Each queue's workers in this process, to wake when the due scan finds its jobs. */
  readonly #workerIds = new Map<string, string[]>();
  #dueScan: NodeJS.Timeout | null = null;
  #working = false;

  constructor(options: JobRunnerOptions) {
    this.#db = options.db;
    this.#engine = options.engine;
    this.#queue = options.queue;
    this.#clock = options.clock;
    this.#log = options.log;
    this.#concurrency = options.concurrency ?? DEFAULT_WORKER_CONCURRENCY;
    this.#pollSeconds = Math.max(0.5, (options.pollMs ?? 2000) / 1000);
    this.#onJobEvent = options.onJobEvent;
  }

  /** The handler for jobs named `name` (its queue is created by prepare()). */
  on(name: string, handler: JobHandler): void {
    this.#handlers.set(name, handler);
  }

  /**
   * Recurring work: a cron schedule of about `everyMs` (recurrence.ts). One
   * job per occurrence, however many instances run; an occurrence missed
   * while every instance was down is not made up (recurring handlers sweep
   * for what is due rather than act on one period).
   */
  every(name: string, everyMs: number, payload: Record<string, unknown> = {}): void {
    this.#recurring.push({ name, recurrence: recurrenceEvery(everyMs), payload });
  }

  /** Creates the queues of every handler: before the first request, so enqueuing finds them (job-queue.ts). */
  async prepare(): Promise<void> {
    for (const name of [...this.#handlers.keys(), ...this.#recurring.map((job) => job.name)]) await this.#engine.ensureQueue(name);
  }

  /** Starts the workers, the due scan and the cron schedules; stop() ends them. */
  async start(): Promise<void> {
    await this.prepare();
    this.#working = true;
    for (const [name] of this.#handlers) {
      // One pg-boss worker per slot, each known by its id: the due scan wakes as many as there are jobs.
      const ids: string[] = [];
      for (let slot = 0; slot < this.#concurrency; slot++) ids.push(await this.#startWorker(name));
      this.#workerIds.set(name, ids);
    }
    for (const job of this.#recurring) {
      const envelope: JobEnvelope = { payload: job.payload, accountId: null, trace: {} };
      await this.#engine.boss.schedule(job.name, job.recurrence.cron, envelope, { tz: 'UTC' });
    }
    // Under a test clock pg-boss's timers never fire and tests drain with runDue(): no scan either.
    if (this.#engine.runsTimers) {
      this.#dueScan = setInterval(() => void this.#wakeDue(), this.#pollSeconds * 1000);
      this.#dueScan.unref();
    }
  }

  async #startWorker(name: string): Promise<string> {
    let workerId = '';
    workerId = await this.#engine.boss.work<JobEnvelope>(
      name,
      {
        includeMetadata: true,
        batchSize: 1,
        localConcurrency: 1,
        groupConcurrency: 1,
        pollingIntervalSeconds: BACKSTOP_POLL_SECONDS,
        // A NOTIFY (a job enqueued) wakes the queue's workers at once; without one, the due scan does.
        notifyPollingIntervalSeconds: BACKSTOP_POLL_SECONDS,
      },
      async ([job]) => {
        try {
          if (job) await this.#runClaimed(job as ClaimedJob);
        } finally {
          // Drains the queue: the next job now, not at the next wake-up (an empty claim then sleeps).
          this.#engine.boss.notifyWorker(workerId);
        }
      },
    );
    return workerId;
  }

  /** Wakes, for each queue with due jobs, as many of its workers as it has jobs. */
  async #wakeDue(): Promise<void> {
    if (!this.#working) return;
    try {
      for (const { queue, depth } of await this.#engine.backlog()) {
        for (const id of (this.#workerIds.get(queue) ?? []).slice(0, depth)) this.#engine.boss.notifyWorker(id);
      }
    } catch (error) {
      this.#log.warn({ err: error }, 'looking for due jobs failed; workers fall back to their own polling');
    }
  }

  /**
   * Stops claiming jobs, on every queue at once. The handlers in hand run on:
   * the engine's stop() waits for them, within its drain bound, and hands
   * back what is still running then (a slow webhook must not hold the
   * other queues' drain, nor the process's exit, past that bound).
   */
  async stop(): Promise<void> {
    if (!this.#working) return;
    this.#working = false;
    if (this.#dueScan) clearInterval(this.#dueScan);
    this.#dueScan = null;
    await Promise.all([...this.#handlers.keys()].map((name) => this.#engine.boss.offWork(name, { wait: false })));
  }

  /**
   * Runs every job due now, here, until none is left; for tests. The
   * recurring jobs' current period is enqueued first (with the period as
   * dedupe key), standing in for the cron pass that pg-boss runs on a timer.
   */
  async runDue(): Promise<RunSummary> {
    await this.prepare();
    await this.#engine.syncClock();
    await this.#enqueueRecurring();
    const summary: RunSummary = { completed: 0, failed: 0 };
    for (;;) {
      let claimedAny = false;
      for (const name of this.#handlers.keys()) {
        const claimed = await this.#engine.boss.fetch<JobEnvelope>(name, { includeMetadata: true, batchSize: DRAIN_BATCH });
        // pg-boss claims the oldest jobs but returns them in storage order: run them in enqueue order.
        claimed.sort((a, b) => a.createdOn.getTime() - b.createdOn.getTime());
        for (const job of claimed) {
          claimedAny = true;
          const ran = await this.#runFetched(job);
          if (ran === 'completed') summary.completed++;
          else if (ran === 'failed') summary.failed++;
        }
      }
      if (!claimedAny) return summary;
    }
  }

  async #enqueueRecurring(): Promise<void> {
    const now = this.#clock.now().getTime();
    for (const job of this.#recurring) {
      const periodStart = new Date(Math.floor(now / job.recurrence.everyMs) * job.recurrence.everyMs);
      await this.#queue.enqueue(this.#db, {
        name: job.name,
        payload: job.payload,
        runAt: periodStart,
        dedupeKey: `${job.recurrence.cron} from ${periodStart.toISOString()}`,
      });
    }
  }

  async #execute(job: ClaimedJob): Promise<void> {
    const handler = this.#handlers.get(job.name);
    if (!handler) throw new PermanentJobError(`no handler for job ${job.name}`);
    const envelope = job.data;
    await runInTraceCarrier(envelope.trace, `job ${job.name}`, () =>
      handler(envelope.payload ?? {}, { id: job.id, name: job.name, attempt: job.retryCount + 1 }),
    );
  }

  /** A worker's job: pg-boss settles it (fenced by the attempt) from what the handler did. */
  async #runClaimed(job: ClaimedJob): Promise<void> {
    try {
      await this.#execute(job);
      this.#onJobEvent?.({ queue: job.name, outcome: 'completed' });
    } catch (error) {
      this.#onJobEvent?.({ queue: job.name, outcome: await this.#failing(job, error) });
      throw error;
    }
  }

  /** A drained job: settled here, for its attempt only; 'taken_over' when a newer attempt holds the job. */
  async #runFetched(job: ClaimedJob): Promise<'completed' | 'failed' | 'taken_over'> {
    const attempt = { id: job.id, retryCount: job.retryCount };
    try {
      await this.#execute(job);
    } catch (error) {
      const outcome = await this.#failing(job, error);
      const failed = (await this.#engine.boss.fail(job.name, attempt, { message: reasonOf(error) })) as Settled;
      if (failed.affected === 0) return 'taken_over';
      this.#onJobEvent?.({ queue: job.name, outcome });
      return 'failed';
    }
    const completed = (await this.#engine.boss.complete(job.name, attempt)) as Settled;
    if (completed.affected === 0) return 'taken_over';
    this.#onJobEvent?.({ queue: job.name, outcome: 'completed' });
    return 'completed';
  }

  /** Logs a failed attempt; a permanent error spends the job's remaining retries, so pg-boss's fail is final. */
  async #failing(job: ClaimedJob, error: unknown): Promise<'failed' | 'dead'> {
    const reason = reasonOf(error);
    const last = error instanceof PermanentJobError || job.retryCount >= job.retryLimit;
    if (error instanceof PermanentJobError) {
      await this.#engine.boss
        .getDb()
        .executeSql(`UPDATE ${this.#engine.schema}.job SET retry_limit = retry_count WHERE name = $1 AND id = $2 AND retry_count = $3 AND state = 'active'`, [
          job.name,
          job.id,
          job.retryCount,
        ]);
    }
    if (last) {
      this.#log.error({ job: job.name, id: job.id, attempt: job.retryCount + 1, reason }, 'job failed for the last time');
      return 'dead';
    }
    this.#log.warn({ job: job.name, id: job.id, attempt: job.retryCount + 1, reason }, 'job failed; will retry');
    return 'failed';
  }
}

function reasonOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, LAST_ERROR_MAX_CHARS);
}
