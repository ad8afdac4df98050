/**
 * buildApp(config, deps): the one composition root. Every infrastructure
 * concern (database, clock, identity, payment provider, ...) is chosen here,
 * from the configuration or from what a test hands in, and every module is
 * wired to its collaborators here and nowhere else.
 */
import formbody from '@fastify/formbody';
import type { DestinationStream } from 'pino';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import { openConfiguredDatabase, type DatabaseHandle } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { installApiDocument } from './http/api-document.ts';
import { registerDevJwks } from './http/dev-jwks.ts';
import type { App } from './http/app-types.ts';
import { installAuthentication, type RouteAccess } from './http/authentication.ts';
import { installErrorHandling } from './http/error-handler.ts';
import { installRequestContentRules } from './http/request-content.ts';
import { createHttpServer } from './http-server.ts';
import { registerLiveness } from './http/liveness.ts';
import { registerReadiness } from './http/readiness.ts';
import { installHttpMetrics, registerTokenMetrics } from './http/metrics.ts';
import { createServiceMetrics, reportJobEvent, type ServiceMetrics } from './observability/service-metrics.ts';
import { measureCrawls, measureMailSends, measureModelFetch, measureWebhookPosts } from './observability/measured.ts';
import { cookieSessions, handshakeSessions } from './identity/browser-sessions.ts';
import { loadOrCreateDevKey, type DevSigningKey } from './identity/dev-identity.ts';
import { createTokenVerifier } from './identity/token-verifier.ts';
import { AccountService } from './modules/accounts/account-service.ts';
import { accountResolution } from './modules/accounts/routes/account-resolution.ts';
import { registerAccountRoutes } from './modules/accounts/routes/register-account-routes.ts';
import { InvitationService } from './modules/accounts/invitations.ts';
import { invitationMail } from './modules/accounts/invitation-mail.ts';
import { ApiKeyService } from './modules/api-keys/api-key-service.ts';
import { apiKeyAuthentication } from './modules/api-keys/routes/api-key-authentication.ts';
import { registerApiKeyRoutes } from './modules/api-keys/routes/register-api-key-routes.ts';
import { WebhookService } from './modules/webhooks/webhook-service.ts';
import { WebhookDeliveries } from './modules/webhooks/webhook-deliveries.ts';
import { planChangedData, scoreCompletedData, scoreLinkedData, usageThresholdData, webhookEventsDocument } from './modules/webhooks/webhook-events.ts';
import { endpointDisabledMail } from './modules/webhooks/webhook-disabled-mail.ts';
import { createWebhookPoster } from './modules/webhooks/webhook-post.ts';
import { systemLookup, type HostLookup } from './net/safe-connector.ts';
import { BillingService, CANCEL_SUBSCRIPTION_TOPIC, LOCAL_PERIOD_END_JOB } from './modules/billing/billing-service.ts';
import {
  createStripeClient,
  LocalPaymentProvider,
  StripePaymentProvider,
  type PaymentProvider,
} from './modules/billing/payment-provider.ts';
import { registerBillingRoutes } from './modules/billing/routes/register-billing-routes.ts';
import { registerLocalCheckoutPage } from './web/local-provider/local-checkout-page.ts';
import { registerLocalCheckoutPayment } from './web/local-provider/local-checkout-payment.ts';
import { registerLocalPortalCancel } from './web/local-provider/local-portal-cancel.ts';
import { registerLocalPortalPage } from './web/local-provider/local-portal-page.ts';
import { registerWebhookRoutes } from './modules/webhooks/routes/register-webhook-routes.ts';
import { EmailPreferences } from './modules/email-preferences/email-preferences.ts';
import { registerEmailPreferenceRoutes } from './modules/email-preferences/routes/register-email-preference-routes.ts';
import { registerPostOneClickUnsubscribe } from './modules/email-preferences/routes/post-one-click-unsubscribe.ts';
import { IdempotencyService } from './modules/idempotency/idempotency-service.ts';
import { installIdempotency } from './modules/idempotency/routes/idempotent-routes.ts';
import { IntegrationService, REVOKE_TOKEN_TOPIC, revokeToken } from './modules/integrations/integration-service.ts';
import { createSourceConnections, registerSourceRevocation, registerSourceSync } from './modules/integrations/source-wiring.ts';
import type { SourceConnections } from './modules/integrations/source-connections.ts';
import { registerSourceRoutes } from './modules/integrations/routes/register-source-routes.ts';
import { SignalService } from './modules/signals/signal-service.ts';
import { registerSignalRoutes } from './modules/signals/routes/register-signal-routes.ts';
import { TribalNoteService } from './modules/tribal-notes/tribal-note-service.ts';
import { registerTeamNoteRoutes } from './modules/tribal-notes/routes/register-team-note-routes.ts';
import { registerGetScoreEvidence } from './modules/scoring/routes/get-score-evidence.ts';
import { registerPutScoreEvidencePublication } from './modules/scoring/routes/put-score-evidence-publication.ts';
import type { CountingStore } from './modules/limits/counting-store.ts';
import { createCountingStore } from './modules/limits/create-counting-store.ts';
import { RateLimiter } from './modules/limits/rate-limiter.ts';
import { registerGetAssessmentMetadata } from './modules/metadata/routes/get-assessment-metadata.ts';
import { OnboardingService } from './modules/onboarding/onboarding-service.ts';
import { installReadOnlyGate } from './modules/onboarding/routes/read-only-gate.ts';
import { registerOnboardingRoutes } from './modules/onboarding/routes/register-onboarding-routes.ts';
import { AdmissionGate } from './modules/metering/admission-gate.ts';
import { ChargesInFlight } from './modules/metering/charges-in-flight.ts';
import { CreditLedger } from './modules/metering/credit-ledger.ts';
import { registerGetUsage } from './modules/metering/routes/get-usage.ts';
import { UsageReports } from './modules/metering/usage-report.ts';
import { CoachService } from './modules/coach/coach-service.ts';
import { analyseQuestion } from './modules/coach/local/question-analysis.ts';
import { createLlmCoach } from './modules/coach/llm/llm-coach.ts';
import { registerPostChat } from './modules/coach/routes/post-chat.ts';
import { CoachConversations } from './modules/coach/coach-conversations.ts';
import { registerCreateConversation } from './modules/coach/routes/create-conversation.ts';
import { registerDeleteConversation } from './modules/coach/routes/delete-conversation.ts';
import { registerGetConversation } from './modules/coach/routes/get-conversation.ts';
import { registerListConversations } from './modules/coach/routes/list-conversations.ts';
import { BenchmarkService } from './modules/benchmarks/benchmark-service.ts';
import { registerGetBenchmarks } from './modules/benchmarks/routes/get-benchmarks.ts';
import { registerGetScorePercentile } from './modules/benchmarks/routes/get-score-percentile.ts';
import { FeedbackService } from './modules/feedback/feedback-service.ts';
import { registerGetFeedback } from './modules/feedback/routes/get-feedback.ts';
import { registerPostFeedback } from './modules/feedback/routes/post-feedback.ts';
import { ProductService } from './modules/products/product-service.ts';
import { registerGetProductScores } from './modules/products/routes/get-product-scores.ts';
import { registerGetProducts } from './modules/products/routes/get-products.ts';
import { registerPostProducts } from './modules/products/routes/post-products.ts';
import { CrawlSlots } from './modules/scoring/crawl-slots.ts';
import { crawlerOptionsFromConfig, createCrawler } from './modules/scoring/crawler/crawler.ts';
import { createLlmRefiner } from './modules/scoring/refinement/llm-refiner.ts';
import { registerGetScore } from './modules/scoring/routes/get-score.ts';
import { registerGetScores } from './modules/scoring/routes/get-scores.ts';
import { registerGetScoreChange } from './modules/scoring/routes/get-score-change.ts';
import { registerPostScore } from './modules/scoring/routes/post-score.ts';
import { registerPostScoreLink } from './modules/scoring/routes/post-score-link.ts';
import { registerPostScoreProduct } from './modules/scoring/routes/post-score-product.ts';
import { registerPostScoreQuick } from './modules/scoring/routes/post-score-quick.ts';
import { registerPostTryScore } from './modules/scoring/routes/post-try-score.ts';
import { ScoringService, type ScoringDependencies } from './modules/scoring/scoring-service.ts';
import { SharedResultCache } from './modules/scoring/shared-result-cache.ts';
import { outboxOn, type Outbox, type OutboxMessage } from './queue/outbox.ts';
import { jobBacklogCheck } from './queue/job-backlog-check.ts';
import { JobEngine } from './queue/job-engine.ts';
import { JobQueue } from './queue/job-queue.ts';
import { JobRunner } from './queue/job-runner.ts';
import { createMailer, mailDirectory } from './mail/create-mailer.ts';
import type { Mailer } from './mail/mailer.ts';
import { handleSendMail } from './mail/send-mail-job.ts';
import { FORGET_RECIPIENTS_TOPIC, forgetRecipients, forgetRecipientsMessages } from './mail/forget-recipients.ts';
import { LifecycleMail } from './modules/lifecycle-mail/lifecycle-mail.ts';
import { isPaidPlan, PLAN_NAMES } from './vocabulary/plans.ts';
import { registerDevInboxPages } from './web/pages/register-dev-inbox-pages.ts';
import type { ApiDocument } from './web/pages/api-reference-view.ts';
import { registerPublicPages } from './web/pages/register-public-pages.ts';
import { sendNotFoundPage } from './web/pages/not-found-page.ts';
import { registerPricingCheckout } from './web/pages/pricing-checkout.ts';
import { registerTrySubmit } from './web/pages/try-submit.ts';
import { registerUnsubscribeSubmit } from './web/pages/unsubscribe-submit.ts';
import { viewerOf } from './web/viewer.ts';
import { registerGetOgImage } from './web/og/routes/get-og-image.ts';
import { registerIdentityPage } from './web/identity-page.ts';
import { registerDevSignIn } from './web/sign-in-form.ts';
import { registerSignOut } from './web/sign-out.ts';
import { registerInvitationPage } from './web/pages/invitation-page.ts';
import { registerBillingPages } from './web/app/billing/register-billing-pages.ts';
import { registerCoachPage } from './web/app/coach/register-coach-page.ts';
import { registerDashboardPages } from './web/app/dashboard/register-dashboard-pages.ts';
import { registerOnboardingPages } from './web/app/onboarding/register-onboarding-pages.ts';
import { registerSettingsPages } from './web/app/settings/register-settings-pages.ts';

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

