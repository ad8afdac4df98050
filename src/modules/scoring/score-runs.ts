/**
 * The score_runs rows (migration 0047): a queued score's state between the
 * web instance that admitted it and waits, and the worker that runs it.
 *
 * The row is the fence between the two: the web cancels a run only while it
 * is queued or running, and the worker marks it done only while it is
 * running, in the transaction that stores the result. Whichever comes first
 * wins; a cancelled run never stores a result, and a stored result is never
 * cancelled (and so never refunded).
 */
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { ScoreFailure, ScoreProgress } from './scoring-service.ts';
import { scoreRuns } from './tables.ts';

/** How a run ended, as stored: the result's id, or the failure the web answers with. */
export type StoredRunOutcome = { ok: true; resultId: string } | ScoreFailure;

export interface ScoreRunState {
  state: 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
  progress: ScoreProgress | null;
  outcome: StoredRunOutcome | null;
}

/** Finished runs are kept this long (a web instance may still be reading one), then deleted. */
const FINISHED_RUN_RETENTION_MS = 24 * 60 * 60 * 1000;

export class ScoreRuns {
  readonly #db: Database;
  readonly #clock: Clock;

  constructor(deps: { db: Database; clock: Clock }) {
    this.#db = deps.db;
    this.#clock = deps.clock;
  }

  async create(executor: Executor, id: string): Promise<void> {
    const now = this.#clock.now();
    await executor.insert(scoreRuns).values({ id, state: 'queued', createdAt: now, updatedAt: now });
  }

  /** The worker takes the run (a retried job takes it again); false when it was cancelled or has ended. */
  async start(id: string): Promise<boolean> {
    const started = await this.#db
      .update(scoreRuns)
      .set({ state: 'running', updatedAt: this.#clock.now() })
      .where(and(eq(scoreRuns.id, id), inArray(scoreRuns.state, ['queued', 'running'])))
      .returning({ id: scoreRuns.id });
    return started.length > 0;
  }

  /** The worker's latest progress, for a waiting web instance in another process. */
  async recordProgress(id: string, progress: ScoreProgress): Promise<void> {
    await this.#db
      .update(scoreRuns)
      .set({ progress, updatedAt: this.#clock.now() })
      .where(and(eq(scoreRuns.id, id), eq(scoreRuns.state, 'running')));
  }

  /**
   * Ends a running run (or, with `fromQueued`, one no worker took), with its
   * last progress when given; false when
   * it had already ended or been cancelled. In the storing transaction for a
   * result: a false there must roll the result back.
   */
  async finish(
    executor: Executor,
    id: string,
    outcome: StoredRunOutcome,
    options: { fromQueued?: boolean; progress?: ScoreProgress | null } = {},
  ): Promise<boolean> {
    const fromQueued = options.fromQueued ?? false;
    const finished = await executor
      .update(scoreRuns)
      // The last progress goes with the outcome, so a waiting request in another process sends it before the end.
      .set({ state: outcome.ok ? 'done' : 'failed', outcome, ...(options.progress ? { progress: options.progress } : {}), updatedAt: this.#clock.now() })
      .where(and(eq(scoreRuns.id, id), inArray(scoreRuns.state, fromQueued ? ['queued', 'running'] : ['running'])))
      .returning({ id: scoreRuns.id });
    return finished.length > 0;
  }

  /** The client went away: cancelled unless it has ended; false when it had (a stored result stands). */
  async cancel(id: string): Promise<boolean> {
    const cancelled = await this.#db
      .update(scoreRuns)
      .set({ state: 'cancelled', updatedAt: this.#clock.now() })
      .where(and(eq(scoreRuns.id, id), inArray(scoreRuns.state, ['queued', 'running'])))
      .returning({ id: scoreRuns.id });
    return cancelled.length > 0;
  }

  async read(id: string): Promise<ScoreRunState | null> {
    const [row] = await this.#db
      .select({ state: scoreRuns.state, progress: scoreRuns.progress, outcome: scoreRuns.outcome })
      .from(scoreRuns)
      .where(eq(scoreRuns.id, id));
    if (!row) return null;
    return { state: row.state, progress: (row.progress as ScoreProgress | null) ?? null, outcome: (row.outcome as StoredRunOutcome | null) ?? null };
  }

  /** Deletes runs created longer ago than the retention; how many. */
  async deleteOld(): Promise<number> {
    const cutoff = new Date(this.#clock.now().getTime() - FINISHED_RUN_RETENTION_MS);
    const deleted = await this.#db.delete(scoreRuns).where(lt(scoreRuns.createdAt, cutoff)).returning({ id: scoreRuns.id });
    return deleted.length;
  }
}
