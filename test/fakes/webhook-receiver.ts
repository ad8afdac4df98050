/**
 * A local webhook receiver on 127.0.0.1: records every delivery and checks
 * its signature with the Standard Webhooks reference library
 * (`standardwebhooks`), against the secrets the test gives it. Its answers
 * follow a script (e.g. fail twice, then succeed). The library checks the
 * timestamp against Date.now; tests run the service on a ManualClock, so
 * verification reads the time from that clock.
 */
import { Webhook } from 'standardwebhooks';
import type { Clock } from '../../src/clock.ts';
import { startHttpRecorder, type HttpRecorder, type RecordedRequest } from './http-recorder.ts';

export interface ReceivedDelivery {
  request: RecordedRequest;
  /** The payload as the library parsed it after a good signature; null when no secret verified it. */
  verified: unknown;
  /** Which of the secrets verified it (index into the secrets given), or -1. */
  verifiedBy: number[];
  status: number;
}

export interface WebhookReceiver {
  /** The receiver's URL (http://127.0.0.1:<port>/hook). */
  url: string;
  /** host:port, for WEBHOOK_ALLOWLIST. */
  host: string;
  deliveries: ReceivedDelivery[];
  /** The secrets to verify with; all of them are tried on every delivery. */
  setSecrets(secrets: string[]): void;
  /** Status codes for the next deliveries, in order; 204 after the script runs out. */
  script(statuses: number[]): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(clock: Clock): Promise<WebhookReceiver> {
  let secrets: string[] = [];
  let statuses: number[] = [];
  const deliveries: ReceivedDelivery[] = [];
  const recorder: HttpRecorder = await startHttpRecorder((request) => {
    const status = statuses.shift() ?? 204;
    const verifiedBy: number[] = [];
    let verified: unknown = null;
    secrets.forEach((secret, index) => {
      const result = verifyAt(clock, secret, request);
      if (result.ok) {
        verifiedBy.push(index);
        verified = result.payload;
      }
    });
    deliveries.push({ request, verified, verifiedBy, status });
    return { status, body: status === 204 ? undefined : { received: status < 300 } };
  });
  const url = new URL(recorder.url);
  return {
    url: `${url.origin}/hook`,
    host: url.host,
    deliveries,
    setSecrets: (next) => {
      secrets = next;
    },
    script: (next) => {
      statuses = [...next];
    },
    close: () => recorder.close(),
  };
}

function verifyAt(clock: Clock, secret: string, request: RecordedRequest): { ok: true; payload: unknown } | { ok: false } {
  const realNow = Date.now;
  Date.now = () => clock.now().getTime();
  try {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers[name] = value;
    return { ok: true, payload: new Webhook(secret).verify(request.body, headers) };
  } catch {
    return { ok: false };
  } finally {
    Date.now = realNow;
  }
}
