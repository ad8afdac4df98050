import type { Config } from '../../../config.ts';
import { CRAWL_DEFAULTS } from '../../../vocabulary/crawl-defaults.ts';
import type { HostLookup } from '../../../net/safe-connector.ts';

export interface CrawlerOptions {
  /** Pages per crawl, start page included. */
  maxPages: number;
  /** Body bytes read per page, counted after decompression; a longer page is cut at this length and kept. */
  maxBytesPerPage: number;
  /** Per HTTP request (each redirect hop): connection, headers and the whole body. */
  requestTimeoutMs: number;
  /** The whole crawl; when it passes after the start page is in, the crawl returns what it has. */
  crawlDeadlineMs: number;
  maxRedirects: number;
  /** Requests in flight at once per crawl. */
  concurrency: number;
  /** Names the service; its product token (before '/') selects the robots.txt group. */
  userAgent: string;
  /** CRAWL_ALLOWLIST entries, 'host' or 'host:port': exempt from the address rule, nothing else. */
  allowlist: string[];
  /** Worker threads that read large pages (page-reader.ts); 0 reads every page on the calling thread. Default: defaultReadingThreads(). */
  workerThreads?: number;
  /** DNS seam for tests; the system resolver by default. */
  lookup?: HostLookup;
}

export const DEFAULT_USER_AGENT = 'MaturityScoringBot/0.1 (Maturity Scoring and Coaching Service)';

/** Spec defaults (issue 3): 25 pages, 2 MiB per page, 20 s per crawl, 5 redirects, 6 at once. */
export const DEFAULT_CRAWLER_OPTIONS = {
  ...CRAWL_DEFAULTS,
  userAgent: DEFAULT_USER_AGENT,
} as const satisfies Omit<CrawlerOptions, 'allowlist' | 'lookup'>;

/** The crawler the configuration describes (CRAWL_* variables). */
export function crawlerOptionsFromConfig(crawl: Config['crawl'], lookup?: HostLookup): CrawlerOptions {
  return {
    ...DEFAULT_CRAWLER_OPTIONS,
    maxPages: crawl.maxPages,
    maxBytesPerPage: crawl.maxPageBytes,
    requestTimeoutMs: crawl.requestTimeoutMs,
    crawlDeadlineMs: crawl.deadlineMs,
    maxRedirects: crawl.maxRedirects,
    concurrency: crawl.concurrency,
    allowlist: crawl.allowlist,
    ...(crawl.workerThreads === null ? {} : { workerThreads: crawl.workerThreads }),
    ...(lookup ? { lookup } : {}),
  };
}

const POSITIVE_INTEGER_OPTIONS = ['maxPages', 'maxBytesPerPage', 'requestTimeoutMs', 'crawlDeadlineMs', 'concurrency'] as const;

/** @throws RangeError naming the first option out of range. */
export function assertValidOptions(options: CrawlerOptions): void {
  for (const name of POSITIVE_INTEGER_OPTIONS) {
    if (!Number.isInteger(options[name]) || options[name] < 1) throw new RangeError(`crawler option ${name} must be a positive integer`);
  }
  for (const name of ['maxRedirects', 'workerThreads'] as const) {
    const value = options[name];
    if (value !== undefined && (!Number.isInteger(value) || value < 0)) throw new RangeError(`crawler option ${name} must be a non-negative integer`);
  }
  if (options.userAgent.trim() === '') throw new RangeError('crawler option userAgent must not be empty');
}
