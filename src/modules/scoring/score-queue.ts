/**
 * The score queue's parts, built together: the runs both sides share, the
 * in-process channel, the web's ScoreJobs and this process's ScoreWorker
 * (started only where jobs run: score-worker.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Database, Transaction } from '../../db/client.ts';
import type { JobQueue } from '../../queue/job-queue.ts';
import { LocalScoreChannel } from './score-job.ts';
import { ScoreJobs } from './score-jobs.ts';
import { ScoreRuns } from './score-runs.ts';
import { ScoreWorker } from './score-worker.ts';
import type { ScoringService } from './scoring-service.ts';

export interface ScoreQueueOptions {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  jobs: JobQueue;
  scoring: ScoringService;
  crawlAllowlist: string[];
  /** Score jobs that may wait for a worker, across every instance, before new scores get 503 (CRAWL_QUEUE_LIMIT). */
  queueLimit: number;
  /** Scores this process runs at once when it runs jobs (CRAWL_MAX_ACTIVE). */
  concurrency: number;
  /** Other processes share the database (PostgreSQL): the worker polls for their scores more often. */
  sharedDatabase: boolean;
  settleReservation: (tx: Transaction, reservationId: string) => Promise<void>;
}

export function createScoreQueue(options: ScoreQueueOptions): { scoreJobs: ScoreJobs; scoreWorker: ScoreWorker } {
  const { db, clock, log, jobs, scoring } = options;
  const runs = new ScoreRuns({ db, clock });
  const channel = new LocalScoreChannel();
  const scoreJobs = new ScoreJobs({ db, jobs, runs, scoring, channel, crawlAllowlist: options.crawlAllowlist, queueLimit: options.queueLimit });
  const scoreWorker = new ScoreWorker({
    db,
    engine: jobs.engine,
    runs,
    scoring,
    channel,
    settleReservation: options.settleReservation,
    concurrency: options.concurrency,
    sharedDatabase: options.sharedDatabase,
    log,
  });
  return { scoreJobs, scoreWorker };
}
