/**
 * Tracing, end to end: the real service (`node src/main.ts`) with the
 * standard OTEL_EXPORTER_OTLP_ENDPOINT pointing at a local OTLP/HTTP
 * receiver. A score request arrives with a W3C traceparent and an
 * X-Request-Id; the receiver decodes what the exporter sent and finds the
 * HTTP server span in the caller's trace, under the caller's span, with the
 * PostgreSQL queries, the crawl's outbound requests and (with Redis) the
 * limiter's commands as its children. The request's log line carries the
 * request id and the trace id; the response echoes the request id.
 *
 * On PostgreSQL only: the embedded PGlite has no client library to
 * instrument (docs/OPERATIONS.md, "Traces").
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../fakes/otlp-receiver.ts';
import { TEST_REDIS_URL } from '../fakes/redis.ts';
import { serveSite, SITES_DIR, type ServedSite } from '../fixtures/static-site.ts';
import { testDatabaseKind } from '../harness.ts';
import { serverEnv, startServerProcess, type ServerProcess } from '../process/processes.ts';

const SERVER = 2;
const CLIENT = 3;

describe.runIf(testDatabaseKind() === 'postgres')('tracing to an OTLP receiver', () => {
  let receiver: OtlpReceiver;
  let site: ServedSite;
  let server: ServerProcess;

  // Starting the service takes seconds alone, and several times that on a loaded 2-core machine.
  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    site = await serveSite(path.join(SITES_DIR, 'relaymesh-scaleup'));
    server = await startServerProcess(
      serverEnv({
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
        OTEL_SERVICE_NAME: 'maturity-under-test',
        // Exported a moment after the request rather than after the default 5 s.
        OTEL_BSP_SCHEDULE_DELAY: '100',
        LOG_LEVEL: 'info',
        CRAWL_ALLOWLIST: new URL(site.origin).host,
        // The anonymous limit (one score per address an hour) lives in the Redis every test shares; this
        // request names an address of its own through the proxy header, as it would behind a load balancer.
        TRUST_PROXY: '127.0.0.1',
        ...(TEST_REDIS_URL ? { REDIS_URL: TEST_REDIS_URL } : {}),
      }),
    );
  }, 120_000);
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    await Promise.all([receiver?.close(), site?.close()]);
  });

  it('exports the request as a server span in the caller’s trace, with database, outbound and Redis spans under it', async () => {
    const traceId = crypto.randomBytes(16).toString('hex');
    const callerSpanId = crypto.randomBytes(8).toString('hex');
    const requestId = `trace-test-${crypto.randomBytes(4).toString('hex')}`;
    // A /64 of its own in the documentation range (2001:db8::/32): the cap keys IPv6 clients by /64.
    const clientAddress = `2001:db8:${crypto.randomBytes(2).toString('hex')}:${crypto.randomBytes(2).toString('hex')}::1`;
    const response = await fetch(`${server.url}/api/score`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        traceparent: `00-${traceId}-${callerSpanId}-01`,
        'x-request-id': requestId,
        'x-forwarded-for': clientAddress,
      },
      body: JSON.stringify({ url: site.origin }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe(requestId);

    const inTrace = (spans: ReceivedSpan[]) => spans.filter((span) => span.traceId === traceId);
    const serverSpanOf = (spans: ReceivedSpan[]) => inTrace(spans).find((span) => span.kind === SERVER && span.parentSpanId === callerSpanId);
    const spans = await receiver.until((received) => {
      const serverSpan = serverSpanOf(received);
      return (
        serverSpan !== undefined && inTrace(received).some((span) => span.parentSpanId === serverSpan.spanId && span.attributes['db.system.name'] !== undefined)
      );
    }, 20_000);

    const serverSpan = serverSpanOf(spans)!;
    expect(serverSpan.service).toBe('maturity-under-test');
    expect(serverSpan.attributes['http.request.method'] ?? serverSpan.attributes['http.method']).toBe('POST');
    const children = inTrace(spans).filter((span) => span.parentSpanId === serverSpan.spanId);
    const database = children.filter((span) => span.scope.includes('pg'));
    expect(database.length).toBeGreaterThan(0);
    expect(database[0]!.attributes['db.system.name'] ?? database[0]!.attributes['db.system']).toBe('postgresql');
    // The crawl's requests to the site, through undici.
    await receiver.until((received) => inTrace(received).some((span) => span.kind === CLIENT && span.scope.includes('undici')), 20_000);
    if (TEST_REDIS_URL) {
      await receiver.until((received) => inTrace(received).some((span) => span.scope.includes('ioredis')), 20_000);
    }

    // The request's log line names its id and its trace.
    const logged = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.msg === 'request completed' && line.reqId === requestId);
    expect(logged).toMatchObject({ reqId: requestId, trace_id: traceId, span_id: serverSpan.spanId });
  }, 120_000);
});
