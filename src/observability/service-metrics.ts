/**
 * The service's Prometheus instruments, one registry per app (several apps
 * may share a process: tests, the multi-instance check). Each concern gets a
 * small reporting interface (`CrawlReport`, `JobReport`, ...) that the code
 * it measures is handed; nothing imports a global registry. The names, labels
 * and help texts below are the contract docs/OPERATIONS.md ("Metrics") and
 * its alert list rely on: change them together.
 *
 * Labels are small closed sets (an outcome, a queue or job name, a policy
 * name), never an account, a URL or an address.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Where a crawl ended: `ok` with pages, `failed` (the site could not be read), `aborted` (the caller went away). */
export type CrawlOutcome = 'ok' | 'failed' | 'aborted';

export interface CrawlReport {
  crawled(outcome: CrawlOutcome, seconds: number, pages: number): void;
}

/**
 * A job's attempt ended: `completed`; `failed` (it will be retried); `dead`
 * (it will not: out of attempts, or a permanent error). The job engine calls
 * this once per attempt, with the job's queue (its name).
 */
export interface JobReport {
  attemptEnded(queue: string, outcome: 'completed' | 'failed' | 'dead'): void;
}

/** The job runner's onJobEvent (src/queue/job-runner.ts), told to the metrics. */
export function reportJobEvent(report: JobReport): (event: { queue: string; outcome: 'completed' | 'failed' | 'dead' }) => void {
  return (event) => report.attemptEnded(event.queue, event.outcome);
}

/** One queue's backlog: jobs waiting to run, and how long the oldest of them has been due. */
export interface QueueBacklog {
  queue: string;
  depth: number;
  oldestAgeSeconds: number;
}

/** Read at each scrape; a source that fails is logged by the caller's callback and leaves the gauges as they were. */
export type QueueBacklogSource = () => Promise<QueueBacklog[]>;

/** A webhook attempt's outcome: `delivered` (2xx), `http_error` (another status), `network_error` (no answer). */
export type WebhookAttemptOutcome = 'delivered' | 'http_error' | 'network_error';

export interface WebhookReport {
  attempted(outcome: WebhookAttemptOutcome): void;
}

export interface MailReport {
  sent(): void;
  failed(): void;
}

export interface LimiterReport {
  storeFailed(policy: string): void;
}

/** `purpose`: which feature called the model (`refine`, `coach`). */
export interface ModelReport {
  called(purpose: string, seconds: number, outcome: 'ok' | 'error'): void;
}

/** Credits are the plan's metered unit; `action` is the charged action (score, chat, api_call). */
export interface CreditReport {
  charged(action: string, credits: number): void;
  returned(action: string, credits: number): void;
}

export interface ServiceMetrics {
  registry: Registry;
  crawls: CrawlReport;
  jobs: JobReport;
  webhooks: WebhookReport;
  mail: MailReport;
  limiter: LimiterReport;
  model: ModelReport;
  credits: CreditReport;
  /** Adds a source of queue backlogs, read at each scrape. */
  watchQueues(source: QueueBacklogSource, onError: (error: unknown) => void): void;
  /** The request-latency histogram, observed by the HTTP hook (observability/http-metrics.ts). */
  httpDuration: Histogram<'method' | 'route' | 'status_code'>;
}

