/**
 * The client address a request comes from, and the key the anonymous cap
 * counts it under. Fastify walks X-Forwarded-For (its `trustProxy` option,
 * proxy-addr) through the proxies TRUST_PROXY names; what is ours is the
 * start-up check of those entries, a small normalisation of the address it
 * finds, and the IPv6 /64 keying.
 */
import ipaddr from 'ipaddr.js';

type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;

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
 * Fastify's `trustProxy` option for the TRUST_PROXY entries: addresses
 * (`10.0.0.2`, `::1`) or CIDR ranges (`10.0.0.0/8`, `fd00::/8`); false, which
 * trusts no proxy, when there are none. Checked here first, strictly, so a
 * typo stops the service at start with a RangeError naming the entry instead
 * of trusting the wrong hop (proxy-addr would accept `127.1`, and refuse a /0
 * with a message of its own).
 */
export function trustProxyOption(entries: readonly string[]): string[] | false {
  const checked = entries.map(checkTrustedRange);
  return checked.length > 0 ? checked : false;
}

/** The entry, trimmed, if it is an address or a CIDR range proxy-addr reads as we do. */
function checkTrustedRange(entry: string): string {
  const text = entry.trim();
  const invalid = new RangeError(`TRUST_PROXY: not an address or CIDR range: ${entry}`);
  if (!text.includes('/')) {
    if (!parseAddress(text, { allowPort: false })) throw invalid;
    return text;
  }
  let bits: number;
  if (ipaddr.IPv4.isValidCIDRFourPartDecimal(text)) {
    bits = ipaddr.IPv4.parseCIDR(text)[1];
  } else if (ipaddr.IPv6.isValidCIDR(text)) {
    const [address, prefix] = ipaddr.IPv6.parseCIDR(text);
    // An IPv4-mapped range shorter than the mapping prefix is no IPv4 range at all.
    if (address.isIPv4MappedAddress() && prefix < IPV4_MAPPED_PREFIX_BITS) throw invalid;
    bits = prefix;
  } else {
    throw invalid;
  }
  if (bits === 0) throw new RangeError(`TRUST_PROXY: a /0 range would trust every address, so any client could choose its own: ${entry}`);
  return text;
}

/**
 * The client address of a request, from what Fastify's trustProxy walk found
 * (`request.ips`: the socket address, then X-Forwarded-For from the right, up
 * to the first hop that is not a trusted proxy; only `request.ip`, the socket
 * address, when no proxy is trusted). proxy-addr hands over that first
 * untrusted hop as written; this reads it as an address: IPv4-mapped IPv6
 * (what a dual-stack socket reports) as plain IPv4, IPv6 in its canonical
 * form, a port that some proxies append (`1.2.3.4:5678`, `[2001:db8::1]:443`)
 * dropped. An entry that is not an address at all ends at the trusted hop
 * before it: all clients behind a misbehaving proxy then share one key, which
 * restricts rather than frees. Null only when the socket address itself is
 * unknown (the socket is gone).
 */
export function clientAddressOf(request: { ip: string | undefined; ips?: readonly (string | undefined)[] }): string | null {
  const hops = request.ips ?? [request.ip];
  for (let index = hops.length - 1; index >= 0; index--) {
    const hop = hops[index];
    const address = hop === undefined ? null : parseAddress(hop, { allowPort: true });
    if (address) return address.toString();
  }
  return null;
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