export interface Services {
  accounts: AccountService;
  billing: BillingService;
  admissionGate: AdmissionGate;
  /** Scores' charges until their result is stored; lapsed ones are given back (metering/charges-in-flight.ts). */
  chargesInFlight: ChargesInFlight;
  usageReports: UsageReports;
  apiKeys: ApiKeyService;
  integrations: IntegrationService;
  products: ProductService;
  scoring: ScoringService;
  coach: CoachService;
  outbox: Outbox;
  onboarding: OnboardingService;
  /** Enqueue jobs in your transaction (src/queue/); mail through enqueueMail (src/mail/send-mail-job.ts). */
  jobs: JobQueue;
  jobRunner: JobRunner;
  mailer: Mailer;
  /** Call prepare(executor, mail) as a mail is about to be sent (src/modules/email-preferences/). */
  emailPreferences: EmailPreferences;
  benchmarks: BenchmarkService;
  feedback: FeedbackService;
  webhooks: WebhookService;
  webhookDeliveries: WebhookDeliveries;
  sources: SourceConnections;
  signals: SignalService;
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

  const { app, routes } = await createHttpServer(config, deps.logStream);
  const pageSettings = { publicBaseUrl: config.publicBaseUrl };
  installErrorHandling(app, { notFoundPage: (request, reply) => sendNotFoundPage(reply, pageSettings, viewerOf(request)) });
  // Before any route or child scope: scopes copy the root's body parsers when they are registered.
  installRequestContentRules(app);

