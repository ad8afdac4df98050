/**
 * The server's logger: pino through Fastify, with what must never be written
 * kept out. Credentials in headers are redacted by path; secrets in request
 * addresses and the values bound to failed database queries are removed by
 * the serializers, since they sit inside strings that redact paths cannot
 * reach.
 */
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
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: { req: serializeRequest, err: serializeError },
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
