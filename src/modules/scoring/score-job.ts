/**
 * What travels from the web instance to the worker for one score (the job's
 * payload), and the in-process channel between them when they are the same
 * process: progress and the outcome go straight to the waiting request, and
 * the request's leaving aborts the crawl at once, without a round trip
 * through score_runs. Across processes, score_runs carries the same.
 */
import type { ScoreDepth } from './result-schema.ts';
import type { ScoreOutcome, ScoreProgress } from './scoring-service.ts';

/** The score queue's name (pg-boss). */
export const SCORE_JOB = 'score.run';

/** Attempts per score: a worker killed mid-crawl hands its job to another worker once. */
export const SCORE_JOB_ATTEMPTS = 2;

/**
 * Heartbeat of a running score job: a worker silent this long (killed) gives
 * the job back for its retry, once pg-boss's monitor looks (every
 * HEARTBEAT_SECONDS in retry-policy.ts). pg-boss's minimum.
 */
export const SCORE_JOB_HEARTBEAT_SECONDS = 10;

export interface ScoreJobPayload {
  [key: string]: unknown;
  runId: string;
  url: string;
  depth: ScoreDepth;
  context: string | null;
  companyName: string | null;
  owner: { accountId: string; userId: string } | null;
  productId: string | null;
  segment: string | null;
  /** The admission's charge, settled by the worker in the transaction that stores the result; null when nothing was charged. */
  reservationId: string | null;
  /** An anonymous score's claim token, hashed: the token itself stays in the web request. */
  claimTokenHash: string | null;
}

/** The waiting request's side of a run, when the worker is in its process. */
export interface LocalWaiter {
  onProgress(progress: ScoreProgress): void;
  /** The outcome, with the result itself when one was stored (claimToken is the web's to add). */
  onOutcome(outcome: ScoreOutcome): void;
  /** Aborted when the client goes away. */
  signal: AbortSignal;
  /** Set by a worker of this process when it takes the run: progress then comes only from it. */
  takenHere: boolean;
}

/** Waiting requests of this process, by run id: the worker tells them directly. */
export class LocalScoreChannel {
  readonly #waiters = new Map<string, LocalWaiter>();
  readonly #wakeWorkers = new Set<() => void>();

  wait(runId: string, waiter: LocalWaiter): () => void {
    this.#waiters.set(runId, waiter);
    return () => this.#waiters.delete(runId);
  }

  waiter(runId: string): LocalWaiter | undefined {
    return this.#waiters.get(runId);
  }

  /** A job was enqueued here: a worker of this process looks for it now rather than at its next poll. */
  enqueued(): void {
    for (const wake of this.#wakeWorkers) wake();
  }

  onEnqueued(wake: () => void): void {
    this.#wakeWorkers.add(wake);
  }
}
