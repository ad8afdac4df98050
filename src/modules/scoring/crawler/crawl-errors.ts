/**
 * Errors of the crawler. Their messages are read by users (a CRAWL_FAILED
 * response carries them), so they say what happened in plain words.
 */

/** The crawl produced nothing usable: the start page could not be fetched, was blocked or was refused. */
export class CrawlFailedError extends Error {
  override name = 'CrawlFailedError';
}

/** One fetch did not give a usable response; `message` is the user-facing reason. */
export class FetchFailure extends Error {
  override name = 'FetchFailure';
  /** The SSRF guard refused the address (as opposed to the site failing). */
  readonly refusedAddress: boolean;

  constructor(message: string, options: { refusedAddress?: boolean } = {}) {
    super(message);
    this.refusedAddress = options.refusedAddress ?? false;
  }
}

const NETWORK_ERROR_MESSAGES: [RegExp, string][] = [
  [/^(ENOTFOUND|EAI_AGAIN|EAI_NODATA|EAI_NONAME|EAI_FAIL)$/, 'Could not resolve host {host}'],
  [/^ECONNREFUSED$/, 'Connection refused'],
  [/^(ECONNRESET|EPIPE|UND_ERR_SOCKET|UND_ERR_CLOSED)$/, 'The site closed the connection'],
  [/^(UND_ERR_CONNECT_TIMEOUT|ETIMEDOUT)$/, 'Timed out connecting to the site'],
  [/^(EHOSTUNREACH|ENETUNREACH|EADDRNOTAVAIL)$/, 'The site is unreachable'],
  [/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_/, "The site's TLS certificate could not be verified"],
  [/^(HPE_|UND_ERR_HEADERS_OVERFLOW|UND_ERR_RES_)/, 'The site sent a malformed HTTP response'],
  [/^Z_/, 'The site sent a corrupt compressed response'],
];

/** A user-facing reason for an error raised while connecting to `hostname` or talking HTTP with it. */
export function describeNetworkError(error: unknown, hostname: string): string {
  const code = errorCode(error);
  for (const [pattern, message] of NETWORK_ERROR_MESSAGES) {
    if (pattern.test(code)) return message.replace('{host}', hostname);
  }
  return 'The site could not be reached';
}

/** The error's code, looking through the wrappers undici and net put around it. */
function errorCode(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code !== '') return code;
    current = current instanceof AggregateError ? current.errors[0] : current.cause;
  }
  return '';
}