  // Services.
  const log = app.log;
  const metrics = createServiceMetrics();
  // WORKER_CONCURRENCY=0: a web-only process; its jobs, pg-boss's cron and maintenance run in `maturity worker` processes.
  const runsJobs = deps.backgroundWork !== false && config.workerConcurrency > 0;
  const jobEngine = await JobEngine.start({ database, clock, log, background: runsJobs, drainTimeoutMs: config.workerDrainTimeoutMs });
  const jobs = new JobQueue(jobEngine, clock);
  const jobRunner = new JobRunner({ db: database.db, engine: jobEngine, queue: jobs, clock, log, concurrency: config.workerConcurrency, pollMs: config.outboxPollMs, onJobEvent: reportJobEvent(metrics.jobs) });
  const outbox = outboxOn(jobs, jobRunner);
  const mailer = createMailer(config, clock);
  const paymentProvider =
    deps.paymentProvider ??
    (config.payments.stripeSecretKey
      ? new StripePaymentProvider(createStripeClient({ secretKey: config.payments.stripeSecretKey, apiBase: config.payments.stripeApiBase }))
      : new LocalPaymentProvider({
          publicBaseUrl: config.publicBaseUrl,
          signingSecret: config.payments.webhookSecrets[0]!,
          clock,
          prices: config.payments.localPrices,
          currency: config.payments.localCurrency,
        }));
  // Returns at once: an unreachable Redis never delays start-up; the gate then fails closed and /readyz says so.
  const countingStore =
    deps.countingStore ??
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
  // Each service is built after the collaborators it is handed: no closure below reaches a later one.
  const products = new ProductService(database.db);
  const creditLedger = new CreditLedger(database.db, metrics.credits);
  const chargesInFlight = new ChargesInFlight({ ledger: creditLedger, clock, log });
  const billing = new BillingService({
    db: database.db,
    clock,
    provider: paymentProvider,
    outbox,
    log,
    settings: { graceDays: config.payments.graceDays, priceIds: config.payments.priceIds, publicBaseUrl: config.publicBaseUrl },
    jobs,
    // Billing announces a bought pack; metering credits its scores, lifecycle mail thanks the buyer.
    onPackPurchased: async (tx, purchase) => {
      await creditLedger.creditPack(tx, { ...purchase, now: clock.now() });
      await lifecycleMail.packBought(tx, purchase.accountId, purchase);
    },
    // `webhookDeliveries` and `lifecycleMail` are built below; this runs only once the app serves requests.
    onPlanChanged: async (tx, accountId, change) => {
      await webhookDeliveries.emit(tx, accountId, 'plan.changed', planChangedData(change));
      await lifecycleMail.planChanged(tx, accountId, change);
    },
  });
  const admissionGate = new AdmissionGate({
    db: database.db,
    clock,
    entitlements: billing,
    limiter,
    ledger: creditLedger,
    chargesInFlight,
    productCount: (executor, accountId) => products.count(executor, accountId),
    // As for billing above: `webhookDeliveries` exists by the time a request is admitted.
    onThresholdCrossed: async (tx, accountId, notice) => void (await webhookDeliveries.emit(tx, accountId, 'usage.threshold', usageThresholdData(notice))),
    log,
  });
  const integrations = new IntegrationService();
  const emailPreferences = new EmailPreferences({ db: database.db, clock, publicBaseUrl: config.publicBaseUrl });
  // Preferences are checked when a mail goes out, not when it was scheduled: an opt-out in between holds.
  handleSendMail(jobRunner, { mailer: { send: measureMailSends((mail) => mailer.send(mail), metrics.mail) }, gate: (mail) => emailPreferences.prepare(database.db, mail) });
  const sharedResults = new SharedResultCache(clock);
  // The result page as visitors see it (/r/<id>), kept like the JSON (issue 29, item 3).
  const visitorResultPages = new SharedResultCache(clock);
  const accounts = new AccountService({
    db: database.db,
    clock,
    outbox,
    hooks: {
      // `lifecycleMail` is built below; these run only once the app serves requests.
      onAccountCreated: async (tx, accountId) => {
        await billing.createRecord(tx, accountId);
        await lifecycleMail.welcomeSoon(tx, accountId);
      },
      seatRefusal: (executor, accountId, countSeatsHeldAhead) => admissionGate.seatRefusal(executor, accountId, countSeatsHeldAhead),
      seatLimit: (accountId) => admissionGate.seatLimit(accountId),
      onSeatsChanged: (listener) => billing.onBillingChanged(listener),
      // `webhookDeliveries` is built below; these run only once the app serves requests.
      onMemberAdded: async (tx, accountId, member) => {
        await webhookDeliveries.emit(tx, accountId, 'member.added', member);
        await lifecycleMail.memberJoined(tx, accountId, member);
      },
      onMemberRemoved: async (tx, accountId, member) => {
        // `apiKeys` is built below, like `webhookDeliveries`. The keys a removed person made leave with them.
        await apiKeys.revokeCreatedBy(tx, accountId, member.userId);
        await webhookDeliveries.emit(tx, accountId, 'member.removed', member);
      },
    },
    // The closure runs only inside an erasure, long after `accounts` exists: the addresses leaving with the account.
    erasureParticipants: [
      billing,
      integrations,
      sharedResults,
      visitorResultPages,
      emailPreferences.erasureParticipant((tx, accountId): Promise<string[]> => accounts.addressesOnlyIn(tx, accountId)),
      // The mail kept for those addresses (the embedded mailer's .eml files) goes too, after the commit.
      { sideEffectsOnErasure: async (tx, accountId): Promise<OutboxMessage[]> => forgetRecipientsMessages(await accounts.addressesOnlyIn(tx, accountId)) },
      // The account's jobs that have not run go with it (their dedupe keys by the cascade).
      { sideEffectsOnErasure: async (tx, accountId): Promise<OutboxMessage[]> => (await jobs.forgetAccount(tx, accountId), []) },
    ],
  });
  const invitations = new InvitationService({
    db: database.db,
    clock,
    accounts,
    seats: async (accountId) => {
      const entitlement = await billing.entitlementOf(accountId);
      return { seats: entitlement.limits.seats, planName: PLAN_NAMES[entitlement.limitsPlan] };
    },
    mail: invitationMail(jobs),
    publicBaseUrl: config.publicBaseUrl,
  });
  const usageReports = new UsageReports({
    db: database.db,
    entitlements: billing,
    ledger: creditLedger,
    memberCount: (executor, accountId) => accounts.memberCount(executor, accountId),
    productCount: (executor, accountId) => products.count(executor, accountId),
  });
  const onboarding = new OnboardingService({
    db: database.db,
    clock,
    accountCreatedAt: async (accountId) => (await accounts.get(accountId))?.createdAt ?? null,
    plans: {
      known: (accountId) => billing.knownEntitlement(accountId)?.entitlement.plan ?? null,
      current: async (accountId) => (await billing.entitlementOf(accountId)).plan,
    },
    products,
    teamNotes: { dimensionsSpokenTo: (text) => analyseQuestion(text).dimensions, replaceInterviewNotes: (...note) => tribalNotes.replaceInterviewNotes(...note) },
  });
  // Trial mail sweeps on the job engine, next to mail.send: they enqueue, the send job's gate checks preferences.
  // Mail that follows an event (the welcome, a join, a plan or pack bought) is enqueued by the event's own transaction.
  const lifecycleMail = new LifecycleMail({
    db: database.db,
    clock,
    log,
    jobs,
    publicBaseUrl: config.publicBaseUrl,
    accountsCreatedSince: (since, page) => accounts.createdSince(since, page),
    members: (accountId) => accounts.members(accountId),
    accountName: async (accountId) => (await accounts.get(accountId))?.name ?? null,
    coverage: (accountId) => onboarding.coverage(accountId),
    onPaidPlan: async (accountId) => isPaidPlan((await billing.entitlementOf(accountId)).plan),
    // `scoring` is built below; these run only in a sweep, once the app is built.
    productsLastScoredBefore: (cutoff, page) => scoring.productsLastScoredBefore(cutoff, page),
    product: (accountId, productId) => products.find(accountId, productId),
    accountsScoredBetween: (from, to, page) => scoring.accountsScoredBetween(from, to, page),
    scoresBetween: (accountId, from, to, limit) => scoring.history(accountId, { createdFrom: from, createdBefore: to, limit }),
    changeOf: (accountId, resultId) => scoring.changeOf(accountId, resultId),
    usage: (accountId) => usageReports.forAccount(accountId),
    // `benchmarks` is built below, as `scoring` is.
    segmentFigures: (segment) => benchmarks.figures(segment, null),
    accountLatestScoresIn: (segment) => scoring.accountLatestScoresIn(segment),
    // The recipient's own account holds the result, so the pool leaves it out.
    comparisonOf: (resultId) => benchmarks.comparisonOf(resultId, null),
  });
  lifecycleMail.register(jobRunner);
  const apiKeys = new ApiKeyService({ db: database.db, clock, access: admissionGate });
  // Webhook targets have their own allowlist: a host allowed for crawling is not thereby a target every tenant may send to.
  const webhooks = new WebhookService({ db: database.db, clock, allowlist: config.webhooks.allowlist, lookup: deps.crawlLookup ?? systemLookup });
  const webhookPoster = measureWebhookPosts(createWebhookPoster({ allowlist: config.webhooks.allowlist, lookup: deps.crawlLookup ?? systemLookup, userAgent: 'MaturityScoring-Webhooks/1', now: () => performance.now() }), metrics.webhooks);
  const webhookDeliveries = new WebhookDeliveries({
    db: database.db,
    clock,
    jobs,
    poster: webhookPoster,
    onEndpointDisabled: endpointDisabledMail({
      jobs,
      publicBaseUrl: config.publicBaseUrl,
      owners: async (accountId) => (await accounts.members(accountId)).flatMap((member) => (member.role === 'owner' && member.email ? [member.email] : [])),
    }),
  });
  webhookDeliveries.register(jobRunner);
  // The team's own tools and notes (issue 27): beside the site when an account scores its own product.
  const productInAccount = async (accountId: string, productId: string) => (await products.find(accountId, productId)) !== null;
  const signals = new SignalService({ db: database.db, clock, productInAccount });
  const tribalNotes = new TribalNoteService({ db: database.db, clock });
  const crawler = measureCrawls(createCrawler(crawlerOptionsFromConfig(config.crawl, deps.crawlLookup)), metrics.crawls);
  const crawlSlots = new CrawlSlots(config.crawl.maxActive, config.crawl.queueLimit);
  const backlogUnread = (error: unknown) => log.warn({ err: error }, 'queue backlog could not be read for the metrics');
  metrics.watchQueues(async () => [{ queue: 'crawl', ...crawlSlots.backlog() }, ...(await jobEngine.backlog())], backlogUnread);
  const scoring = new ScoringService({
    db: database.db,
    clock,
    crawler,
    slots: crawlSlots,
    refiner: config.llm ? createLlmRefiner(config.llm, { fetch: measureModelFetch(metrics.model, 'refine') }) : null,
    crawlAllowlist: config.crawl.allowlist,
    fullCrawlMaxPages: config.crawl.maxPages,
    log,
    sharedResults,
    judge: deps.scoringJudge,
    onResultStored: async (tx, accountId, result) => void (await webhookDeliveries.emit(tx, accountId, 'score.completed', scoreCompletedData(result, config.publicBaseUrl))),
    onResultLinked: async (tx, accountId, linked) => void (await webhookDeliveries.emit(tx, accountId, 'score.linked', scoreLinkedData(linked, config.publicBaseUrl))),
    ownEvidence: async (owner, productId, context) => {
      if (context) await tribalNotes.add(owner.accountId, owner.userId, { productId, dimensionId: null, body: context, origin: 'score_context' });
      return { signals: await signals.latestForProduct(owner.accountId, productId), notes: await tribalNotes.forProduct(owner.accountId, productId) };
    },
  });
  const benchmarks = new BenchmarkService({
    accountLatestScoresIn: (segment) => scoring.accountLatestScoresIn(segment),
    segmentedResult: (resultId) => scoring.segmentedResult(resultId),
    paidAmong: (accountIds) => billing.paidAmong(accountIds),
  });
  // Erased with the giver's account, and with the result it is about, by foreign keys: nothing outside the database to clean up.
  const feedback = new FeedbackService({ db: database.db, clock });
  const coach = new CoachService({ llm: config.llm ? createLlmCoach(config.llm, { fetch: measureModelFetch(metrics.model, 'coach') }) : null, log });
  // Erased with the account, and with the result they are about, by foreign keys.
  const coachConversations = new CoachConversations({ db: database.db, clock });
  outbox.on(CANCEL_SUBSCRIPTION_TOPIC, (payload) => billing.cancelSubscription(payload));
  // The local provider has no server to end a subscription cancelled at its period's end: this job does.
  jobRunner.on(LOCAL_PERIOD_END_JOB, (payload) => billing.endCancelledLocalSubscription(payload));
  outbox.on(REVOKE_TOKEN_TOPIC, revokeToken);
  const sources = createSourceConnections(config, { db: database.db, clock, log, outbox, productInAccount, recordSynced: (executor, accountId, integrationId, values) => signals.recordSynced(executor, accountId, integrationId, values) });
  registerSourceRevocation(outbox, sources);
  registerSourceSync(jobRunner, sources, config.sources.syncEveryMs);
  outbox.on(FORGET_RECIPIENTS_TOPIC, (payload) => forgetRecipients(mailer, payload));

