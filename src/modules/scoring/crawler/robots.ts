/**
 * robots.txt rules for our user agent (RFC 9309 through robots-parser).
 * A missing robots.txt (4xx) allows everything; one that cannot be read
 * (5xx, network error) means complete disallow, as RFC 9309 section 2.3.1
 * requires, and carries the reason so a failed crawl can say why.
 */
import robotsParserModule from 'robots-parser';
import { describeStatus, isSuccessStatus, type FetchedResource } from './http-fetch.ts';
import { decodeText } from './response-text.ts';

/** RFC 9309 asks crawlers to parse at least the first 500 KiB; we read that much and no more. */
export const ROBOTS_MAX_BYTES = 500 * 1024;

export const ROBOTS_DISALLOWED_REASON = "The site's robots.txt disallows crawling this page";

export interface RobotsRules {
  /** Whether our user agent may fetch `url` (a URL on the origin these rules came from). */
  isAllowed(url: URL): boolean;
  /** Sitemap URLs the file lists. */
  readonly sitemaps: string[];
}

export type RobotsVerdict =
  | { kind: 'rules'; rules: RobotsRules }
  /** `refusedAddress`: the origin is one the SSRF guard refuses, so nothing there may be fetched. */
  | { kind: 'unreachable'; reason: string; refusedAddress: boolean };

/**
 * robots-parser is CommonJS (`module.exports = function`) but its typings
 * declare an ES default export, which TypeScript then nests under `.default`.
 * Node hands the function itself to a default import; the cast says so.
 */
const robotsParser = robotsParserModule as unknown as typeof robotsParserModule.default;

const NO_RULES: RobotsRules = { isAllowed: () => true, sitemaps: [] };

/** The verdict from the response to GET /robots.txt. `userAgent` is our full User-Agent; its product token picks the group. */
export function robotsVerdict(robotsUrl: URL, resource: FetchedResource, userAgent: string): RobotsVerdict {
  if (isSuccessStatus(resource.status)) {
    const text = resource.body === null ? '' : decodeText(resource.body.bytes, resource.contentType.charset, false);
    return { kind: 'rules', rules: parseRobots(robotsUrl, text, userAgent) };
  }
  if (resource.status >= 500) {
    return { kind: 'unreachable', reason: `${describeStatus(resource.status)} for its robots.txt`, refusedAddress: false };
  }
  return { kind: 'rules', rules: NO_RULES };
}

export function parseRobots(robotsUrl: URL, text: string, userAgent: string): RobotsRules {
  const robot = robotsParser(robotsUrl.href, text);
  return {
    // robots-parser answers undefined for a URL on another origin; such a URL is judged by its own origin's file.
    isAllowed: (url) => robot.isAllowed(url.href, userAgent) !== false,
    sitemaps: robot.getSitemaps(),
  };
}
