/**
 * The undici connector that enforces the SSRF rule at connection time.
 *
 * undici calls its connector's `lookup` only for host names, never for
 * address literals such as `127.0.0.1` or `::ffff:7f00:1`, so this connector
 * does the whole decision itself before any socket exists:
 *   - a literal address is checked as is;
 *   - a name is resolved here (all its addresses, through the injected lookup),
 *     refused when any of them is refused, and the socket is opened to the exact
 *     address that was checked: there is no second resolution an attacker's DNS
 *     could answer differently (DNS rebinding);
 *   - after connecting, the socket's remote address is checked once more.
 * TLS keeps the host name for SNI and certificate checks, because undici's
 * connector derives `servername` from `host`, which is left untouched.
 * Allowlisted hosts (CRAWL_ALLOWLIST for the crawler, WEBHOOK_ALLOWLIST for
 * webhooks) skip the address rule, nothing else does.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type Socket } from 'node:net';
import { buildConnector } from 'undici';
import { HostNotFoundError, RefusedAddressError } from './connect-errors.ts';
import { isRefusedAddress } from './refused-address.ts';
import { effectivePort, isAllowlistedHost } from './target-url.ts';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** DNS seam: every address a host name resolves to. */
export type HostLookup = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemLookup: HostLookup = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true });
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

export interface SafeConnectorOptions {
  allowlist: readonly string[];
  lookup: HostLookup;
  connectTimeoutMs: number;
  /** The connector that opens the socket; a seam for tests, undici's own by default. */
  openSocket?: buildConnector.connector;
}

export function createSafeConnector(options: SafeConnectorOptions): buildConnector.connector {
  const openSocket = options.openSocket ?? buildConnector({ timeout: options.connectTimeoutMs });
  return (connectOptions, callback) => {
    connectSafely(connectOptions, options, openSocket).then(
      (socket) => callback(null, socket),
      (error: Error) => callback(error, null),
    );
  };
}

async function connectSafely(connectOptions: buildConnector.Options, options: SafeConnectorOptions, openSocket: buildConnector.connector): Promise<Socket> {
  const { address, exempt } = await chooseAddress(connectOptions, options);
  const socket = await new Promise<Socket>((resolve, reject) => {
    openSocket({ ...connectOptions, hostname: address }, (error, opened) => (error === null ? resolve(opened) : reject(error)));
  });
  if (!exempt && isRefusedAddress(socket.remoteAddress ?? '')) {
    socket.destroy();
    throw new RefusedAddressError(`Refused to talk to ${socket.remoteAddress ?? 'an unknown address'}`);
  }
  return socket;
}

/** The one address to connect to, and whether the host is exempt from the address rule. */
async function chooseAddress(
  { hostname, port, protocol }: buildConnector.Options,
  options: SafeConnectorOptions,
): Promise<{ address: string; exempt: boolean }> {
  const exempt = isAllowlistedHost(hostname, effectivePort(protocol, port), options.allowlist);
  if (isIP(hostname) !== 0) {
    if (!exempt && isRefusedAddress(hostname)) throw new RefusedAddressError(`Refused to connect to ${hostname}`);
    return { address: hostname, exempt };
  }
  const answers = await options.lookup(hostname);
  const first = preferredAddress(answers);
  if (first === undefined) throw new HostNotFoundError(`No address for ${hostname}`);
  const refused = answers.find((answer) => isRefusedAddress(answer.address));
  if (!exempt && refused !== undefined) {
    throw new RefusedAddressError(`Refused to connect to ${hostname}: it resolves to ${refused.address}`);
  }
  return { address: first.address, exempt };
}

/** IPv4 first: it is routable from more networks than IPv6; then the resolver's order. */
function preferredAddress(answers: ResolvedAddress[]): ResolvedAddress | undefined {
  return answers.find((answer) => answer.family === 4) ?? answers[0];
}
