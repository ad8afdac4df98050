/**
 * One GET with its redirects followed by hand: every hop is re-checked
 * against the address rule before it is requested (the connector checks it
 * again at connection time), loops and chains longer than `maxRedirects`
 * stop, and each hop has its own timeout covering headers and body.
 */
import { STATUS_CODES } from 'node:http';
import { request, type Dispatcher } from 'undici';
import { RefusedAddressError } from '../../../net/connect-errors.ts';
import { describeNetworkError, FetchFailure } from './crawl-errors.ts';
import { ACCEPTED_ENCODINGS, readLimitedBody, type LimitedBody } from './response-body.ts';
import { parseContentType, type ContentType } from './response-text.ts';
import { checkTargetUrl } from '../../../net/target-url.ts';

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export const REDIRECT_TO_REFUSED_ADDRESS = 'Redirected to a refused address';
const REFUSED_ADDRESS = 'The address resolves to a private, local or internal network location';

export interface FetchContext {
  dispatcher: Dispatcher;
  userAgent: string;
  allowlist: readonly string[];
  maxRedirects: number;
  requestTimeoutMs: number;
  /** Aborts every fetch of the crawl (caller's abort or crawl deadline); its reason is rethrown as is. */
  signal: AbortSignal;
}

export interface FetchRequest {
  url: URL;
  /** The Accept header. */
  accept: string;
  maxBytes: number;
  /** Whether a 2xx body of this media type (null: none declared) is worth reading. */
  readsBody: (mediaType: string | null) => boolean;
  /** Vets a redirect target before it is requested: a reason to stop, or null to follow it. */
  checkRedirect?: (target: URL) => Promise<string | null>;
}

export interface FetchedResource {
  requestedUrl: string;
  finalUrl: string;
  /**
   * Each address that answered with a redirect on the way to finalUrl, in
   * order (requestedUrl first); empty when there was no redirect. Absent on
   * resources not fetched by fetchFollowingRedirects.
   */
  redirectedFrom?: readonly string[];
  status: number;
  /** Lower-case names; repeated headers joined with ', '. */
  headers: Record<string, string>;
  contentType: ContentType;
  /** Null when the body was not read: a redirect, a non-2xx status, or a media type not wanted. */
  body: LimitedBody | null;
}

/** 'The site answered 403 Forbidden', with the standard reason phrase (never the server's own text). */
export function describeStatus(status: number): string {
  return `The site answered ${status} ${STATUS_CODES[status] ?? ''}`.trim();
}

export function isSuccessStatus(status: number): boolean {
  return status >= 200 && status < 300;
}

/** @throws FetchFailure with a user-facing reason, or the crawl signal's reason when the crawl is aborted. */
export async function fetchFollowingRedirects(fetchRequest: FetchRequest, context: FetchContext): Promise<FetchedResource> {
  const visited = new Set<string>();
  const redirectedFrom: string[] = [];
  let url = fetchRequest.url;
  for (let hop = 0; ; hop++) {
    visited.add(url.href);
    const resource = await fetchOnce(url, fetchRequest, context, hop > 0);
    const location = resource.headers['location'];
    if (!REDIRECT_STATUSES.has(resource.status) || location === undefined) {
      return { ...resource, requestedUrl: fetchRequest.url.href, redirectedFrom };
    }
    redirectedFrom.push(url.href);
    if (hop >= context.maxRedirects) {
      throw new FetchFailure(`The site redirected more than ${context.maxRedirects} times`);
    }
    url = await nextHop(location, url, visited, fetchRequest, context);
  }
}

async function nextHop(location: string, from: URL, visited: Set<string>, fetchRequest: FetchRequest, context: FetchContext): Promise<URL> {
  let target: URL;
  try {
    target = new URL(location, from);
  } catch {
    throw new FetchFailure('The site redirected to an invalid address');
  }
  target.hash = '';
  const check = checkTargetUrl(target.href, context.allowlist);
  if (!check.ok) {
    if (check.refusal === 'address') throw new FetchFailure(REDIRECT_TO_REFUSED_ADDRESS, { refusedAddress: true });
    throw new FetchFailure(`The site redirected to an address that cannot be crawled: ${check.reason}`);
  }
  if (visited.has(target.href)) throw new FetchFailure('The site redirects in a loop');
  const stop = (await fetchRequest.checkRedirect?.(target)) ?? null;
  if (stop !== null) throw new FetchFailure(stop);
  return target;
}

async function fetchOnce(url: URL, fetchRequest: FetchRequest, context: FetchContext, isRedirectHop: boolean): Promise<FetchedResource> {
  const timeout = AbortSignal.timeout(context.requestTimeoutMs);
  const signal = AbortSignal.any([context.signal, timeout]);
  try {
    const response = await request(url, {
      dispatcher: context.dispatcher,
      method: 'GET',
      headers: {
        'user-agent': context.userAgent,
        accept: fetchRequest.accept,
        'accept-encoding': ACCEPTED_ENCODINGS,
        'accept-language': 'en',
      },
      signal,
    });
    try {
      const headers = flattenHeaders(response.headers);
      const contentType = parseContentType(headers['content-type']);
      const wanted = isSuccessStatus(response.statusCode) && fetchRequest.readsBody(contentType.mediaType);
      const body = wanted ? await readLimitedBody(response.body, headers['content-encoding'], fetchRequest.maxBytes) : null;
      return { requestedUrl: url.href, finalUrl: url.href, status: response.statusCode, headers, contentType, body };
    } finally {
      // Unread bodies (redirects, errors, unwanted types) are dropped here. Destroying an
      // unfinished body makes undici emit an abort error that nobody needs to hear.
      response.body.on('error', ignoreError).destroy();
    }
  } catch (error) {
    if (context.signal.aborted) throw context.signal.reason;
    if (timeout.aborted) throw new FetchFailure(`Timed out after ${context.requestTimeoutMs / 1000} s`);
    if (error instanceof FetchFailure) throw error;
    if (error instanceof RefusedAddressError) {
      throw new FetchFailure(isRedirectHop ? REDIRECT_TO_REFUSED_ADDRESS : REFUSED_ADDRESS, { refusedAddress: true });
    }
    throw new FetchFailure(describeNetworkError(error, url.hostname));
  }
}

function ignoreError(): void {}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}
