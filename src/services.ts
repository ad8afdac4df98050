/**
 * The modules' services, built on the infrastructure in dependency order:
 * each after every collaborator it is handed, so no closure here reaches a
 * service built further down. What happens after a change (a score stored, a
 * payment applied, a member added, an account erased) is not wired here: the
 * owner publishes a domain event through `events`, built with the
 * infrastructure, and src/domain-events.ts lists who reacts.
 */
import type { HostLookup } from './net/safe-connector.ts';
import { systemLookup } from './net/safe-connector.ts';
import { subscribeDomainEvents } from './domain-events.ts';
import type { Infrastructure } from './infrastructure.ts';
import { handleSendMail } from './mail/send-mail-job.ts';
import { FORGET_RECIPIENTS_TOPIC, forgetRecipients } from './mail/forget-recipients.ts';
import { measureCrawls, measureMailSends, measureModelFetch, measureWebhookPosts } from './observability/measured.ts';
import { AccountService } from './modules/accounts/account-service.ts';
import { AnomalyService } from './modules/anomalies/anomaly-service.ts';
import { SlackAlerts } from './modules/anomalies/slack-alerts.ts';
import { MoveDispatcher } from './modules/moves/move-dispatcher.ts';
import { MoveService } from './modules/moves/move-service.ts';
import { checkWebhookUrl } from './modules/webhooks/webhook-url.ts';
import { invitationMail } from './modules/accounts/invitation-mail.ts';
import { InvitationService } from './modules/accounts/invitations.ts';
import { ApiKeyService } from './modules/api-keys/api-key-service.ts';
import { BenchmarkService } from './modules/benchmarks/benchmark-service.ts';
import { BillingService, CANCEL_SUBSCRIPTION_TOPIC, LOCAL_PERIOD_END_JOB } from './modules/billing/billing-service.ts';
import { CoachConversations } from './modules/coach/coach-conversations.ts';
import { CoachService } from './modules/coach/coach-service.ts';
import { createLlmCoach } from './modules/coach/llm/llm-coach.ts';
import { analyseQuestion } from './modules/coach/local/question-analysis.ts';
import { EmailPreferences } from './modules/email-preferences/email-preferences.ts';
import { FeedbackService } from './modules/feedback/feedback-service.ts';
import { IntegrationService, REVOKE_TOKEN_TOPIC, revokeToken } from './modules/integrations/integration-service.ts';
import type { SourceConnections } from './modules/integrations/source-connections.ts';
import { createSourceConnections, registerSourceRevocation, registerSourceSync } from './modules/integrations/source-wiring.ts';
import { LifecycleMail } from './modules/lifecycle-mail/lifecycle-mail.ts';
import { AdmissionGate } from './modules/metering/admission-gate.ts';
import { ChargesInFlight } from './modules/metering/charges-in-flight.ts';
import { CreditLedger } from './modules/metering/credit-ledger.ts';
import { UsageReports } from './modules/metering/usage-report.ts';
import { OnboardingService } from './modules/onboarding/onboarding-service.ts';
import { GoalService } from './modules/outcomes/goal-service.ts';
import { ScheduleService } from './modules/outcomes/schedule-service.ts';
import { refusedRunMail } from './modules/outcomes/scheduled-run-refused-mail.ts';
import { ProductService } from './modules/products/product-service.ts';
import { createScoreQueue } from './modules/scoring/score-queue.ts';
import { SCORE_JOB } from './modules/scoring/score-job.ts';
import type { QueueBacklog } from './observability/service-metrics.ts';
import { crawlerOptionsFromConfig, createCrawler, type Crawler } from './modules/scoring/crawler/crawler.ts';
import { createLlmRefiner } from './modules/scoring/refinement/llm-refiner.ts';
import { ScoringService, type ScoringDependencies } from './modules/scoring/scoring-service.ts';
import { SharedResultCache } from './modules/scoring/shared-result-cache.ts';
import { SignalService } from './modules/signals/signal-service.ts';
import { TribalNoteService } from './modules/tribal-notes/tribal-note-service.ts';
import { WebhookDeliveries } from './modules/webhooks/webhook-deliveries.ts';
import { endpointDisabledMail } from './modules/webhooks/webhook-disabled-mail.ts';
import { createWebhookPoster, type WebhookPoster } from './modules/webhooks/webhook-post.ts';
import { WebhookService } from './modules/webhooks/webhook-service.ts';
import { isPaidPlan, PLAN_NAMES } from './vocabulary/plans.ts';

