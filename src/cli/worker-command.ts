/**
 * `maturity worker [--concurrency N]`: a process that runs the job handlers
 * (mail, webhooks, lifecycle sweeps, source syncs, the outbox), pg-boss's
 * cron and its maintenance, against the shared PostgreSQL (and Redis), beside
 * web instances started with WORKER_CONCURRENCY=0 (or beside ordinary ones:
 * workers only add capacity).
 *
 * It is the service built as `npm start` builds it, made ready but not
 * listening: one wiring, so a worker runs exactly the handlers the web
 * enqueues for. No public port; GET /metrics on METRICS_PORT (also with
 * METRICS_TOKEN, which guards only a public port).
 *
 * SIGTERM drains: it stops claiming, lets the handlers in hand finish within
 * WORKER_DRAIN_TIMEOUT_MS, hands back (fails for a retry) what still runs
 * then, and exits 0.
 */
import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '../config.ts';
import { closeOnSignals, serveMetricsApart } from '../main.ts';
import { startTracing } from '../observability/tracing.ts';
import { UsageError } from './usage-error.ts';

export async function workerCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { concurrency: { type: 'string' } }, strict: true, allowPositionals: false });
  const concurrency = concurrencyFrom(values.concurrency);
  const config = loadConfigOrExit();
  if (!config.databaseUrl) {
    throw new UsageError("maturity worker needs DATABASE_URL: the embedded database is one process's, so its jobs run inside npm start");
  }
  // Tracing before the app's modules load: its hooks must see pg and ioredis load (observability/tracing.ts).
  const stopTracing = await startTracing();
  const [{ buildApp }, { DEFAULT_WORKER_CONCURRENCY }] = await Promise.all([import('../app.ts'), import('../queue/job-runner.ts')]);
  // --concurrency, else WORKER_CONCURRENCY unless that is the web instances' 0 (one environment may serve both), else the default.
  const workerConcurrency = concurrency ?? (config.workerConcurrency > 0 ? config.workerConcurrency : DEFAULT_WORKER_CONCURRENCY);
  const { app, metrics } = await buildApp({ ...config, workerConcurrency });
  await serveMetricsApart(app, metrics, config);
  if (stopTracing) app.addHook('onClose', () => stopTracing());
  closeOnSignals(app, config.shutdownTimeoutMs);
  // Ready without listening: the onReady hooks start the job workers and the charge reclaiming.
  await app.ready();
  app.log.info({ concurrency: workerConcurrency }, 'worker running: job handlers on every queue, no public port');
}

function concurrencyFrom(value: string | undefined): number | null {
  if (value === undefined) return null;
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || parsed < 1 || parsed > 64)
    throw new UsageError(`--concurrency: expected a whole number from 1 to 64, got ${JSON.stringify(value)}`);
  return parsed;
}
