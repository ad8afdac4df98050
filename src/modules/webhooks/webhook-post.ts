/**
 * One delivery attempt over HTTP: a signed JSON POST through the crawler's
 * SSRF-safe connector (never to an internal address, whatever DNS says at
 * connection time). Redirects are not followed: a 3xx is a failed attempt,
 * like any answer outside 2xx. The response body is read to a few bytes and
 * dropped; only the status and the time taken are kept.
 */
import { Agent, request } from 'undici';
import { createSafeConnector, type HostLookup } from '../../net/safe-connector.ts';

export const DELIVERY_TIMEOUT_MS = 10_000;

export type PostOutcome = { ok: boolean; status: number | null; durationMs: number; error: string | null };

export interface WebhookPoster {
  post(url: string, headers: Record<string, string>, body: string): Promise<PostOutcome>;
  close(): Promise<void>;
}

export function createWebhookPoster(options: { allowlist: readonly string[]; lookup: HostLookup; userAgent: string; now: () => number }): WebhookPoster {
  const agent = new Agent({
    connect: createSafeConnector({ allowlist: options.allowlist, lookup: options.lookup, connectTimeoutMs: DELIVERY_TIMEOUT_MS }),
    headersTimeout: DELIVERY_TIMEOUT_MS,
    bodyTimeout: DELIVERY_TIMEOUT_MS,
  });
  return {
    async post(url, headers, body) {
      const started = options.now();
      const elapsed = () => Math.max(0, Math.round(options.now() - started));
      try {
        const response = await request(url, {
          dispatcher: agent,
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', 'user-agent': options.userAgent },
          body,
          signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
        });
        await response.body.dump({ limit: 4096 }).catch(() => undefined);
        const ok = response.statusCode >= 200 && response.statusCode < 300;
        return { ok, status: response.statusCode, durationMs: elapsed(), error: ok ? null : `HTTP ${response.statusCode}` };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return { ok: false, status: null, durationMs: elapsed(), error: reason.slice(0, 500) };
      }
    },
    close: () => agent.close(),
  };
}
