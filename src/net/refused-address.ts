/**
 * Which network addresses the service must never connect to (SSRF guard): the
 * crawler and webhook delivery both hold to it.
 *
 * The rule is an allowlist of one range kind: an address is acceptable only
 * when ipaddr.js classifies it as plain global 'unicast'. Everything else
 * (loopback, RFC 1918 private, link-local, shared 100.64/10, multicast,
 * broadcast, reserved and documentation ranges, unspecified, unique-local
 * fc00::/7, site-local, Teredo, ...) is refused. IPv6 forms that carry an IPv4
 * address (mapped, compatible, SIIT, NAT64, 6to4) are judged by that IPv4
 * address, so `::ffff:127.0.0.1` is as refused as `127.0.0.1`.
 */
import ipaddr from 'ipaddr.js';

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

/**
 * Cloud metadata services that sit on otherwise public-looking addresses.
 * The well-known ones on private ranges (169.254.169.254 on AWS, GCP, Azure,
 * OpenStack; fd00:ec2::254 on AWS; 100.100.100.200 on Alibaba Cloud;
 * 192.0.0.192 on Oracle Cloud) are already refused by their range; they are
 * listed too so the intent survives a change of range tables.
 */
const METADATA_ADDRESSES = [
  '169.254.169.254',
  '169.254.170.2',
  'fd00:ec2::254',
  '100.100.100.200',
  '192.0.0.192',
  // Azure's WireServer: a public address that answers platform requests.
  '168.63.129.16',
].map((text) => ipaddr.parse(text).toNormalizedString());

/** IPv6 prefixes whose low 32 bits are an IPv4 address, with the prefix length. */
const IPV4_EMBEDDING_PREFIXES: [IPv6, number][] = [
  [ipaddr.IPv6.parse('::ffff:0:0'), 96], // IPv4-mapped
  [ipaddr.IPv6.parse('::ffff:0:0:0'), 96], // SIIT (RFC 6145)
  [ipaddr.IPv6.parse('64:ff9b::'), 96], // NAT64 well-known prefix (RFC 6052)
  [ipaddr.IPv6.parse('::'), 96], // IPv4-compatible (deprecated), also covers :: and ::1
];

/** 6to4 (RFC 3056): 2002:AABB:CCDD::/48 embeds the IPv4 address AA.BB.CC.DD in bits 16..47. */
const SIX_TO_FOUR_PREFIX: [IPv6, number] = [ipaddr.IPv6.parse('2002::'), 16];

/**
 * True when the service must not connect to this address. Accepts any textual
 * form ipaddr.js understands (dotted, decimal, octal, hex IPv4; IPv6 with or
 * without brackets or zone). Anything that does not parse is refused: a
 * guard fails closed.
 */
export function isRefusedAddress(address: string): boolean {
  const parsed = parseAddress(address);
  if (parsed === null) return true;
  return parsed.kind() === 'ipv4' ? isRefusedIPv4(parsed as IPv4) : isRefusedIPv6(parsed as IPv6);
}

function parseAddress(address: string): IPv4 | IPv6 | null {
  const bare = address.trim().replace(/^\[(.*)\]$/, '$1');
  if (!ipaddr.isValid(bare)) return null;
  try {
    return ipaddr.parse(bare);
  } catch {
    return null;
  }
}

function isRefusedIPv4(address: IPv4): boolean {
  return address.range() !== 'unicast' || METADATA_ADDRESSES.includes(address.toNormalizedString());
}

function isRefusedIPv6(address: IPv6): boolean {
  if (METADATA_ADDRESSES.includes(address.toNormalizedString())) return true;
  const embedded = embeddedIPv4(address);
  if (embedded !== null) return isRefusedIPv4(embedded);
  return address.range() !== 'unicast';
}

/** The IPv4 address an IPv6 address stands for, when it is one of the embedding forms. */
function embeddedIPv4(address: IPv6): IPv4 | null {
  const parts = address.parts;
  for (const prefix of IPV4_EMBEDDING_PREFIXES) {
    if (address.match(prefix)) return ipv4FromWords(parts[6] ?? 0, parts[7] ?? 0);
  }
  if (address.match(SIX_TO_FOUR_PREFIX)) return ipv4FromWords(parts[1] ?? 0, parts[2] ?? 0);
  return null;
}

function ipv4FromWords(high: number, low: number): IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}
