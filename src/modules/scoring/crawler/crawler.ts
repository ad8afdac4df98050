/**
 * The safe crawler: the public face of this folder. See crawl-session.ts
 * for the order of a crawl and src/net/safe-connector.ts for the SSRF guard.
 */
import { Agent } from 'undici';
import type { CrawlSummary } from '../artifacts.ts';
import { runCrawl, type CrawlProgress } from './crawl-session.ts';
import { assertValidOptions, type CrawlerOptions } from './crawler-options.ts';
import { createSafeConnector, systemLookup } from '../../../net/safe-connector.ts';
import { createPageReader, defaultReadingThreads } from './page-reader.ts';

export { CrawlFailedError } from './crawl-errors.ts';
export type { CrawlProgress } from './crawl-session.ts';
export { crawlerOptionsFromConfig, DEFAULT_CRAWLER_OPTIONS, DEFAULT_USER_AGENT, type CrawlerOptions } from './crawler-options.ts';

export interface Crawler {
  /**
   * Crawl the site of `startUrl`. Resolves with the pages gathered (start page
   * first); rejects with CrawlFailedError when the start page cannot be used,
   * or with the signal's reason when `signal` aborts. `onProgress` hears the
   * page counts as they change; it never changes the crawl.
   */
  crawl(startUrl: string, opts?: { maxPages?: number; signal?: AbortSignal; onProgress?: (progress: CrawlProgress) => void }): Promise<CrawlSummary>;
  /** Closes the connection pool and the page-reading threads; waits for requests in flight (each bounded by its timeout). */
  close(): Promise<void>;
}

export function createCrawler(options: CrawlerOptions): Crawler {
  assertValidOptions(options);
  const settings: CrawlerOptions = { ...options, allowlist: [...options.allowlist] };
  const agent = new Agent({
    connect: createSafeConnector({
      allowlist: settings.allowlist,
      lookup: settings.lookup ?? systemLookup,
      connectTimeoutMs: settings.requestTimeoutMs,
    }),
    headersTimeout: settings.requestTimeoutMs,
    bodyTimeout: settings.requestTimeoutMs,
  });
  const reader = createPageReader({ threads: settings.workerThreads ?? defaultReadingThreads() });
  return {
    crawl(startUrl, opts = {}) {
      const maxPages = opts.maxPages ?? settings.maxPages;
      if (!Number.isInteger(maxPages) || maxPages < 1) return Promise.reject(new RangeError('maxPages must be a positive integer'));
      return runCrawl(startUrl, settings, { dispatcher: agent, reader }, { maxPages, signal: opts.signal, onProgress: opts.onProgress });
    },
    async close() {
      await agent.close();
      await reader.close();
    },
  };
}
