/**
 * buildApp(config, deps): the one composition root. Read it top to bottom:
 * the HTTP server, the infrastructure (src/infrastructure.ts: database, jobs,
 * mail, payment provider, rate-limit store, the domain-event bus), the
 * services in dependency order (src/services.ts, which also subscribes the
 * reactions listed in src/domain-events.ts), authentication, then one
 * `register<Module>Routes` per module, then the pages (src/web/register-pages.ts),
 * then the start and stop hooks. Nothing here reaches a service built later.
 */
import type { DestinationStream } from 'pino';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import { openConfiguredDatabase, type DatabaseHandle } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { installApiDocument } from './http/api-document.ts';
import type { App } from './http/app-types.ts';
import { installAuthentication, type RouteAccess } from './http/authentication.ts';
import { installErrorHandling } from './http/error-handler.ts';
import { registerLiveness } from './http/liveness.ts';
import { installHttpMetrics, registerTokenMetrics } from './http/metrics.ts';
import { registerReadiness } from './http/readiness.ts';
import { installRequestContentRules } from './http/request-content.ts';
import { createHttpServer } from './http-server.ts';
import { cookieSessions, handshakeSessions } from './identity/browser-sessions.ts';
import { loadOrCreateDevKey, type DevSigningKey } from './identity/dev-identity.ts';
import { createTokenVerifier } from './identity/token-verifier.ts';
import { buildInfrastructure } from './infrastructure.ts';
import { accountResolution } from './modules/accounts/routes/account-resolution.ts';
import { registerAccountRoutes } from './modules/accounts/routes/register-account-routes.ts';
import { apiKeyAuthentication } from './modules/api-keys/routes/api-key-authentication.ts';
import { registerApiKeyRoutes } from './modules/api-keys/routes/register-api-key-routes.ts';
import { registerBenchmarkRoutes } from './modules/benchmarks/routes/register-benchmark-routes.ts';
import type { PaymentProvider } from './modules/billing/payment-provider.ts';
import { registerBillingRoutes } from './modules/billing/routes/register-billing-routes.ts';
import { jobBacklogCheck } from './queue/job-backlog-check.ts';
import { registerOutcomeRoutes } from './modules/outcomes/routes/register-outcome-routes.ts';
import { registerAnomalyRoutes } from './modules/anomalies/routes/register-anomaly-routes.ts';
import { registerMoveRoutes } from './modules/moves/routes/register-move-routes.ts';
import { registerCoachRoutes } from './modules/coach/routes/register-coach-routes.ts';
import { registerEmailPreferenceRoutes } from './modules/email-preferences/routes/register-email-preference-routes.ts';
import { registerFeedbackRoutes } from './modules/feedback/routes/register-feedback-routes.ts';
import { IdempotencyService } from './modules/idempotency/idempotency-service.ts';
import { installIdempotency } from './modules/idempotency/routes/idempotent-routes.ts';
import { registerSourceRoutes } from './modules/integrations/routes/register-source-routes.ts';
import type { CountingStore } from './modules/limits/counting-store.ts';
import type { RateLimiter } from './modules/limits/rate-limiter.ts';
import { registerGetAssessmentMetadata } from './modules/metadata/routes/get-assessment-metadata.ts';
import { registerGetUsage } from './modules/metering/routes/get-usage.ts';
import { installReadOnlyGate } from './modules/onboarding/routes/read-only-gate.ts';
import { registerOnboardingRoutes } from './modules/onboarding/routes/register-onboarding-routes.ts';
import { registerProductRoutes } from './modules/products/routes/register-product-routes.ts';
import { registerScoringRoutes } from './modules/scoring/routes/register-scoring-routes.ts';
import { scoreQueueBound, ScoreWorker } from './modules/scoring/score-worker.ts';
import { registerSignalRoutes } from './modules/signals/routes/register-signal-routes.ts';
import { registerTeamNoteRoutes } from './modules/tribal-notes/routes/register-team-note-routes.ts';
import { registerWebhookRoutes } from './modules/webhooks/routes/register-webhook-routes.ts';
import { webhookEventsDocument } from './modules/webhooks/webhook-events.ts';
import type { HostLookup } from './net/safe-connector.ts';
import type { ServiceMetrics } from './observability/service-metrics.ts';
import { buildServices, type Services } from './services.ts';
import { registerGetOgImage } from './web/og/routes/get-og-image.ts';
import { sendNotFoundPage } from './web/pages/not-found-page.ts';
import { registerPages } from './web/register-pages.ts';
import type { ScoringDependencies } from './modules/scoring/scoring-service.ts';
import { viewerOf } from './web/viewer.ts';

