/**
 * The infrastructure every service is built on, chosen from the configuration
 * or from what a caller hands in (buildApp's AppDependencies): the job engine
 * and queue, the outbox, the mailer, the payment provider, the rate-limit
 * store, the metrics, and the domain-event bus. Nothing here knows a module's
 * rules; src/services.ts builds the modules on top, in dependency order.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { registerEmbeddedAnalyze } from './db/embedded-statistics.ts';
import { DomainEvents } from './domain-events.ts';
import { createMailer } from './mail/create-mailer.ts';
import type { Mailer } from './mail/mailer.ts';
import type { CountingStore } from './modules/limits/counting-store.ts';
import { createCountingStore } from './modules/limits/create-counting-store.ts';
import { RateLimiter } from './modules/limits/rate-limiter.ts';
import { createStripeClient, LocalPaymentProvider, StripePaymentProvider, type PaymentProvider } from './modules/billing/payment-provider.ts';
import { createServiceMetrics, reportJobEvent, type ServiceMetrics } from './observability/service-metrics.ts';
import { JobEngine } from './queue/job-engine.ts';
import { JobQueue } from './queue/job-queue.ts';
import { JobRunner } from './queue/job-runner.ts';
import { outboxOn, type Outbox } from './queue/outbox.ts';

export interface Infrastructure {
  config: Config;
  clock: Clock;
  log: FastifyBaseLogger;
  database: DatabaseHandle;
  metrics: ServiceMetrics;
  jobEngine: JobEngine;
  /** Enqueue jobs in your transaction (src/queue/); mail through enqueueMail (src/mail/send-mail-job.ts). */
  jobs: JobQueue;
  jobRunner: JobRunner;
  outbox: Outbox;
  mailer: Mailer;
  paymentProvider: PaymentProvider;
  countingStore: CountingStore;
  limiter: RateLimiter;
  /** Published by the module that owns a change, subscribed to in src/domain-events.ts. */
  events: DomainEvents;
}

export interface InfrastructureChoices {
  clock: Clock;
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  paymentProvider?: PaymentProvider;
  countingStore?: CountingStore;
  /** Whether this process runs jobs (handlers, pg-boss's cron and maintenance); false in a web-only process (WORKER_CONCURRENCY=0). */
  runsJobs: boolean;
}

export async function buildInfrastructure(config: Config, chosen: InfrastructureChoices): Promise<Infrastructure> {
  const { clock, database, log } = chosen;
  const metrics = createServiceMetrics();
  const jobEngine = await JobEngine.start({ database, clock, log, background: chosen.runsJobs, drainTimeoutMs: config.workerDrainTimeoutMs });
  const jobs = new JobQueue(jobEngine, clock);
  const jobRunner = new JobRunner({
    db: database.db,
    engine: jobEngine,
    queue: jobs,
    clock,
    log,
    concurrency: config.workerConcurrency,
    pollMs: config.outboxPollMs,
    onJobEvent: reportJobEvent(metrics.jobs),
  });
  const outbox = outboxOn(jobs, jobRunner);
  registerEmbeddedAnalyze(jobRunner, database);
  const mailer = createMailer(config, clock);
  const paymentProvider =
    chosen.paymentProvider ??
    (config.payments.stripeSecretKey
      ? new StripePaymentProvider(await createStripeClient({ secretKey: config.payments.stripeSecretKey, apiBase: config.payments.stripeApiBase }))
      : new LocalPaymentProvider({
          publicBaseUrl: config.publicBaseUrl,
          signingSecret: config.payments.webhookSecrets[0]!,
          clock,
          prices: config.payments.localPrices,
          currency: config.payments.localCurrency,
        }));
  // Returns at once: an unreachable Redis never delays start-up; the gate then fails closed and /readyz says so.
  const countingStore =
    chosen.countingStore ??
    createCountingStore({
      redisUrl: config.redisUrl,
      timeoutMs: config.rateLimitStoreTimeoutMs,
      onConnectionError: (error) => log.debug({ err: error }, 'rate-limit store connection error'),
    });
  const limiter = new RateLimiter({
    store: countingStore,
    clock,
    timeoutMs: config.rateLimitStoreTimeoutMs,
    onStoreFailure: (error, policy) => {
      metrics.limiter.storeFailed(policy.name);
      log.warn({ err: error, policy: policy.name }, 'rate-limit store failed; request refused');
    },
  });
  const events = new DomainEvents();
  return { config, clock, log, database, metrics, jobEngine, jobs, jobRunner, outbox, mailer, paymentProvider, countingStore, limiter, events };
}
