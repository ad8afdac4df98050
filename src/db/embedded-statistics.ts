/**
 * The embedded database's planner statistics. PostgreSQL's autovacuum daemon
 * ANALYZEs a table as it changes; PGlite runs Postgres in single-user mode,
 * where no autovacuum runs, so its statistics would stay those of the first
 * start (empty tables). With 100k stored results the planner then picks plans
 * that read far more than a page shows: the dashboard and a product page took
 * 6-7x longer at 100k results than at 1k, and were flat again once the tables
 * were analysed (issue 29, docs/BENCHMARKS.md). So a recurring job does what
 * autovacuum would; on PostgreSQL it is not registered.
 */
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from './client.ts';
import type { JobRunner } from '../queue/job-runner.ts';

export const ANALYZE_JOB = 'database.analyze';
/** Hourly: sampling costs about a second at 100k results, and a day's growth never goes unplanned for long. */
export const ANALYZE_EVERY_MS = 60 * 60 * 1000;

export function registerEmbeddedAnalyze(runner: JobRunner, database: DatabaseHandle): void {
  if (database.kind !== 'pglite') return;
  runner.on(ANALYZE_JOB, async () => {
    await database.db.execute(sql`ANALYZE`);
  });
  runner.every(ANALYZE_JOB, ANALYZE_EVERY_MS);
}