export type { Services } from './services.ts';

/** What a caller (main, the CLI, a test) may hand in instead of what the configuration selects. */
export interface AppDependencies {
  clock?: Clock;
  /** An opened database; the app then leaves closing it to the caller. */
  database?: DatabaseHandle;
  paymentProvider?: PaymentProvider;
  /** The rate-limit counting store; default: Redis when REDIS_URL is set, else in-process. */
  countingStore?: CountingStore;
  /** The crawler's DNS seam (tests resolve fixture names to 127.0.0.1 through it). */
  crawlLookup?: HostLookup;
  /** Replaces the scoring judge (crawled pages -> result); tests make it fail to reach SCORE_FAILED. */
  scoringJudge?: ScoringDependencies['judge'];
  /** Background work (job workers, pg-boss's cron and maintenance); tests drive jobs by hand with jobRunner.runDue(). Default true. */
  backgroundWork?: boolean;
  /** Where the log lines go; default standard output. Tests read them to check what is logged. */
  logStream?: DestinationStream;
}

export interface BuiltApp {
  app: App;
  /** The Prometheus registry and instruments; main.ts serves the registry on METRICS_PORT unless METRICS_TOKEN puts it on the app. */
  metrics: ServiceMetrics;
  services: Services;
  database: DatabaseHandle;
  devKey: DevSigningKey | null;
  /** Every route with who may call it. */
  routes: RouteAccess[];
}

