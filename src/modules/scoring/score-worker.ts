/**
 * A score as queued work (issue 25), the worker's side: takes score jobs, up
 * to `concurrency` at once in this process (CRAWL_MAX_ACTIVE: the crawls a
 * process runs at once), and for each one crawls, judges and stores the
 * result through ScoringService, settling the charge by its reservation id
 * and marking the run done in the transaction that stores it.
 *
 * Its own claim loop on pg-boss's fetch rather than a pg-boss worker: it runs
 * under a test clock too (where pg-boss's timers never fire), and a job
 * enqueued in this process is taken at once. It polls every POLL_MS
 * (EMBEDDED_POLL_MS on the embedded database) and is woken by enqueues in
 * this process; it sends the job's heartbeat itself, so a worker killed
 * mid-crawl stops them and pg-boss's monitor hands the job to another
 * worker for its second and last attempt.
 *
 * A score never fails its job: every outcome (a site that cannot be crawled,
 * a lapsed charge, our own error) is the run's, written for the waiting web
 * instance, and the job completes. Only a dead worker leads to a retry.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { JobWithMetadata } from 'pg-boss';
import type { Database, Transaction } from '../../db/client.ts';
import type { QueueBound } from '../../queue/job-backlog-check.ts';
import type { JobEngine } from '../../queue/job-engine.ts';
import type { JobEnvelope } from '../../queue/job-queue.ts';
import { runInTraceCarrier } from '../../observability/tracing.ts';
import type { ScoringResult } from './result-schema.ts';
import { SCORE_JOB, SCORE_JOB_ATTEMPTS, SCORE_JOB_HEARTBEAT_SECONDS, type LocalScoreChannel, type ScoreJobPayload } from './score-job.ts';
import type { ScoreRuns } from './score-runs.ts';
import type { ScoreOutcome, ScoreProgress, ScoringService } from './scoring-service.ts';

/** How often an idle worker looks for score jobs that another process may have enqueued (enqueues in this process wake it at once). */
const POLL_MS = 250;
/**
 * The same on the embedded database, which no other process opens: every
 * score is enqueued here and wakes the worker, so the poll only finds a job
 * handed back for a retry. Each poll is a claim query on the main thread
 * (about 2% of a core at POLL_MS, docs/BENCHMARKS.md).
 */
const EMBEDDED_POLL_MS = 5000;
/** Progress is written for other processes at most this often per run (a new stage at once). */
const PROGRESS_WRITE_MS = 250;
/** How often a running score reads whether its run was cancelled by a web instance in another process. */
const CANCEL_CHECK_MS = 500;
/** A score job no worker took within this is given up (pg-boss's retention of created jobs). */
const SCORE_JOB_RETENTION_SECONDS = 15 * 60;
/** Runs older than their retention are swept this often. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** The run was cancelled (the client left) before its result was stored. */
class RunCancelledError extends Error {
  override name = 'RunCancelledError';
}

export interface ScoreWorkerDependencies {
  db: Database;
  engine: JobEngine;
  runs: ScoreRuns;
  scoring: ScoringService;
  channel: LocalScoreChannel;
  /** Settles the admission's charge by its reservation id in the storing transaction; throws when it was given back (metering). */
  settleReservation: (tx: Transaction, reservationId: string) => Promise<void>;
  concurrency: number;
  /** Whether other processes share the database, and so enqueue scores this worker is not told of (PostgreSQL; not the embedded PGlite). */
  sharedDatabase: boolean;
  log: FastifyBaseLogger;
}

/** The score queue's own readiness bound (job-backlog-check.ts): past it, new scores are refused (score-jobs.ts). */
export function scoreQueueBound(limit: number): QueueBound {
  return { queue: SCORE_JOB, limit, setting: 'CRAWL_QUEUE_LIMIT', consequence: 'new scores are refused with 503 until workers catch up' };
}

export class ScoreWorker {
  readonly #deps: ScoreWorkerDependencies;
  readonly #running = new Map<string, { job: JobWithMetadata<JobEnvelope>; controller: AbortController; done: Promise<void> }>();
  #active = false;
  /** Set when a drain ran out of time: the scores then aborted are handed back, not ended. */
  #handingBack = false;
  #filling = false;
  #timer: NodeJS.Timeout | null = null;
  #heartbeat: NodeJS.Timeout | null = null;
  #sweptAt = 0;

