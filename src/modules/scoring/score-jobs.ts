/**
 * A score as queued work (issue 25), the web instance's side: the caller is
 * admitted and charged (the route), then the score is enqueued as a job with
 * a score_runs row, and the request waits for it, told its progress, while a
 * worker (this process's or another's: score-worker.ts) crawls, judges and
 * stores the result, settling the charge in that transaction.
 *
 * Waiting: in-process the worker tells the request directly (score-job.ts);
 * otherwise the request reads its run every WAIT_POLL_MS. A run whose job
 * ended without an outcome (its last attempt's worker died) is failed here,
 * and the route gives the charge back.
 *
 * Leaving: the client's going away cancels the run (fenced: a run already
 * done keeps its result and its charge); the worker sees the cancellation
 * and stops its crawl.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../../queue/job-queue.ts';
import {
  hashClaimToken,
  newClaimToken,
  validateScoreUrl,
  type ScoreFailure,
  type ScoreOutcome,
  type ScoreProgress,
  type ScoreRequest,
  type ScoringService,
} from './scoring-service.ts';
import { SCORE_JOB, SCORE_JOB_ATTEMPTS, type LocalScoreChannel, type LocalWaiter, type ScoreJobPayload } from './score-job.ts';
import type { ScoreRuns, ScoreRunState } from './score-runs.ts';

/** How often a waiting request reads its run when the worker is in another process. */
export const WAIT_POLL_MS = 200;
/** How often a waiting request asks whether its job still exists and may still run. */
const JOB_CHECK_EVERY_MS = 2000;
/** How long a caller refused for a full score queue should wait before retrying. */
export const SCORE_QUEUE_RETRY_AFTER_SECONDS = 10;

export interface QueuedScoreRequest extends Omit<ScoreRequest, 'settleCharge' | 'claimTokenHash' | 'onProgress'> {
  /** The admission's charge (metering), for the worker to settle by; null when nothing was charged. */
  reservationId: string | null;
  onProgress?: (progress: ScoreProgress) => void;
}

export interface ScoreJobsDependencies {
  db: Database;
  jobs: JobQueue;
  runs: ScoreRuns;
  scoring: ScoringService;
  channel: LocalScoreChannel;
  crawlAllowlist: string[];
  /** Score jobs waiting for a worker, across every instance, beyond which new scores are refused (CRAWL_QUEUE_LIMIT). */
  queueLimit: number;
}

export class ScoreJobs {
  readonly #deps: ScoreJobsDependencies;

  constructor(deps: ScoreJobsDependencies) {
    this.#deps = deps;
  }

  /** Score jobs waiting for a worker now (readiness, and the bound). */
  async waiting(): Promise<number> {
    return this.#deps.jobs.engine.waiting(SCORE_JOB);
  }

  /** Enqueues the score and waits for its outcome; the anonymous caller's claim token is made and kept here. */
  async run(request: QueuedScoreRequest): Promise<ScoreOutcome> {
    const deps = this.#deps;
    const target = validateScoreUrl(request.url, deps.crawlAllowlist);
    if (!target.ok) return target;
    if ((await this.waiting()) > deps.queueLimit) return { ok: false, reason: 'crawl_queue_full', retryAfterSeconds: SCORE_QUEUE_RETRY_AFTER_SECONDS };
    if (request.signal.aborted) return { ok: false, reason: 'client_gone' };

    const claimToken = request.owner ? null : newClaimToken();
    const runId = randomUUID();
    const payload: ScoreJobPayload = {
      runId,
      url: request.url,
      depth: request.depth,
      context: request.context,
      companyName: request.companyName,
      owner: request.owner,
      productId: request.productId,
      segment: request.segment ?? null,
      reservationId: request.reservationId,
      claimTokenHash: claimToken ? hashClaimToken(claimToken) : null,
    };
    const ended = new Outcome();
    const waiter: LocalWaiter = {
      onProgress: (progress) => request.onProgress?.(progress),
      onOutcome: (outcome) => ended.settle(outcome),
      signal: request.signal,
      takenHere: false,
    };
    const leave = deps.channel.wait(runId, waiter);
    try {
      const enqueued = await deps.db.transaction(async (tx) => {
        await deps.runs.create(tx, runId);
        return deps.jobs.enqueue(tx, { name: SCORE_JOB, payload, maxAttempts: SCORE_JOB_ATTEMPTS });
      });
      if (!enqueued.enqueued) throw new Error('a score job has no dedupe key: it cannot be a duplicate');
      deps.channel.enqueued();
      const outcome = await this.#waitFor(runId, enqueued.id, request, waiter, ended);
      return outcome.ok ? { ...outcome, claimToken } : outcome;
    } finally {
      leave();
    }
  }

  async #waitFor(runId: string, jobId: string, request: QueuedScoreRequest, waiter: LocalWaiter, ended: Outcome): Promise<ScoreOutcome> {
    const deps = this.#deps;
    const onAbort = () => ended.wake();
    request.signal.addEventListener('abort', onAbort, { once: true });
    let lastProgress = '';
    let lastJobCheck = performance.now();
    try {
      for (;;) {
        if (ended.value) return ended.value;
        if (request.signal.aborted) {
          // Cancelled before it ended: nothing will be stored, the route refunds. Ended already: its outcome stands.
          if (await deps.runs.cancel(runId)) return { ok: false, reason: 'client_gone' };
        }
        const run = await deps.runs.read(runId);
        if (ended.value) return ended.value;
        // In-process the worker tells the request itself; across processes this is how progress arrives (the last one with the outcome).
        if (run?.progress && !waiter.takenHere) {
          const seen = JSON.stringify(run.progress);
          if (seen !== lastProgress) request.onProgress?.(run.progress);
          lastProgress = seen;
        }
        if (run?.outcome) return this.#outcomeOf(run);
        if (performance.now() - lastJobCheck >= JOB_CHECK_EVERY_MS) {
          lastJobCheck = performance.now();
          const lost = await this.#jobLost(runId, jobId);
          if (lost) return lost;
        }
        await ended.waitAtMost(WAIT_POLL_MS);
      }
    } finally {
      request.signal.removeEventListener('abort', onAbort);
    }
  }

  /** The job ended (its last attempt failed: the worker died) or is gone without an outcome: the run fails here. */
  async #jobLost(runId: string, jobId: string): Promise<ScoreOutcome | null> {
    const job = await this.#deps.jobs.engine.boss.getJobById(SCORE_JOB, jobId);
    if (job && !['failed', 'cancelled', 'completed'].includes(job.state)) return null;
    const failure: ScoreFailure = { ok: false, reason: 'score_failed' };
    if (await this.#deps.runs.finish(this.#deps.db, runId, failure, { fromQueued: true })) return failure;
    // The worker wrote its outcome just now: read it.
    const run = await this.#deps.runs.read(runId);
    return run?.outcome ? this.#outcomeOf(run) : failure;
  }

  async #outcomeOf(run: ScoreRunState): Promise<ScoreOutcome> {
    const outcome = run.outcome!;
    if (!outcome.ok) return outcome;
    const result = await this.#deps.scoring.get(outcome.resultId);
    if (!result) return { ok: false, reason: 'score_failed' };
    return { ok: true, result, claimToken: null };
  }
}

/** The outcome told in-process, and a wake-up for the waiting loop. */
class Outcome {
  value: ScoreOutcome | null = null;
  #wake: (() => void) | null = null;

  settle(outcome: ScoreOutcome): void {
    this.value = outcome;
    this.wake();
  }

  wake(): void {
    this.#wake?.();
    this.#wake = null;
  }

  waitAtMost(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.#wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
