/**
 * The job hop's two helpers, with a real tracer provider in memory: the
 * carrier captured inside a request's span brings a job's span, run later
 * from the carrier alone, into the request's trace under that span; without
 * tracing the carrier is empty and the work simply runs.
 */
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { afterAll, describe, expect, it } from 'vitest';
import { currentTraceCarrier, runInTraceCarrier, tracingRequested } from './tracing.ts';

describe('tracingRequested', () => {
  it('is off without an OTLP endpoint, and when the SDK is disabled', () => {
    expect(tracingRequested({})).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' })).toBe(true);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318/v1/traces' })).toBe(true);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_SDK_DISABLED: 'true' })).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
  });
});

describe('the job hop without tracing', () => {
  it('carries nothing, and runs the work', async () => {
    expect(currentTraceCarrier()).toEqual({});
    await expect(runInTraceCarrier({}, 'job mail.send', async () => 'ran')).resolves.toBe('ran');
  });
});

describe('the job hop with tracing', () => {
  const exporter = new InMemorySpanExporter();
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  afterAll(async () => {
    await provider.shutdown();
    trace.disable();
    propagation.disable();
    context.disable();
  });

  it('runs the job in a span of the enqueuing request’s trace, under its span, and records a failure', async () => {
    const tracer = trace.getTracer('test');
    const { carrier, requestSpan } = tracer.startActiveSpan('POST /api/score', (span) => {
      const captured = currentTraceCarrier();
      span.end();
      return { carrier: captured, requestSpan: span.spanContext() };
    });
    expect(carrier.traceparent).toBe(`00-${requestSpan.traceId}-${requestSpan.spanId}-01`);

    // Later, elsewhere: only the carrier crossed over.
    const inner = await runInTraceCarrier(carrier, 'job score', async () => trace.getActiveSpan()!.spanContext());
    await expect(runInTraceCarrier(carrier, 'job failing', async () => Promise.reject(new Error('worker failed')))).rejects.toThrow('worker failed');

    const spans = exporter.getFinishedSpans();
    const job = spans.find((span) => span.name === 'job score')!;
    expect(job.spanContext().traceId).toBe(requestSpan.traceId);
    expect(job.parentSpanContext?.spanId).toBe(requestSpan.spanId);
    expect(inner.spanId).toBe(job.spanContext().spanId);
    const failing = spans.find((span) => span.name === 'job failing')!;
    expect(failing.status.code).toBe(2);
    expect(failing.events.map((event) => event.name)).toContain('exception');
  });
});
