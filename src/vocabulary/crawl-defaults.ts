/**
 * The crawler's limits by default: what the CRAWL_* variables fall back to
 * (config.ts) and what a crawler built without the configuration uses
 * (scoring/crawler). Kept low in the house so neither imports the other.
 */
export const CRAWL_DEFAULTS = {
  maxPages: 25,
  maxBytesPerPage: 2 * 1024 * 1024,
  requestTimeoutMs: 8000,
  crawlDeadlineMs: 20_000,
  /** Also the most CRAWL_MAX_REDIRECTS may ask for. */
  maxRedirects: 5,
  concurrency: 6,
} as const;