  const verifier = createTokenVerifier(config.identity, devKey, clock, (reason) => log.debug({ reason }, 'token rejected'));
  const secureCookies = config.publicBaseUrl.startsWith('https:');
  // Browser sessions the provider's way: a Clerk-style handshake and refresh when its Frontend API is named.
  const sessionSettings = config.identity.sessions;
  const sessions =
    sessionSettings && config.identity.jwksUrl
      ? handshakeSessions({
          ...sessionSettings,
          jwksUrl: config.identity.jwksUrl,
          clockSkewSeconds: config.identity.clockSkewSeconds,
          secureCookies,
          clock,
          onProblem: (message, detail) => log.warn({ err: detail }, message),
        })
      : cookieSessions({ secureCookies });
  installAuthentication(app, {
    sessions,
    verifier,
    resolveAccount: accountResolution(accounts),
    apiKeys: apiKeyAuthentication(apiKeys),
    publicOrigin: new URL(config.publicBaseUrl).origin,
    clock,
  });
  // After authentication (it needs the caller's account), before the routes that declare `whenReadOnly`.
  installReadOnlyGate(app, { onboarding });

  // Before the routes it applies to: paid and creating routes honour Idempotency-Key.
  installIdempotency(app, { idempotency: new IdempotencyService({ db: database.db, clock }) });

