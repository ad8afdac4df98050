/**
 * X-Request-Id and traceparent with tracing off (the default): an acceptable
 * incoming request id becomes the request's id, in its log lines and echoed
 * in the response; one that could forge a log line or a header is replaced
 * by a fresh UUID. The incoming traceparent's trace id is logged, so the
 * lines can be joined to the caller's trace.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness.ts';

class LogCapture {
  readonly lines: Record<string, unknown>[] = [];
  write(line: string): void {
    this.lines.push(JSON.parse(line) as Record<string, unknown>);
  }
}

let t: TestApp;
const logs = new LogCapture();
beforeAll(async () => {
  t = await startTestApp({ env: { LOG_LEVEL: 'info' }, logStream: logs });
});
afterAll(() => t.close());

const completedLine = (requestId: string) => logs.lines.find((line) => line.msg === 'request completed' && line.reqId === requestId);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids and trace context in the logs', () => {
  it('honours an incoming X-Request-Id and traceparent: logged, and the id echoed', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const response = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'edge-7f3a:42', traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    expect(response.headers['x-request-id']).toBe('edge-7f3a:42');
    expect(completedLine('edge-7f3a:42')).toMatchObject({ trace_id: traceId, parent_span_id: '00f067aa0ba902b7' });
  });

  it('replaces a request id that is too long or holds other characters, and ignores a malformed traceparent', async () => {
    for (const incoming of ['x'.repeat(129), 'two words', 'line\u2028break', '"quoted"']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-request-id': incoming, traceparent: '00-00000000000000000000000000000000-00f067aa0ba902b7-01' },
      });
      const id = response.headers['x-request-id'] as string;
      expect(id, incoming).toMatch(UUID);
      const line = completedLine(id);
      expect(line).toBeDefined();
      expect(line).not.toHaveProperty('trace_id');
    }
  });

  it('gives a request without an id a fresh UUID', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['x-request-id']).toMatch(UUID);
  });
});
