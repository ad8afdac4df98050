/**
 * OpenTelemetry tracing, off by default. It starts only when the standard
 * OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set
 * and OTEL_SDK_DISABLED is not `true`; spans go out as OTLP/HTTP (JSON) to
 * that endpoint, which the exporter reads itself along with the other
 * standard OTEL_* variables (headers, timeouts, OTEL_SERVICE_NAME,
 * OTEL_RESOURCE_ATTRIBUTES, the batch processor's OTEL_BSP_*).
 *
 * Traced: HTTP in and out (node:http), PostgreSQL (pg), Redis (ioredis),
 * outbound fetches and undici requests (crawls, webhooks, model calls), and
 * the hop from web to worker through a job's carrier (below).
 *
 * The instrumentations patch modules as they load, so startTracing() must
 * run before anything imports pg or ioredis: main.ts calls it, then imports
 * the app. The process runs ESM, which require hooks alone do not see, so
 * import-in-the-middle's synchronous loader hooks (Node's
 * module.registerHooks) are registered for exactly those packages. Without
 * the endpoint none of the SDK is even loaded: the default path pays only
 * for @opentelemetry/api's no-op calls.
 */
import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';

export const TRACER_NAME = 'maturity-service';

/** The trace context a job carries from the request that enqueued it to the worker that runs it (W3C Trace Context). */
export interface TraceCarrier {
  traceparent?: string;
  tracestate?: string;
}

export function tracingRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT;
  return Boolean(endpoint) && env.OTEL_SDK_DISABLED?.toLowerCase() !== 'true' && env.OTEL_TRACES_EXPORTER !== 'none';
}

/** Paths probed every few seconds: a span each would drown the traces worth reading. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * Starts tracing when the environment asks for it; returns the function
 * that flushes and stops it (null when tracing is off).
 */
export async function startTracing(env: NodeJS.ProcessEnv = process.env): Promise<(() => Promise<void>) | null> {
  if (!tracingRequested(env)) return null;
  // Before the instrumentations are built: their hooks must see pg and ioredis load.
  const { register } = await import('import-in-the-middle/register-hooks.mjs');
  register({ include: ['pg', 'ioredis'] });
  const [sdk, asyncHooks, core, resources, exporter, instrumentation, http, pg, ioredis, undici] = await Promise.all([
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/core'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/instrumentation'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-ioredis'),
    import('@opentelemetry/instrumentation-undici'),
  ]);
  context.setGlobalContextManager(new asyncHooks.AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new core.CompositePropagator({ propagators: [new core.W3CTraceContextPropagator(), new core.W3CBaggagePropagator()] }));
  const resource = resources
    .resourceFromAttributes({ 'service.name': TRACER_NAME })
    .merge(resources.detectResources({ detectors: [resources.envDetector, resources.processDetector, resources.hostDetector] }));
  const provider = new sdk.TracerProvider({ resource, spanProcessors: [new sdk.BatchSpanProcessor({ exporter: new exporter.OTLPTraceExporter() })] });
  trace.setGlobalTracerProvider(provider);
  instrumentation.registerInstrumentations({
    instrumentations: [
      new http.HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has((request.url ?? '').split('?')[0]!),
        // The exporter's own posts to the collector would otherwise trace themselves.
        requireParentforOutgoingSpans: true,
      }),
      // requireParentSpan: the pool's idle checks and the job pollers' empty claims are no one's trace.
      new pg.PgInstrumentation({ requireParentSpan: true }),
      new ioredis.IORedisInstrumentation({ requireParentSpan: true }),
      new undici.UndiciInstrumentation({ requireParentforSpans: true }),
    ],
  });
  return () => provider.shutdown();
}

/** The current trace context as a carrier to store with a job; empty when nothing is traced. */
export function currentTraceCarrier(): TraceCarrier {
  const carrier: TraceCarrier = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

/**
 * Runs `work` in a span named `spanName` whose parent is the carrier's trace
 * context (the request that enqueued the job), so the worker's database and
 * HTTP spans join the request's trace. With no carrier, or tracing off, the
 * span is a root one, or a no-op.
 */
export function runInTraceCarrier<T>(carrier: TraceCarrier | undefined, spanName: string, work: () => Promise<T>): Promise<T> {
  const parent = carrier?.traceparent ? propagation.extract(context.active(), carrier) : context.active();
  return trace.getTracer(TRACER_NAME).startActiveSpan(spanName, { kind: SpanKind.CONSUMER }, parent, async (span) => {
    try {
      return await work();
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}
