/**
 * Where the real service (`node src/main.ts`) serves GET /metrics: on
 * METRICS_PORT, apart from the public port, by default; on the public port,
 * behind the bearer token, when METRICS_TOKEN is set (and then nothing
 * listens on METRICS_PORT).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, serverEnv, startServerProcess, type ServerProcess } from '../process/processes.ts';

/** Starting the service (PGlite loaded and migrated) takes seconds alone, and several times that on a loaded 2-core machine. */
const PROCESS_TEST_MS = 120_000;
const started: ServerProcess[] = [];
afterEach(async () => {
  for (const server of started.splice(0)) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
});

async function start(extra: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess(serverEnv(extra));
  started.push(server);
  return server;
}

describe('GET /metrics of a running service', () => {
  it(
    'is served on METRICS_PORT, with the public port’s requests counted, and not on the public port',
    async () => {
      const metricsPort = await freePort();
      const server = await start({ METRICS_PORT: String(metricsPort) });
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${server.url}/metrics`)).status).toBe(404);

      const scrape = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(scrape.status).toBe(200);
      expect(scrape.headers.get('content-type')).toContain('text/plain');
      const text = await scrape.text();
      expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/healthz",status_code="200"\} [1-9]/m);
      expect(text).toContain('# TYPE queue_depth gauge');
      expect((await fetch(`http://127.0.0.1:${metricsPort}/healthz`)).status).toBe(404);
    },
    PROCESS_TEST_MS,
  );

  it(
    'with METRICS_TOKEN, is served on the public port to the token’s bearer only, and METRICS_PORT stays closed',
    async () => {
      const metricsPort = await freePort();
      const token = 'metrics-token-for-the-test';
      const server = await start({ METRICS_PORT: String(metricsPort), METRICS_TOKEN: token });
      expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
      expect((await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer not-the-token-at-all' } })).status).toBe(401);
      const scrape = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      expect(scrape.status).toBe(200);
      expect(await scrape.text()).toContain('# TYPE crawls_total counter');
      await expect(fetch(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow();
    },
    PROCESS_TEST_MS,
  );
});
