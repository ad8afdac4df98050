/**
 * Prometheus metrics at GET /metrics: process defaults plus request counts
 * and latencies by route template (never by raw URL, which would explode
 * label cardinality). One registry per app, so several apps can share a
 * process (tests, the multi-instance check).
 */
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { App } from './app-types.ts';

export function installMetrics(app: App): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route template, method and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    duration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', { config: { auth: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
  return registry;
}
