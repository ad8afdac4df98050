/**
 * What the safe connector throws before any socket exists. Crawling and
 * webhook delivery both read them: the crawler turns a refusal into its own
 * user-facing reason (scoring/crawler/http-fetch.ts), webhooks into a failed
 * delivery.
 */

/** The connector refused to connect to an address (SSRF guard). */
export class RefusedAddressError extends Error {
  override name = 'RefusedAddressError';
  readonly code = 'ERR_REFUSED_ADDRESS';
}

/** Name resolution gave no address. */
export class HostNotFoundError extends Error {
  override name = 'HostNotFoundError';
  readonly code = 'ENOTFOUND';
}
