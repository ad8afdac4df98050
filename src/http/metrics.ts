/**
 * Request latencies by route template (never by raw URL, which would explode
 * label cardinality), and the scrape endpoint when it shares the public port.
 *
 * /metrics leaves the public port (issue 25): by default it is served only on
 * METRICS_PORT, on the loopback (observability/metrics-server.ts). When
 * METRICS_TOKEN is set it is served here instead, to callers that present
 * that token as a bearer; anyone else gets 401.
 */
import crypto from 'node:crypto';
import type { Histogram, Registry } from 'prom-client';
import type { App } from './app-types.ts';
import { ApiError } from './errors.ts';

export function installHttpMetrics(app: App, duration: Histogram<'method' | 'route' | 'status_code'>): void {
  app.addHook('onResponse', (request, reply, done) => {
    duration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

/** GET /metrics on the public port, behind `token`. */
export function registerTokenMetrics(app: App, deps: { registry: Registry; token: string }): void {
  const expected = digest(deps.token);
  // Public to the route guard: the bearer here is the scrape token, not a user's credential.
  app.get('/metrics', { config: { auth: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const presented = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    // Compared as digests: equal lengths for timingSafeEqual, and no early exit on the first differing byte.
    if (presented === undefined || !crypto.timingSafeEqual(digest(presented), expected)) {
      throw new ApiError('AUTH_REQUIRED', { headers: { 'www-authenticate': 'Bearer realm="metrics"' } });
    }
    reply.type(deps.registry.contentType);
    return deps.registry.metrics();
  });
}

function digest(text: string): Buffer {
  return crypto.createHash('sha256').update(text).digest();
}