  // Routes, grouped by resource. The API document first: it is built from the routes added after it.
  await installApiDocument(app, config.publicBaseUrl, webhookEventsDocument());
  installHttpMetrics(app, metrics.httpDuration);
  if (config.metrics.token) registerTokenMetrics(app, { registry: metrics.registry, token: config.metrics.token });
  registerLiveness(app);
  registerReadiness(app, [
    { name: 'database', check: () => database.ping() },
    ...(countingStore.kind === 'redis' ? [{ name: 'redis', optional: true, check: () => readyOrThrow(limiter) }] : []),
    ...(config.jobBacklogLimit > 0 ? [jobBacklogCheck(jobEngine, config.jobBacklogLimit)] : []),
  ]);
  registerAccountRoutes(app, { accounts, billing, invitations });
  registerGetAssessmentMetadata(app);
  registerOnboardingRoutes(app, { onboarding });
  registerBillingRoutes(app, { billing, webhookSecrets: config.payments.webhookSecrets, clock });
  registerGetUsage(app, { usageReports });
  registerApiKeyRoutes(app, { apiKeys });
  registerWebhookRoutes(app, { webhooks, deliveries: webhookDeliveries, admissionGate });
  registerSourceRoutes(app, { sources, fedSummary: (accountId, ids) => signals.syncedSummary(accountId, ids) });
  registerSignalRoutes(app, { signals, admissionGate });
  registerTeamNoteRoutes(app, { notes: tribalNotes, productInAccount });
  registerEmailPreferenceRoutes(app, { emailPreferences });
  const progressStream = { heartbeatMs: config.sseHeartbeatMs, stallTimeoutMs: config.sseStallTimeoutMs };
  registerPostScore(app, { scoring, admissionGate, progressStream });
  registerPostScoreQuick(app, { scoring, admissionGate, progressStream });
  registerPostTryScore(app, { scoring, admissionGate, progressStream });
  registerPostScoreProduct(app, { scoring, admissionGate, products, progressStream });
  registerPostScoreLink(app, { scoring });
  registerGetScore(app, { scoring });
  registerGetOgImage(app, { scoring });
  registerGetScores(app, { scoring });
  registerGetScoreChange(app, { scoring });
  registerGetScoreEvidence(app, { scoring });
  registerPutScoreEvidencePublication(app, { scoring });
  registerGetScorePercentile(app, { benchmarks });
  registerGetBenchmarks(app, { benchmarks });
  registerPostFeedback(app, { feedback, admissionGate });
  registerGetFeedback(app, { feedback });
  registerGetProducts(app, { products });
  registerPostProducts(app, { products, admissionGate, crawlAllowlist: config.crawl.allowlist });
  registerGetProductScores(app, { products, scoring });
  registerPostChat(app, {
    coach,
    admissionGate,
    scoring,
    conversations: coachConversations,
    interviewOf: async (accountId) => {
      const interview = await onboarding.welcomeInterview(accountId);
      return interview ? { role: interview.role, goals: interview.goals, teamSize: interview.teamSize, productName: interview.product.name } : null;
    },
    heartbeatMs: config.sseHeartbeatMs,
    stallTimeoutMs: config.sseStallTimeoutMs,
  });
  registerCreateConversation(app, { conversations: coachConversations, scoring });
  registerListConversations(app, { conversations: coachConversations });
  registerGetConversation(app, { conversations: coachConversations });
  registerDeleteConversation(app, { conversations: coachConversations });
  registerPublicPages(app, {
    settings: pageSettings,
    scoring,
    visitorPages: visitorResultPages,
    benchmarks,
    feedback,
    billing,
    emailPreferences,
    // The reference pages read the document the routes above generated.
    apiDocument: () => app.swagger() as unknown as ApiDocument,
  });
  // The signed-in app (/app...): pages render the account's state; their scripts act through the JSON API.
  const appPages = { settings: pageSettings, accounts, billing, onboarding };
  registerDashboardPages(app, { ...appPages, scoring, products, usageReports, benchmarks, signals });
  registerCoachPage(app, { ...appPages, scoring, conversations: coachConversations });
  registerSettingsPages(app, { ...appPages, apiKeys, webhooks, webhookDeliveries, invitations, sources, signals, products });
  registerBillingPages(app, { ...appPages, usageReports });
  registerOnboardingPages(app, { ...appPages, products, emailPreferences });
  registerInvitationPage(app, { settings: pageSettings, invitations });
  // HTML forms post form-encoded bodies; only this scope parses them, so the JSON API never accepts one
  // (a cross-site form cannot send application/json: part of the CSRF defence, docs/DECISIONS.md).
  await app.register(async (forms: App) => {
    await forms.register(formbody);
    registerTrySubmit(forms, { settings: pageSettings, scoring, admissionGate, onboarding });
    registerPricingCheckout(forms, { settings: pageSettings, billing });
    registerUnsubscribeSubmit(forms, { settings: pageSettings, emailPreferences });
    // An API route, here because RFC 8058 one-click posts a form body (List-Unsubscribe=One-Click).
    registerPostOneClickUnsubscribe(forms, { emailPreferences });
    registerIdentityPage(forms, 'sign-in', { config, devKey });
    registerIdentityPage(forms, 'sign-up', { config, devKey });
    if (devKey) registerDevSignIn(forms, { config, devKey, clock });
    // Whatever set the session cookie, the header's Sign out clears it.
    registerSignOut(forms, { sessions, publicOrigin: new URL(config.publicBaseUrl).origin });
    if (paymentProvider.name === 'local') {
      const localCheckout = { clock, signingSecret: config.payments.webhookSecrets[0]!, publicBaseUrl: config.publicBaseUrl };
      registerLocalCheckoutPage(forms, localCheckout);
      registerLocalCheckoutPayment(forms, { ...localCheckout, billing });
      registerLocalPortalPage(forms, { ...localCheckout, billing });
      registerLocalPortalCancel(forms, { ...localCheckout, billing });
    }
  });
  if (devKey) {
    registerDevJwks(app, devKey);
    registerDevInboxPages(app, { settings: pageSettings, mailDirectory: mailDirectory(config.dataDir), smtpConfigured: config.mail.smtpUrl !== null });
  }
  // A score's charge stays in flight while this instance works on it: its lease is renewed whatever else runs here.
  app.addHook('onReady', async () => chargesInFlight.startRenewing());
  if (deps.backgroundWork !== false) app.addHook('onReady', async () => chargesInFlight.startReclaiming());
  if (runsJobs) app.addHook('onReady', async () => jobRunner.start());
  app.addHook('onClose', async () => {
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
  return { app, metrics, services: { accounts, billing, admissionGate, chargesInFlight, usageReports, apiKeys, integrations, products, scoring, coach, outbox, onboarding, jobs, jobRunner, mailer, emailPreferences, benchmarks, feedback, webhooks, webhookDeliveries, sources, signals }, database, devKey, routes };
}

/** Readiness of the shared counting store: optional, so a Redis outage shows as degraded without taking the instance out. */
async function readyOrThrow(limiter: RateLimiter): Promise<void> {
  if (!(await limiter.isReady())) throw new Error('the rate-limit store does not answer');
}
