/**
 * `npm start`: read the configuration, start tracing when OTEL_* asks for it,
 * build the app, listen (and serve the metrics on METRICS_PORT unless
 * METRICS_TOKEN puts them on the public port), and shut down gracefully on
 * SIGTERM/SIGINT (stop accepting, let in-flight requests finish, close the
 * database, flush the traces), forcing an exit after SHUTDOWN_TIMEOUT_MS.
 *
 * The app is imported only after startTracing(): the tracing hooks must see
 * pg and ioredis load (observability/tracing.ts).
 */
import { loadConfigOrExit, type Config } from './config.ts';
import type { App } from './http/app-types.ts';
import type { ServiceMetrics } from './observability/service-metrics.ts';
import { listenForMetrics } from './observability/metrics-server.ts';
import { startTracing } from './observability/tracing.ts';

export async function serve(config: Config): Promise<void> {
  const stopTracing = await startTracing();
  const { buildApp } = await import('./app.ts');
  const { app, metrics } = await buildApp(config);
  if (!config.metrics.token) await serveMetricsApart(app, metrics, config);
  if (stopTracing) app.addHook('onClose', () => stopTracing());
  closeOnSignals(app, config.shutdownTimeoutMs);
  await app.listen({ port: config.port, host: config.host });
}

/** GET /metrics on METRICS_PORT; closed with the app. */
export async function serveMetricsApart(app: App, metrics: ServiceMetrics, config: Config): Promise<void> {
  try {
    const listener = await listenForMetrics(metrics.registry, config.metrics, (error) => app.log.error({ err: error }, 'metrics could not be collected'));
    app.log.info({ port: listener.port, host: config.metrics.host }, 'metrics served at GET /metrics');
    app.addHook('onClose', () => listener.close());
  } catch (error) {
    // The service matters more than its metrics: a taken port (a second instance on one machine) is logged, not fatal.
    app.log.error({ err: error, port: config.metrics.port, host: config.metrics.host }, 'metrics port unavailable; GET /metrics is not served');
  }
}

/** SIGTERM/SIGINT close the app (its onClose hooks drain and close everything) and exit 0; after timeoutMs, exit 1. */
export function closeOnSignals(app: App, timeoutMs: number): void {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: refusing new requests and jobs, finishing those in hand');
    const force = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, timeoutMs);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

if (import.meta.main) {
  await serve(loadConfigOrExit());
}