  constructor(deps: ScoreWorkerDependencies) {
    this.#deps = deps;
    deps.channel.onEnqueued(() => void this.#fill());
  }

  /** The score queue, created before any request enqueues to it: retried once, with a heartbeat. */
  static async prepareQueue(engine: JobEngine): Promise<void> {
    await engine.ensureQueue(SCORE_JOB, {
      retryLimit: SCORE_JOB_ATTEMPTS - 1,
      retryDelay: 0,
      retryBackoff: false,
      retryDelayMax: undefined,
      heartbeatSeconds: SCORE_JOB_HEARTBEAT_SECONDS,
      // A score nobody took within this is dropped: its waiting request (if any is left) fails and refunds.
      retentionSeconds: SCORE_JOB_RETENTION_SECONDS,
    });
  }

  start(): void {
    if (this.#active) return;
    this.#active = true;
    this.#timer = setInterval(() => void this.#fill(), this.#deps.sharedDatabase ? POLL_MS : EMBEDDED_POLL_MS);
    this.#heartbeat = setInterval(() => void this.#beat(), (SCORE_JOB_HEARTBEAT_SECONDS * 1000) / 3);
    this.#timer.unref();
    this.#heartbeat.unref();
    void this.#fill();
  }

  /**
   * Stops taking jobs; the scores in hand get up to `drainMs` to finish, then
   * are aborted and their jobs failed, which hands each to another worker for
   * its retry (its charge stays in flight under the web's lease meanwhile).
   */
  async stop(drainMs: number): Promise<void> {
    if (!this.#active) return;
    this.#active = false;
    if (this.#timer) clearInterval(this.#timer);
    const inHand = [...this.#running.values()];
    const drained = await Promise.race([Promise.all(inHand.map((run) => run.done)).then(() => true), delay(drainMs).then(() => false)]);
    if (!drained) {
      this.#handingBack = true;
      for (const run of this.#running.values()) {
        run.controller.abort();
        await this.#deps.engine.boss.fail(SCORE_JOB, { id: run.job.id, retryCount: run.job.retryCount }, { message: 'worker stopped' }).catch(() => {});
      }
    }
    if (this.#heartbeat) clearInterval(this.#heartbeat);
  }

  async #fill(): Promise<void> {
    if (!this.#active || this.#filling) return;
    this.#filling = true;
    try {
      while (this.#active && this.#running.size < this.#deps.concurrency) {
        await this.#deps.engine.syncClock();
        const [job] = await this.#deps.engine.boss.fetch<JobEnvelope>(SCORE_JOB, { batchSize: 1, includeMetadata: true });
        if (!job) break;
        const controller = new AbortController();
        const entry = { job, controller, done: Promise.resolve() };
        this.#running.set(job.id, entry);
        // The score runs in the trace of the request that enqueued it (the job's envelope).
        entry.done = runInTraceCarrier(job.data.trace, `job ${SCORE_JOB}`, () => this.#run(job, controller)).finally(() => {
          this.#running.delete(job.id);
          void this.#fill();
        });
      }
      await this.#sweep();
    } catch (error) {
      this.#deps.log.error({ err: error }, 'taking score jobs failed');
    } finally {
      this.#filling = false;
    }
  }

  async #beat(): Promise<void> {
    if (this.#running.size === 0) return;
    try {
      await this.#deps.engine.boss.touch(
        SCORE_JOB,
        [...this.#running.values()].map(({ job }) => ({ id: job.id, retryCount: job.retryCount })),
      );
    } catch (error) {
      this.#deps.log.warn({ err: error }, 'score job heartbeat failed');
    }
  }

  async #sweep(): Promise<void> {
    const now = Date.now();
    if (now - this.#sweptAt < SWEEP_EVERY_MS) return;
    this.#sweptAt = now;
    await this.#deps.runs.deleteOld();
  }

  async #run(job: JobWithMetadata<JobEnvelope>, controller: AbortController): Promise<void> {
    const deps = this.#deps;
    const payload = job.data.payload as ScoreJobPayload;
    try {
      if (!(await deps.runs.start(payload.runId))) {
        // Cancelled before it started (or already ended): nothing to do.
        await deps.engine.boss.complete(SCORE_JOB, { id: job.id, retryCount: job.retryCount });
        return;
      }
      const outcome = await this.#score(payload, controller);
      // Handed back at shutdown: stop() failed the job for another worker, and the run goes on there.
      if (!outcome) return;
      deps.channel.waiter(payload.runId)?.onOutcome(outcome);
      await deps.engine.boss.complete(SCORE_JOB, { id: job.id, retryCount: job.retryCount });
    } catch (error) {
      // The database went away under us: the job is failed (or its heartbeat stops), and retried.
      deps.log.error({ err: error, runId: payload.runId }, 'score job failed');
      await deps.engine.boss.fail(SCORE_JOB, { id: job.id, retryCount: job.retryCount }, { message: String(error) }).catch(() => {});
    }
  }

  /** Runs the score and records its outcome on the run; the outcome for a waiting request of this process, or null when handed back. */
  async #score(payload: ScoreJobPayload, controller: AbortController): Promise<ScoreOutcome | null> {
    const deps = this.#deps;
    const local = deps.channel.waiter(payload.runId);
    if (local) {
      local.takenHere = true;
      if (local.signal.aborted) controller.abort();
      else local.signal.addEventListener('abort', () => controller.abort(), { once: true });
    }
    const progress = new ProgressWriter((state) => deps.runs.recordProgress(payload.runId, state));
    const watch = local ? null : setInterval(() => void this.#abortIfCancelled(payload.runId, controller), CANCEL_CHECK_MS);
    let outcome: ScoreOutcome;
    try {
      outcome = await deps.scoring.score({
        url: payload.url,
        depth: payload.depth,
        context: payload.context,
        companyName: payload.companyName,
        owner: payload.owner,
        productId: payload.productId,
        segment: payload.segment,
        signal: controller.signal,
        ...(payload.claimTokenHash ? { claimTokenHash: payload.claimTokenHash } : {}),
        onProgress: (state) => {
          local?.onProgress(state);
          if (!local) progress.push(state);
        },
        settleCharge: (tx, result) => this.#settle(tx, payload, result, progress.latest),
      });
    } catch (error) {
      if (error instanceof RunCancelledError || controller.signal.aborted) outcome = { ok: false, reason: 'client_gone' };
      else {
        // A lapsed charge (ChargeLapsedError: the web instance died) or our own error: nothing was stored.
        deps.log.error({ err: error, runId: payload.runId }, 'queued score failed');
        outcome = { ok: false, reason: 'score_failed' };
      }
    } finally {
      if (watch) clearInterval(watch);
      await progress.flush();
    }
    if (this.#handingBack && !outcome.ok && outcome.reason === 'client_gone') return null;
    if (!outcome.ok) await deps.runs.finish(deps.db, payload.runId, outcome, { progress: progress.latest });
    return outcome;
  }

  async #settle(tx: Transaction, payload: ScoreJobPayload, result: ScoringResult, progress: ScoreProgress | null): Promise<void> {
    if (!(await this.#deps.runs.finish(tx, payload.runId, { ok: true, resultId: result.id }, { progress }))) throw new RunCancelledError();
    if (payload.reservationId) await this.#deps.settleReservation(tx, payload.reservationId);
  }

  async #abortIfCancelled(runId: string, controller: AbortController): Promise<void> {
    try {
      const run = await this.#deps.runs.read(runId);
      if (run?.state === 'cancelled') controller.abort();
    } catch (error) {
      this.#deps.log.warn({ err: error, runId }, 'reading a score run failed');
    }
  }
}

/** Progress for other processes: the latest state at most every PROGRESS_WRITE_MS, a new stage at once, one write at a time. */
class ProgressWriter {
  readonly #write: (state: ScoreProgress) => Promise<void>;
  #pending: ScoreProgress | null = null;
  /** The latest state pushed, written or not: it goes with the run's outcome. */
  latest: ScoreProgress | null = null;
  #lastStage: string | null = null;
  #lastAt = 0;
  #writing: Promise<void> = Promise.resolve();
  #timer: NodeJS.Timeout | null = null;

  constructor(write: (state: ScoreProgress) => Promise<void>) {
    this.#write = write;
  }

  push(state: ScoreProgress): void {
    this.#pending = state;
    this.latest = state;
    const wait = state.stage !== this.#lastStage ? 0 : this.#lastAt + PROGRESS_WRITE_MS - performance.now();
    if (wait <= 0) this.#send();
    else this.#timer ??= setTimeout(() => this.#send(), wait);
  }

  #send(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const state = this.#pending;
    if (!state) return;
    this.#pending = null;
    this.#lastStage = state.stage;
    this.#lastAt = performance.now();
    // Progress is for display: a failed write is dropped, the score goes on.
    this.#writing = this.#writing.then(() => this.#write(state)).catch(() => {});
  }

  async flush(): Promise<void> {
    this.#send();
    await this.#writing;
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
