/**
 * The server's logger: pino through Fastify, with what must never be written
 * kept out, by the serializers: a request is logged without its headers (no
 * credential, no cookie) and with the secrets in its address masked, an
 * answer by its status alone (no Set-Cookie), a failed database query
 * without the values bound to it.
 */
import type { IncomingMessage } from 'node:http';
import { trace } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import { involvesDatabase, loggableDatabaseError } from '../db/loggable-error.ts';

/**
 * Query parameters whose value is a bearer capability. `session`: the local
 * checkout's signed session (whoever holds the address can pay with it).
 * Matched on the decoded name, on every path.
 */
const SECRET_QUERY_PARAMETERS = new Set(['session']);

export const REDACTED = '[redacted]';

export function loggerOptions(level: string, stream?: DestinationStream): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    // No redact paths: the serializers write no header at all (credentials and cookies included), and
    // pino's redaction cloned every request line's objects to look for them (about 4% of a cached page's CPU).
    serializers: { req: serializeRequest, res: serializeReply, err: serializeError },
    ...(stream ? { stream } : {}),
  };
}

/**
 * One access-log line per request, when its response is sent: the request,
 * the status and the time taken. (Fastify's own logging writes two lines, one
 * on arrival and one on completion; the arrival line doubled the cost of
 * logging for nothing a reader needs, since a request that never completes is
 * logged by whatever cut it short.) The app turns Fastify's lines off (its
 * logController).
 */
export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
}

/** Fastify's request summary, with secret query values masked. */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The answer's status, and nothing of its headers (Set-Cookie). */
export function serializeReply(reply: { statusCode: number }): { statusCode: number } {
  return { statusCode: reply.statusCode };
}

/** The address with the value of every secret query parameter replaced; the rest is kept byte for byte. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const nameEnd = pair.indexOf('=');
      if (nameEnd < 0) return pair;
      const name = pair.slice(0, nameEnd);
      return SECRET_QUERY_PARAMETERS.has(decodeName(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${query}`;
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/** pino's error summary, except for database errors, which lose the values bound to their query. */
export function serializeError(error: Error): { type: string; message: string; stack: string; [key: string]: unknown } {
  return involvesDatabase(error) ? loggableDatabaseError(error) : pino.stdSerializers.err(error);
}

/** A request id we take from the caller: short, and of characters that cannot forge a log line or a header. */
const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._:/+=@-]{1,128}$/;
/** W3C Trace Context: version-traceid-parentid-flags, lower-case hex, neither id all zeros. */
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/**
 * The request's id: the caller's X-Request-Id when it sent an acceptable one
 * (a proxy's or another service's, so one id follows the request through
 * both logs), else a new UUID. It is bound to every log line of the request
 * (reqId) and echoed in the response's X-Request-Id.
 */
export function requestIdOf(request: IncomingMessage, generate: () => string): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && ACCEPTABLE_REQUEST_ID.test(incoming) ? incoming : generate();
}

/**
 * The trace a request belongs to, for its log lines: the active span's when
 * tracing runs (its trace id is the incoming traceparent's, when one came),
 * else the incoming traceparent's own, so logs can be joined to a caller's
 * trace even with tracing off.
 */
export function traceBindingsOf(request: IncomingMessage): { trace_id?: string; span_id?: string; parent_span_id?: string } {
  const active = trace.getActiveSpan()?.spanContext();
  if (active && trace.isSpanContextValid(active)) return { trace_id: active.traceId, span_id: active.spanId };
  const header = request.headers.traceparent;
  const match = typeof header === 'string' ? TRACEPARENT.exec(header.trim()) : null;
  if (!match || match[1] === 'ff' || /^0+$/.test(match[2]!) || /^0+$/.test(match[3]!)) return {};
  // The caller's span: this service made none.
  return { trace_id: match[2]!, parent_span_id: match[3]! };
}