export async function buildApp(config: Config, deps: AppDependencies = {}): Promise<BuiltApp> {
  const clock = deps.clock ?? systemClock;
  const ownsDatabase = !deps.database;
  const database = deps.database ?? (await openConfiguredDatabase(config));
  await migrate(database);
  const devKey = config.identity.jwksUrl ? null : await loadOrCreateDevKey(config.dataDir);

  // The HTTP server and its plumbing (src/http/).
  const { app, routes } = await createHttpServer(config, deps.logStream);
  const pageSettings = { publicBaseUrl: config.publicBaseUrl };
  installErrorHandling(app, { notFoundPage: (request, reply) => sendNotFoundPage(reply, pageSettings, viewerOf(request)) });
  // Before any route or child scope: scopes copy the root's body parsers when they are registered.
  installRequestContentRules(app);

  // Infrastructure, then the services on it in dependency order, their domain events subscribed.
  // WORKER_CONCURRENCY=0: a web-only process; its jobs, pg-boss's cron and maintenance run in `maturity worker` processes.
  const runsJobs = deps.backgroundWork !== false && config.workerConcurrency > 0;
  const infra = await buildInfrastructure(config, {
    clock,
    database,
    log: app.log,
    paymentProvider: deps.paymentProvider,
    countingStore: deps.countingStore,
    runsJobs,
  });
  const { metrics, limiter, countingStore, jobEngine, jobRunner, mailer } = infra;
  const services = buildServices(infra, { crawlLookup: deps.crawlLookup, scoringJudge: deps.scoringJudge });
  const { accounts, billing, admissionGate, chargesInFlight, scoring, scoreJobs, scoreWorker, onboarding, crawler, webhookPoster } = services;

  // Who is calling: a bearer token, an API key, or a browser session (the provider's handshake when configured).
  const verifier = createTokenVerifier(config.identity, devKey, clock, (reason) => app.log.debug({ reason }, 'token rejected'));
  const secureCookies = config.publicBaseUrl.startsWith('https:');
  const sessionSettings = config.identity.sessions;
  const sessions =
    sessionSettings && config.identity.jwksUrl
      ? handshakeSessions({
          ...sessionSettings,
          jwksUrl: config.identity.jwksUrl,
          clockSkewSeconds: config.identity.clockSkewSeconds,
          secureCookies,
          clock,
          onProblem: (message, detail) => app.log.warn({ err: detail }, message),
        })
      : cookieSessions({ secureCookies });
  const publicOrigin = new URL(config.publicBaseUrl).origin;
  installAuthentication(app, {
    sessions,
    verifier,
    resolveAccount: accountResolution(accounts),
    apiKeys: apiKeyAuthentication(services.apiKeys),
    publicOrigin,
    clock,
  });
  // After authentication (it needs the caller's account), before the routes that declare `whenReadOnly`.
  installReadOnlyGate(app, { onboarding });
  // Before the routes it applies to: paid and creating routes honour Idempotency-Key.
  installIdempotency(app, { idempotency: new IdempotencyService({ db: database.db, clock }) });

  // Routes, one registration per module. The API document first: it is built from the routes added after it.
  await installApiDocument(app, config.publicBaseUrl, webhookEventsDocument());
  installHttpMetrics(app, metrics.httpDuration);
  if (config.metrics.token) registerTokenMetrics(app, { registry: metrics.registry, token: config.metrics.token });
  registerLiveness(app);
  registerReadiness(app, [
    { name: 'database', check: () => database.ping() },
    ...(countingStore.kind === 'redis' ? [{ name: 'redis', optional: true, check: () => readyOrThrow(limiter) }] : []),
    jobBacklogCheck(jobEngine, config.jobBacklogLimit, [scoreQueueBound(config.crawl.queueLimit)]),
  ]);
  registerAccountRoutes(app, { accounts, billing, invitations: services.invitations });
  registerGetAssessmentMetadata(app);
  registerOnboardingRoutes(app, { onboarding });
  registerBillingRoutes(app, { billing, webhookSecrets: config.payments.webhookSecrets, clock });
  registerGetUsage(app, { usageReports: services.usageReports });
  registerApiKeyRoutes(app, { apiKeys: services.apiKeys });
  registerWebhookRoutes(app, { webhooks: services.webhooks, deliveries: services.webhookDeliveries, admissionGate });
  registerSourceRoutes(app, { sources: services.sources, fedSummary: (accountId, ids) => services.signals.syncedSummary(accountId, ids) });
  registerSignalRoutes(app, { signals: services.signals, admissionGate });
  registerTeamNoteRoutes(app, { notes: services.tribalNotes, productInAccount: services.productInAccount });
  registerEmailPreferenceRoutes(app, { emailPreferences: services.emailPreferences });
  const progressStream = { heartbeatMs: config.sseHeartbeatMs, stallTimeoutMs: config.sseStallTimeoutMs };
  registerScoringRoutes(app, { scoring, scoreJobs, admissionGate, products: services.products, progressStream });
  registerGetOgImage(app, { scoring });
  registerBenchmarkRoutes(app, services);
  registerFeedbackRoutes(app, services);
  registerProductRoutes(app, { ...services, crawlAllowlist: config.crawl.allowlist });
  registerOutcomeRoutes(app, { goals: services.goals, schedules: services.schedules, productInAccount: services.productInAccount });
  registerAnomalyRoutes(app, { anomalies: services.anomalies, slack: services.slack, publicBaseUrl: config.publicBaseUrl });
  registerMoveRoutes(app, { moves: services.moves });
  registerCoachRoutes(app, { ...services, progressStream });
  // The pages, after the API routes: the reference pages read the document they generated.
  await registerPages(app, services, { config, clock, devKey, sessions, localPayments: infra.paymentProvider.name === 'local' });

  // A score's charge stays in flight while this instance works on it: its lease is renewed whatever else runs here.
  app.addHook('onReady', async () => chargesInFlight.startRenewing());
  if (deps.backgroundWork !== false) app.addHook('onReady', async () => chargesInFlight.startReclaiming());
  if (runsJobs) app.addHook('onReady', async () => jobRunner.start());
  // Scores run wherever WORKER_CONCURRENCY > 0, also when tests drive the other jobs by hand: a request waits for its score.
  if (config.workerConcurrency > 0) app.addHook('onReady', async () => scoreWorker.start());
  app.addHook('onClose', async () => {
    await scoreWorker.stop(config.workerDrainTimeoutMs);
    await chargesInFlight.stop();
    await jobRunner.stop();
    await jobEngine.stop();
    await mailer.close();
    await limiter.close();
    await crawler.close();
    await webhookPoster.close();
    if (ownsDatabase) await database.close();
  });
  // Every handler is registered: their queues exist before the first request enqueues a job.
  await jobRunner.prepare();
  await ScoreWorker.prepareQueue(jobEngine);
  return { app, metrics, services, database, devKey, routes };
}

/** Readiness of the shared counting store: optional, so a Redis outage shows as degraded without taking the instance out. */
async function readyOrThrow(limiter: RateLimiter): Promise<void> {
  if (!(await limiter.isReady())) throw new Error('the rate-limit store does not answer');
}
