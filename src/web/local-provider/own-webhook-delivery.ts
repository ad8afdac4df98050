/**
 * How the local payment provider's pages (checkout, portal) deliver the
 * event a real provider would send: signed with the webhook secret and
 * POSTed to our own webhook endpoint over HTTP, so the local path runs
 * exactly the code a provider's delivery runs.
 */
import type { AddressInfo } from 'node:net';
import type { App } from '../../http/app-types.ts';
import { paymentSignatureHeader } from '../../modules/billing/payment-signature.ts';
import { PAYMENT_WEBHOOK_PATH } from '../../modules/billing/routes/payment-webhook.ts';

const DELIVERY_TIMEOUT_MS = 10_000;

export interface OwnWebhook {
  /** The secret the webhook verifies with. */
  signingSecret: string;
  /** Where to reach our own webhook when this process is not listening (e.g. behind app.inject). */
  publicBaseUrl: string;
}

/** Signs and delivers the event; answers the webhook's HTTP status (a network failure throws). */
export async function deliverToOwnWebhook(app: App, webhook: OwnWebhook, event: Record<string, unknown>, now: Date): Promise<number> {
  const rawBody = Buffer.from(JSON.stringify(event));
  const signature = paymentSignatureHeader(rawBody, webhook.signingSecret, Math.floor(now.getTime() / 1000));
  const response = await fetch(ownWebhookUrl(app, webhook.publicBaseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'payment-signature': signature },
    // A copy on its own ArrayBuffer: fetch's body types refuse a Buffer that may sit on shared memory.
    body: new Uint8Array(rawBody),
    signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
  });
  await response.body?.cancel();
  return response.status;
}

/** This process's own listening socket (a wildcard address is reached on loopback); else the public address. */
function ownWebhookUrl(app: App, publicBaseUrl: string): string {
  const address = app.server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') return `${publicBaseUrl}${PAYMENT_WEBHOOK_PATH}`;
  const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  const hostPart = host.includes(':') ? `[${host}]` : host;
  return `http://${hostPart}:${address.port}${PAYMENT_WEBHOOK_PATH}`;
}
