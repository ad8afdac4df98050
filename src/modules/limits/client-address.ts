import ipaddr from 'ipaddr.js';

type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;
type AddressRange = [IpAddress, number];

/** The proxies whose X-Forwarded-For entries are believed (TRUST_PROXY). Empty trusts none. */
export interface TrustedProxies {
  readonly ranges: readonly AddressRange[];
}

const IPV4_BITS = 32;
const IPV6_BITS = 128;
/** An IPv6 address is eight 16-bit parts. */
const IPV6_PART_BITS = 16;
/** An IPv4-mapped IPv6 range (::ffff:a.b.c.d/n) is the IPv4 range /(n - 96). */
const IPV4_MAPPED_PREFIX_BITS = IPV6_BITS - IPV4_BITS;

/**
 * Anonymous IPv6 clients are keyed by their /64: one subscriber is normally
 * given at least a /64 and can pick any address inside it, so keying by the
 * full address would hand each client 2^64 anonymous scores per hour. The
 * price: clients sharing one /64 share one cap, as clients behind one IPv4
 * NAT already do.
 */
const IPV6_CLIENT_PREFIX_BITS = 64;

/**
 * Parses TRUST_PROXY entries: addresses (`10.0.0.2`, `::1`) or CIDR ranges
 * (`10.0.0.0/8`, `fd00::/8`). Throws a RangeError naming the first bad entry,
 * so a typo stops the service at start instead of trusting the wrong hop.
 */
export function parseTrustedProxies(entries: readonly string[]): TrustedProxies {
  return { ranges: entries.map(parseRange) };
}

function parseRange(entry: string): AddressRange {
  const text = entry.trim();
  const invalid = new RangeError(`TRUST_PROXY: not an address or CIDR range: ${entry}`);
  if (!text.includes('/')) {
    const address = parseAddress(text, { allowPort: false });
    if (!address) throw invalid;
    return [address, address.kind() === 'ipv4' ? IPV4_BITS : IPV6_BITS];
  }
  if (ipaddr.IPv4.isValidCIDRFourPartDecimal(text)) return ipaddr.IPv4.parseCIDR(text);
  if (!ipaddr.IPv6.isValidCIDR(text)) throw invalid;
  const [address, bits] = ipaddr.IPv6.parseCIDR(text);
  if (!address.isIPv4MappedAddress()) return [address, bits];
  // Client addresses are compared as plain IPv4 (see parseAddress), so the range must be too.
  if (bits < IPV4_MAPPED_PREFIX_BITS) throw invalid;
  return [address.toIPv4Address(), bits - IPV4_MAPPED_PREFIX_BITS];
}

export interface ClientAddressInput {
  /** The TCP peer (request.socket.remoteAddress); undefined once the socket is gone. */
  socketAddress: string | undefined;
  /** The X-Forwarded-For header as Node gives it: one string, a list, or absent. */
  forwardedFor: string | readonly string[] | undefined;
  trustedProxies: TrustedProxies;
}

/**
 * The address of the client a request comes from. Start at the socket
 * address; while the current hop is a trusted proxy, step one entry left in
 * X-Forwarded-For (each proxy appends the peer it saw, so only the entries
 * that trusted proxies added are facts; anything further left is whatever
 * the client wrote). With nothing trusted, the socket address is the answer
 * whatever the header says. An entry that is not an address ends the walk at
 * the trusted hop before it: all clients behind a misbehaving proxy then
 * share one key, which restricts rather than frees. Returns null only when
 * the socket address itself is unknown.
 */
export function clientAddress(input: ClientAddressInput): string | null {
  let current = input.socketAddress === undefined ? null : parseAddress(input.socketAddress, { allowPort: false });
  if (!current) return null;
  const entries = forwardedEntries(input.forwardedFor);
  while (isTrusted(current, input.trustedProxies)) {
    const entry = entries.pop();
    if (entry === undefined) break;
    const next = parseAddress(entry, { allowPort: true });
    if (!next) break;
    current = next;
  }
  return current.toString();
}

/**
 * The counting key of the anonymous cap for a client address: the IPv4
 * address itself, or the /64 network of an IPv6 one. An unknown address gets
 * one shared key, so it can never escape the cap.
 */
export function anonymousCapSubject(address: string | null): string {
  const parsed = address === null ? null : parseAddress(address, { allowPort: false });
  if (!parsed) return 'unknown';
  if (parsed instanceof ipaddr.IPv4) return parsed.toString();
  const keptParts = IPV6_CLIENT_PREFIX_BITS / IPV6_PART_BITS;
  const network = new ipaddr.IPv6(parsed.parts.map((part, index) => (index < keptParts ? part : 0)));
  return `${network.toString()}/${IPV6_CLIENT_PREFIX_BITS}`;
}

function forwardedEntries(header: string | readonly string[] | undefined): string[] {
  if (header === undefined) return [];
  const joined = typeof header === 'string' ? header : header.join(',');
  return joined
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

function isTrusted(address: IpAddress, proxies: TrustedProxies): boolean {
  return proxies.ranges.some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits));
}

/**
 * Strict parsing: dotted-quad IPv4 only (no `127.1` or octal forms) or IPv6;
 * IPv4-mapped IPv6 (`::ffff:10.0.0.1`, what a dual-stack socket reports)
 * becomes plain IPv4. With `allowPort`, a proxy's `1.2.3.4:5678` or
 * `[2001:db8::1]:443` form is accepted too.
 */
function parseAddress(text: string, { allowPort }: { allowPort: boolean }): IpAddress | null {
  let candidate = text.trim();
  if (allowPort) {
    const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(candidate);
    const ipv4WithPort = /^([\d.]+):\d+$/.exec(candidate);
    candidate = bracketed?.[1] ?? ipv4WithPort?.[1] ?? candidate;
  }
  if (ipaddr.IPv4.isValidFourPartDecimal(candidate)) return ipaddr.IPv4.parse(candidate);
  if (!ipaddr.IPv6.isValid(candidate)) return null;
  const address = ipaddr.IPv6.parse(candidate);
  return address.isIPv4MappedAddress() ? address.toIPv4Address() : address;
}

