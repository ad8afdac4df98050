/**
 * Measuring decorators: each wraps a port (the crawler, the webhook poster,
 * the mailer's send, the model provider's fetch) and reports to its
 * ServiceMetrics interface, so the code behind the port knows nothing of
 * metrics. Typed by shape, not by the modules' types: this layer imports no
 * module.
 */
import type { CrawlReport, MailReport, ModelReport, WebhookAttemptOutcome, WebhookReport } from './service-metrics.ts';

const seconds = (since: number) => (performance.now() - since) / 1000;

interface CrawlerShape<Options, Summary> {
  crawl(startUrl: string, opts?: Options): Promise<Summary>;
  close(): Promise<void>;
}

/** Every crawl's duration, page count and outcome; a crawl cut short by its caller's signal counts as `aborted`. */
export function measureCrawls<Options extends { signal?: AbortSignal }, Summary extends { pages: readonly unknown[] }>(
  crawler: CrawlerShape<Options, Summary>,
  report: CrawlReport,
): CrawlerShape<Options, Summary> {
  return {
    async crawl(startUrl, opts) {
      const started = performance.now();
      try {
        const summary = await crawler.crawl(startUrl, opts);
        report.crawled('ok', seconds(started), summary.pages.length);
        return summary;
      } catch (error) {
        report.crawled(opts?.signal?.aborted ? 'aborted' : 'failed', seconds(started), 0);
        throw error;
      }
    },
    close: () => crawler.close(),
  };
}

interface PosterShape<Outcome> {
  post(url: string, headers: Record<string, string>, body: string): Promise<Outcome>;
  close(): Promise<void>;
}

/** Every webhook attempt by outcome: delivered (2xx), http_error (another status), network_error (no status at all). */
export function measureWebhookPosts<Outcome extends { ok: boolean; status: number | null }>(
  poster: PosterShape<Outcome>,
  report: WebhookReport,
): PosterShape<Outcome> {
  return {
    async post(url, headers, body) {
      const outcome = await poster.post(url, headers, body);
      const kind: WebhookAttemptOutcome = outcome.ok ? 'delivered' : outcome.status === null ? 'network_error' : 'http_error';
      report.attempted(kind);
      return outcome;
    },
    close: () => poster.close(),
  };
}

/** A mailer's send, counted: sent when the transport took the mail, failed when it threw (the job retries it). */
export function measureMailSends<Mail, Sent>(send: (mail: Mail) => Promise<Sent>, report: MailReport): (mail: Mail) => Promise<Sent> {
  return async (mail) => {
    try {
      const sent = await send(mail);
      report.sent();
      return sent;
    } catch (error) {
      report.failed();
      throw error;
    }
  };
}

/**
 * The fetch a model provider's client is handed, timed to the response's
 * headers (for the streaming coach, the time to its first byte). An error is
 * a call that threw or answered outside 2xx.
 */
export function measureModelFetch(report: ModelReport, purpose: string, fetchImpl: typeof globalThis.fetch = globalThis.fetch): typeof globalThis.fetch {
  return async (input, init) => {
    const started = performance.now();
    try {
      const response = await fetchImpl(input, init);
      report.called(purpose, seconds(started), response.ok ? 'ok' : 'error');
      return response;
    } catch (error) {
      report.called(purpose, seconds(started), 'error');
      throw error;
    }
  };
}