/** From 1 s to 2 min: a crawl of a small site takes seconds, a full one up to its time budget. */
const CRAWL_SECONDS_BUCKETS = [0.5, 1, 2, 5, 10, 20, 30, 60, 120];
/** The page cap of a full crawl is in the tens. */
const CRAWL_PAGE_BUCKETS = [1, 2, 5, 10, 20, 30, 50, 100];
/** Model calls answer in a second or two, a long refinement in tens of seconds. */
const MODEL_SECONDS_BUCKETS = [0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 40, 60];
const HTTP_SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function createServiceMetrics(): ServiceMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route template, method and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: HTTP_SECONDS_BUCKETS,
    registers,
  });

  const crawlSeconds = new Histogram({
    name: 'crawl_duration_seconds',
    help: 'Time a crawl took, by outcome (ok, failed, aborted).',
    labelNames: ['outcome'] as const,
    buckets: CRAWL_SECONDS_BUCKETS,
    registers,
  });
  const crawlPages = new Histogram({
    name: 'crawl_pages',
    help: 'Pages a successful crawl gathered.',
    buckets: CRAWL_PAGE_BUCKETS,
    registers,
  });
  const crawls = new Counter({ name: 'crawls_total', help: 'Crawls ended, by outcome (ok, failed, aborted).', labelNames: ['outcome'] as const, registers });

  const jobAttempts = {
    completed: new Counter({ name: 'jobs_completed_total', help: 'Job attempts that completed, by queue.', labelNames: ['queue'] as const, registers }),
    failed: new Counter({
      name: 'jobs_failed_total',
      help: 'Job attempts that failed and will be retried, by queue.',
      labelNames: ['queue'] as const,
      registers,
    }),
    dead: new Counter({
      name: 'jobs_dead_total',
      help: 'Jobs given up on (out of attempts or a permanent error), by queue.',
      labelNames: ['queue'] as const,
      registers,
    }),
  };

  const backlogSources: { read: QueueBacklogSource; onError: (error: unknown) => void }[] = [];
  let lastBacklog: QueueBacklog[] = [];
  const queuesSeen = new Set<string>();
  const readBacklogs = async (): Promise<QueueBacklog[]> => {
    const read = await Promise.all(
      backlogSources.map(async (source) => {
        try {
          return await source.read();
        } catch (error) {
          source.onError(error);
          return null;
        }
      }),
    );
    if (read.every((backlogs) => backlogs !== null)) {
      const current = read.flat();
      // A queue once seen stays at 0 when it empties, rather than vanishing: an alert on it reads 0, not "no data".
      for (const backlog of current) queuesSeen.add(backlog.queue);
      const present = new Set(current.map((backlog) => backlog.queue));
      lastBacklog = [...current, ...[...queuesSeen].filter((queue) => !present.has(queue)).map((queue) => ({ queue, depth: 0, oldestAgeSeconds: 0 }))];
    }
    return lastBacklog;
  };
  // One read serves both gauges of a scrape: prom-client starts every metric's collect in registration
  // order, synchronously, before awaiting any, so the depth's read is in flight when the age's collect starts.
  let readForAge: Promise<QueueBacklog[]> | null = null;
  new Gauge({
    name: 'queue_depth',
    help: 'Jobs due and not yet done (waiting for a worker or running), by queue.',
    labelNames: ['queue'] as const,
    registers,
    async collect() {
      const read = readBacklogs();
      readForAge = read;
      this.reset();
      for (const backlog of await read) this.set({ queue: backlog.queue }, backlog.depth);
    },
  });
  new Gauge({
    name: 'queue_oldest_age_seconds',
    help: 'How long the longest-waiting due job has been due, by queue (0 when none is due).',
    labelNames: ['queue'] as const,
    registers,
    async collect() {
      const read = readForAge ?? readBacklogs();
      readForAge = null;
      this.reset();
      for (const backlog of await read) this.set({ queue: backlog.queue }, backlog.oldestAgeSeconds);
    },
  });

  const webhookAttempts = new Counter({
    name: 'webhook_attempts_total',
    help: 'Webhook delivery attempts, by outcome (delivered, http_error, network_error).',
    labelNames: ['outcome'] as const,
    registers,
  });
  const mailSent = new Counter({ name: 'mail_sent_total', help: 'Mail handed to the transport (SMTP or the .eml directory).', registers });
  const mailFailed = new Counter({ name: 'mail_failed_total', help: 'Mail the transport refused or could not take (the job retries it).', registers });
  const limiterFailures = new Counter({
    name: 'rate_limit_store_failures_total',
    help: 'Rate-limit decisions the counting store could not make (the request was refused), by policy.',
    labelNames: ['policy'] as const,
    registers,
  });
  const modelSeconds = new Histogram({
    name: 'model_call_duration_seconds',
    help: "Time to a model provider's response headers, by purpose (refine, coach) and outcome (ok, error).",
    labelNames: ['purpose', 'outcome'] as const,
    buckets: MODEL_SECONDS_BUCKETS,
    registers,
  });
  const modelErrors = new Counter({
    name: 'model_call_errors_total',
    help: 'Model calls that failed (no answer or a non-2xx status), by purpose.',
    labelNames: ['purpose'] as const,
    registers,
  });
  const creditsCharged = new Counter({ name: 'credits_charged_total', help: 'Credits charged, by action.', labelNames: ['action'] as const, registers });
  const creditsReturned = new Counter({
    name: 'credits_returned_total',
    help: 'Credits given back (a failed score, a lapsed charge), by action.',
    labelNames: ['action'] as const,
    registers,
  });

  return {
    registry,
    httpDuration,
    crawls: {
      crawled(outcome, seconds, pages) {
        crawls.inc({ outcome });
        crawlSeconds.observe({ outcome }, seconds);
        if (outcome === 'ok') crawlPages.observe(pages);
      },
    },
    jobs: { attemptEnded: (queue, outcome) => jobAttempts[outcome].inc({ queue }) },
    webhooks: { attempted: (outcome) => webhookAttempts.inc({ outcome }) },
    mail: { sent: () => mailSent.inc(), failed: () => mailFailed.inc() },
    limiter: { storeFailed: (policy) => limiterFailures.inc({ policy }) },
    model: {
      called(purpose, seconds, outcome) {
        modelSeconds.observe({ purpose, outcome }, seconds);
        if (outcome === 'error') modelErrors.inc({ purpose });
      },
    },
    credits: {
      charged: (action, credits) => credits > 0 && creditsCharged.inc({ action }, credits),
      returned: (action, credits) => credits > 0 && creditsReturned.inc({ action }, credits),
    },
    watchQueues(read, onError) {
      backlogSources.push({ read, onError });
    },
  };
}
