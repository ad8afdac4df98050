/**
 * Whether an address may receive our webhooks: the crawler's rules
 * (target-url.ts, refused-address.ts), plus https unless the host is in
 * CRAWL_ALLOWLIST, plus every address the name resolves to checked now, so
 * an internal receiver is refused at creation. Delivery checks again at
 * connection time through the SSRF-safe connector (DNS may change).
 */
import { isIP } from 'node:net';
import { isRefusedAddress } from '../../net/refused-address.ts';
import type { HostLookup } from '../../net/safe-connector.ts';
import { checkTargetUrl, effectivePort, isAllowlistedHost } from '../../net/target-url.ts';

export type WebhookUrlCheck = { ok: true; url: string } | { ok: false; reason: string };

export async function checkWebhookUrl(input: string, allowlist: readonly string[], lookup: HostLookup): Promise<WebhookUrlCheck> {
  const target = checkTargetUrl(input, allowlist);
  if (!target.ok) return { ok: false, reason: target.refusal === 'scheme' ? 'Only https addresses can receive webhooks' : target.reason };
  const { url } = target;
  const allowlisted = isAllowlistedHost(url.hostname, effectivePort(url.protocol, url.port), allowlist);
  if (allowlisted) return { ok: true, url: url.href };
  if (url.protocol !== 'https:') return { ok: false, reason: 'Only https addresses can receive webhooks' };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return { ok: true, url: url.href };
  let addresses: string[];
  try {
    addresses = (await lookup(host)).map((answer) => answer.address);
  } catch {
    return { ok: false, reason: `The host ${host} could not be resolved` };
  }
  if (addresses.length === 0) return { ok: false, reason: `The host ${host} could not be resolved` };
  if (addresses.some((address) => isRefusedAddress(address))) {
    return { ok: false, reason: 'The address points to a private, local or internal network location' };
  }
  return { ok: true, url: url.href };
}
