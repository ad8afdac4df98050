/**
 * The pre-check of an address before any connection: shape, scheme,
 * credentials, literal refused addresses and well-known internal host names.
 * It gives the user a clear 400 early; the connector (safe-connector.ts)
 * enforces the same address rule again at connection time, for names too.
 */
import { isIP } from 'node:net';
import { isRefusedAddress } from './refused-address.ts';

/** Why an address was refused; 'address' covers both literal addresses and internal host names. */
export type TargetRefusal = 'malformed' | 'scheme' | 'credentials' | 'address';

export type TargetCheck = { ok: true; url: URL } | { ok: false; reason: string; refusal: TargetRefusal };

/** Host names that reach cloud metadata services or the machine itself. */
const REFUSED_HOST_NAMES = new Set(['localhost', 'metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal']);

/** Special-use domains (RFC 6761, RFC 6762, RFC 8375, ICANN .internal) that never name a public site. */
const REFUSED_HOST_SUFFIXES = ['.localhost', '.internal', '.local', '.home.arpa'];

const REFUSAL_MESSAGES: Record<TargetRefusal, string> = {
  malformed: 'The address is not a valid absolute URL',
  scheme: 'Only http and https addresses can be crawled',
  credentials: 'The address must not contain a user name or password',
  address: 'The address points to a private, local or internal network location',
};

/**
 * An address as people type it, with a scheme: "acme.com", "www.acme.com/about"
 * or "//acme.com" mean https; "acme.com:8080" is a host and port, not a
 * scheme. A scheme that is given is kept, so "ftp://..." or "mailto:..." is
 * still refused by name. Only addresses a person typed go through this (the
 * score routes, products, the command line); links found in a crawl are
 * absolute already.
 */
export function withDefaultScheme(input: string): string {
  const trimmed = input.trim();
  if (trimmed === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) return trimmed;
  if (trimmed.startsWith('//')) return `https:${trimmed}`;
  const namesScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !/^[^:/]+:\d/.test(trimmed);
  return namesScheme ? trimmed : `https://${trimmed}`;
}

/**
 * Decide whether `input` may be crawled. The allowlist (CRAWL_ALLOWLIST
 * entries, 'host' or 'host:port') exempts a host from the address rule only;
 * scheme and credential rules apply to every host.
 */
export function checkTargetUrl(input: string, allowlist: readonly string[]): TargetCheck {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return refuse('malformed');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return refuse('scheme');
  if (url.username !== '' || url.password !== '') return refuse('credentials');
  if (url.hostname === '') return refuse('malformed');
  if (isAllowlisted(url, allowlist)) return { ok: true, url };
  if (isRefusedHost(url.hostname)) return refuse('address');
  return { ok: true, url };
}

function refuse(refusal: TargetRefusal): TargetCheck {
  return { ok: false, refusal, reason: REFUSAL_MESSAGES[refusal] };
}

/**
 * A URL hostname (as WHATWG URL gives it: IPv4 forms already normalised to
 * dotted quads, IPv6 in brackets) that must not be crawled.
 */
function isRefusedHost(hostname: string): boolean {
  const host = withoutTrailingDot(hostname);
  if (host.startsWith('[') || isIP(host) !== 0) return isRefusedAddress(host);
  if (REFUSED_HOST_NAMES.has(host)) return true;
  if (REFUSED_HOST_SUFFIXES.some((suffix) => host.endsWith(suffix))) return true;
  // A single-label name is resolved through the machine's search domains: an intranet name.
  return !host.includes('.');
}

function isAllowlisted(url: URL, allowlist: readonly string[]): boolean {
  return isAllowlistedHost(url.hostname, effectivePort(url.protocol, url.port), allowlist);
}

/**
 * True when `hostname` (URL form; IPv6 with or without brackets) on `port`
 * matches an allowlist entry 'host' (any port) or 'host:port'.
 */
export function isAllowlistedHost(hostname: string, port: string, allowlist: readonly string[]): boolean {
  const host = canonicalHost(hostname);
  if (host === null) return false;
  return allowlist.some((entry) => {
    const parsed = parseAllowlistEntry(entry);
    return parsed !== null && parsed.host === host && (parsed.port === null || parsed.port === port);
  });
}

/** The port a URL's connection uses: its explicit port, else the scheme's default ('' port means default). */
export function effectivePort(protocol: string, port: string): string {
  return port !== '' ? port : protocol === 'https:' ? '443' : '80';
}

/** 'host', 'host:port', '[v6]' or '[v6]:port'; the host normalised the way URL does it. */
function parseAllowlistEntry(entry: string): { host: string; port: string | null } | null {
  const match = /^(\[[^\]]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(entry.trim());
  if (match === null || match[1] === undefined) return null;
  const host = canonicalHost(match[1]);
  return host === null ? null : { host, port: match[2] ?? null };
}

function canonicalHost(hostname: string): string | null {
  const bracketed = isIP(hostname) === 6 ? `[${hostname}]` : hostname;
  try {
    return withoutTrailingDot(new URL(`http://${bracketed}/`).hostname);
  } catch {
    return null;
  }
}

function withoutTrailingDot(host: string): string {
  return host.endsWith('.') ? host.slice(0, -1) : host;
}