/** What a caller may put in place of what the configuration selects for a service. */
export interface ServiceChoices {
  /** The crawler's DNS seam (tests resolve fixture names to 127.0.0.1 through it). */
  crawlLookup?: HostLookup;
  /** Replaces the scoring judge (crawled pages -> result); tests make it fail to reach SCORE_FAILED. */
  scoringJudge?: ScoringDependencies['judge'];
}

export type Services = Awaited<ReturnType<typeof buildServices>>;

export function buildServices(infra: Infrastructure, chosen: ServiceChoices) {
  const { config, clock, log, database, metrics, jobs, jobRunner, outbox, mailer, events } = infra;
  const db = database.db;
  const publicBaseUrl = config.publicBaseUrl;

  const products = new ProductService(db);
  const productInAccount = async (accountId: string, productId: string) => (await products.find(accountId, productId)) !== null;
  const creditLedger = new CreditLedger(db, metrics.credits);
  const chargesInFlight = new ChargesInFlight({ ledger: creditLedger, clock, log });
  const billing = new BillingService({
    db,
    clock,
    provider: infra.paymentProvider,
    outbox,
    log,
    settings: { graceDays: config.payments.graceDays, priceIds: config.payments.priceIds, publicBaseUrl },
    jobs,
    onPackPurchased: (tx, purchase) => events.publish(tx, 'pack.bought', purchase),
    onPlanChanged: (tx, accountId, change) => events.publish(tx, 'plan.changed', { accountId, change }),
  });
  outbox.on(CANCEL_SUBSCRIPTION_TOPIC, (payload) => billing.cancelSubscription(payload));
  // The local provider has no server to end a subscription cancelled at its period's end: this job does.
  jobRunner.on(LOCAL_PERIOD_END_JOB, (payload) => billing.endCancelledLocalSubscription(payload));
  const admissionGate = new AdmissionGate({
    db,
    clock,
    entitlements: billing,
    limiter: infra.limiter,
    ledger: creditLedger,
    chargesInFlight,
    productCount: (executor, accountId) => products.count(executor, accountId),
    onThresholdCrossed: (tx, accountId, notice) => events.publish(tx, 'usage.threshold', { accountId, notice }),
    log,
  });
  const integrations = new IntegrationService();
  outbox.on(REVOKE_TOKEN_TOPIC, revokeToken);
  const emailPreferences = new EmailPreferences({ db, clock, publicBaseUrl });
  // Preferences are checked when a mail goes out, not when it was scheduled: an opt-out in between holds.
  handleSendMail(jobRunner, {
    mailer: { send: measureMailSends((mail) => mailer.send(mail), metrics.mail) },
    gate: (mail) => emailPreferences.prepare(db, mail),
  });
  outbox.on(FORGET_RECIPIENTS_TOPIC, (payload) => forgetRecipients(mailer, payload));
  const sharedResults = new SharedResultCache(clock);
  // The result page as visitors see it (/r/<id>), kept like the JSON (issue 29, item 3).
  const visitorResultPages = new SharedResultCache(clock);
  const accounts = new AccountService({
    db,
    clock,
    outbox,
    hooks: {
      onAccountCreated: (tx, accountId) => events.publish(tx, 'account.created', { accountId }),
      seatRefusal: (executor, accountId, countSeatsHeldAhead) => admissionGate.seatRefusal(executor, accountId, countSeatsHeldAhead),
      seatLimit: (accountId) => admissionGate.seatLimit(accountId),
      onSeatsChanged: (listener) => billing.onBillingChanged(listener),
      onMemberAdded: (tx, accountId, member) => events.publish(tx, 'member.added', { accountId, member }),
      onMemberRemoved: (tx, accountId, member) => events.publish(tx, 'member.removed', { accountId, member }),
    },
    // The subscribers to account.erased (src/domain-events.ts), read at erasure time.
    erasureParticipants: events.erasureParticipants,
  });
  const invitations = new InvitationService({
    db,
    clock,
    accounts,
    seats: async (accountId) => {
      const entitlement = await billing.entitlementOf(accountId);
      return { seats: entitlement.limits.seats, planName: PLAN_NAMES[entitlement.limitsPlan] };
    },
    mail: invitationMail(jobs),
    publicBaseUrl,
  });
  const usageReports = new UsageReports({
    db,
    entitlements: billing,
    ledger: creditLedger,
    memberCount: (executor, accountId) => accounts.memberCount(executor, accountId),
    productCount: (executor, accountId) => products.count(executor, accountId),
  });
  // The team's own tools and notes (issue 27): beside the site when an account scores its own product.
  const signals = new SignalService({
    db,
    clock,
    productInAccount,
    onRecorded: (tx, accountId, signalIds) => events.publish(tx, 'signals.recorded', { accountId, signalIds }),
  });
  const tribalNotes = new TribalNoteService({ db, clock });
  const onboarding = new OnboardingService({
    db,
    clock,
    accountCreatedAt: async (accountId) => (await accounts.get(accountId))?.createdAt ?? null,
    plans: {
      known: (accountId) => billing.knownEntitlement(accountId)?.entitlement.plan ?? null,
      current: async (accountId) => (await billing.entitlementOf(accountId)).plan,
    },
    products,
    teamNotes: {
      dimensionsSpokenTo: (text) => analyseQuestion(text).dimensions,
      replaceInterviewNotes: (...note) => tribalNotes.replaceInterviewNotes(...note),
    },
  });
  const apiKeys = new ApiKeyService({ db, clock, access: admissionGate });
  const lookup = chosen.crawlLookup ?? systemLookup;
  // Webhook targets have their own allowlist: a host allowed for crawling is not thereby a target every tenant may send to.
  const webhooks = new WebhookService({ db, clock, allowlist: config.webhooks.allowlist, lookup });
  const webhookPoster: WebhookPoster = measureWebhookPosts(
    createWebhookPoster({ allowlist: config.webhooks.allowlist, lookup, userAgent: 'MaturityScoring-Webhooks/1', now: () => performance.now() }),
    metrics.webhooks,
  );
  const webhookDeliveries = new WebhookDeliveries({
    db,
    clock,
    jobs,
    poster: webhookPoster,
    onEndpointDisabled: endpointDisabledMail({
      jobs,
      publicBaseUrl,
      owners: async (accountId) => (await accounts.members(accountId)).flatMap((member) => (member.role === 'owner' && member.email ? [member.email] : [])),
    }),
  });
  webhookDeliveries.register(jobRunner);
  const crawler: Crawler = measureCrawls(createCrawler(crawlerOptionsFromConfig(config.crawl, chosen.crawlLookup)), metrics.crawls);
  const backlogUnread = (error: unknown) => log.warn({ err: error }, 'queue backlog could not be read for the metrics');
  // The score queue is one of the job engine's; always shown, so an alert on it has a series before the first wait.
  metrics.watchQueues(async () => withQueue(await infra.jobEngine.backlog(), SCORE_JOB), backlogUnread);
  const scoring = new ScoringService({
    db,
    clock,
    crawler,
    refiner: config.llm ? createLlmRefiner(config.llm, { fetch: measureModelFetch(metrics.model, 'refine') }) : null,
    crawlAllowlist: config.crawl.allowlist,
    fullCrawlMaxPages: config.crawl.maxPages,
    log,
    sharedResults,
    judge: chosen.scoringJudge,
    onResultStored: (tx, accountId, result) => events.publish(tx, 'score.stored', { accountId, result }),
    onResultLinked: (tx, accountId, linked) => events.publish(tx, 'score.linked', { accountId, linked }),
    ownEvidence: async (owner, productId, context) => {
      if (context) await tribalNotes.add(owner.accountId, owner.userId, { productId, dimensionId: null, body: context, origin: 'score_context' });
      return { signals: await signals.latestForProduct(owner.accountId, productId), notes: await tribalNotes.forProduct(owner.accountId, productId) };
    },
  });
  const { scoreJobs, scoreWorker } = createScoreQueue({
    ...{ db, clock, log, jobs, scoring, crawlAllowlist: config.crawl.allowlist, queueLimit: config.crawl.queueLimit, concurrency: config.crawl.maxActive },
    sharedDatabase: database.native.kind === 'postgres',
    settleReservation: (tx, reservationId) => admissionGate.settleReservation(tx, reservationId),
  });
  const benchmarks = new BenchmarkService({
    accountLatestScoresIn: (segment) => scoring.accountLatestScoresIn(segment),
    segmentedResult: (resultId) => scoring.segmentedResult(resultId),
    paidAmong: (accountIds) => billing.paidAmong(accountIds),
  });
  // Outcomes (issue 28): goals measured on the product's scores; scheduled scores admitted as a member's would be.
  const goals = new GoalService({ db, clock, levels: (...query) => scoring.productDimensionLevels(...query) });
  const schedules = new ScheduleService({
    db,
    clock,
    product: (accountId, productId) => products.find(accountId, productId),
    admit: (request) => admissionGate.admit(request),
    score: (request) => scoring.score(request),
    readOnly: async (accountId) => (await onboarding.writeRefusal({ accountId, role: 'member' }, 'refuse')) !== null,
    onRunRefused: refusedRunMail({
      jobs,
      publicBaseUrl,
      leads: async (accountId) => (await accounts.members(accountId)).flatMap((member) => (member.role !== 'member' && member.email ? [member.email] : [])),
    }),
  });
  schedules.register(jobRunner);
  // Erased with the giver's account, and with the result it is about, by foreign keys: nothing outside the database to clean up.
  const feedback = new FeedbackService({ db, clock });
  const coach = new CoachService({ llm: config.llm ? createLlmCoach(config.llm, { fetch: measureModelFetch(metrics.model, 'coach') }) : null, log });
  // Erased with the account, and with the result they are about, by foreign keys.
  const coachConversations = new CoachConversations({ db, clock });
  // Trial mail sweeps on the job engine, next to mail.send: they enqueue, the send job's gate checks preferences.
  // Mail that follows an event (the welcome, a join, a plan or pack bought) is a subscriber (src/domain-events.ts).
  const lifecycleMail = new LifecycleMail({
    db,
    clock,
    log,
    jobs,
    publicBaseUrl,
    accountsCreatedSince: (since, page) => accounts.createdSince(since, page),
    members: (accountId) => accounts.members(accountId),
    accountName: async (accountId) => (await accounts.get(accountId))?.name ?? null,
    coverage: (accountId) => onboarding.coverage(accountId),
    onPaidPlan: async (accountId) => isPaidPlan((await billing.entitlementOf(accountId)).plan),
    productsLastScoredBefore: (cutoff, page) => scoring.productsLastScoredBefore(cutoff, page),
    product: (accountId, productId) => products.find(accountId, productId),
    accountsScoredBetween: (from, to, page) => scoring.accountsScoredBetween(from, to, page),
    scoresBetween: (accountId, from, to, limit) => scoring.history(accountId, { createdFrom: from, createdBefore: to, limit }),
    changeOf: (accountId, resultId) => scoring.changeOf(accountId, resultId),
    usage: (accountId) => usageReports.forAccount(accountId),
    segmentFigures: (segment) => benchmarks.figures(segment, null),
    accountLatestScoresIn: (segment) => scoring.accountLatestScoresIn(segment),
    // The recipient's own account holds the result, so the pool leaves it out.
    comparisonOf: (resultId) => benchmarks.comparisonOf(resultId, null),
  });
  lifecycleMail.register(jobRunner);
  // What a new score shows that changed beyond normal variation: recorded, then alerted by webhook, mail and Slack.
  // A Slack address is checked and posted to as a webhook endpoint is: the same allowlist and SSRF-safe connector.
  const slack = new SlackAlerts({
    db,
    clock,
    jobs,
    publicBaseUrl,
    checkUrl: (url) => checkWebhookUrl(url, config.webhooks.allowlist, lookup),
    post: (url, headers, body) => webhookPoster.post(url, headers, body),
  });
  slack.register(jobRunner);
  const anomalies = new AnomalyService({
    db,
    clock,
    jobs,
    publicBaseUrl,
    withPrevious: (accountId, resultId) => scoring.withPrevious(accountId, resultId),
    signalHistory: (accountId, signalId, limit) => signals.historyOf(accountId, signalId, limit),
    members: (accountId) => accounts.members(accountId),
    onDetected: (tx, accountId, anomaly) => events.publish(tx, 'anomaly.detected', { accountId, anomaly }),
    onRecorded: (tx, accountId, anomalyIds, detection) => slack.afterRecorded(tx, accountId, anomalyIds, detection),
  });
  anomalies.register(jobRunner);
  const sources: SourceConnections = createSourceConnections(config, {
    db,
    clock,
    log,
    outbox,
    productInAccount,
    recordSynced: (executor, accountId, integrationId, values) => signals.recordSynced(executor, accountId, integrationId, values),
  });
  registerSourceRevocation(outbox, sources);
  registerSourceSync(jobRunner, sources, config.sources.syncEveryMs);
  // Moves (issue 28, item 4): the next step for a goal at risk or a dimension that fell, dispatched into the team's tools.
  const moves = new MoveService({
    db,
    clock,
    jobs,
    publicBaseUrl,
    withPrevious: (accountId, resultId) => scoring.withPrevious(accountId, resultId),
    goals: (accountId, productId) => goals.list(accountId, productId),
    product: (accountId, productId) => products.find(accountId, productId),
    scheduled: async (accountId, productId) => (await schedules.get(accountId, productId)).cadence !== 'off',
    dispatcher: new MoveDispatcher({
      publicBaseUrl,
      productResource: (accountId, productId, provider) => sources.productResource(accountId, productId, provider),
      withProductResource: (accountId, productId, provider, work) => sources.withProductResource(accountId, productId, provider, work),
      slackTarget: (accountId) => slack.target(accountId),
      post: (url, headers, body) => webhookPoster.post(url, headers, body),
      scoreNow: (accountId, productId, userId) => schedules.scoreNow(accountId, productId, userId),
      productName: async (accountId, productId) => (await products.find(accountId, productId))?.name ?? null,
    }),
    throttle: (accountId) => admissionGate.throttle('move_dispatch', accountId),
    audit: (executor, accountId, actor, action, details) => accounts.audit(executor, accountId, actor, action, details),
    firstLevelSince: async (accountId, productId, dimensionId, since) =>
      (await scoring.productDimensionLevels(accountId, productId, dimensionId, { since, limit: 1, depth: 'full', earliest: true }))[0]?.level ?? null,
    productTotalsSince: async (accountId, productId, since, limit) =>
      (await scoring.history(accountId, { productId, depth: 'full', createdFrom: since, limit })).flatMap((score) =>
        score.productId ? [{ productId: score.productId, totalScore: score.totalScore, createdAt: new Date(score.createdAt) }] : [],
      ),
  });
  moves.register(jobRunner);

  const services = {
    ...{ accounts, invitations, billing, creditLedger, admissionGate, chargesInFlight, usageReports, apiKeys, integrations, products, productInAccount },
    ...{ scoring, scoreJobs, scoreWorker, sharedResults, visitorResultPages, crawler, coach, coachConversations, onboarding, emailPreferences, lifecycleMail },
    ...{ benchmarks, feedback, webhooks, webhookDeliveries, webhookPoster, sources, signals, tribalNotes, goals, schedules, anomalies, slack, moves },
    ...{ outbox, jobs, jobRunner, mailer },
  };
  // Every service exists: the reactions to the domain events can be subscribed (the list is src/domain-events.ts).
  subscribeDomainEvents(events, { ...services, clock, publicBaseUrl });
  return services;
}

function withQueue(backlog: QueueBacklog[], queue: string): QueueBacklog[] {
  return backlog.some((entry) => entry.queue === queue) ? backlog : [{ queue, depth: 0, oldestAgeSeconds: 0 }, ...backlog];
}
