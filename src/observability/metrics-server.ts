/**
 * The scrape endpoint on its own port (METRICS_PORT, on METRICS_HOST: the
 * loopback unless told otherwise), away from the public one: a Prometheus
 * agent beside the process, or on a private network, reads it; the internet
 * does not. A bare node:http server: one route, no middleware, nothing a
 * request can reach but the registry's text.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

export interface MetricsListener {
  /** The port bound (the one asked for, or the one the system chose for 0). */
  port: number;
  close(): Promise<void>;
}

export async function listenForMetrics(registry: Registry, where: { host: string; port: number }, onError: (error: unknown) => void): Promise<MetricsListener> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: the metrics are at GET /metrics\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) => {
        onError(error);
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics could not be collected\n');
      },
    );
  });
  // A scrape is one short request: no reason to keep idle sockets that would hold shutdown up.
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(where.port, where.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
