/**
 * Errors answered before any route runs, in the catalogue's flat shape like
 * every other error:
 * - Node's HTTP parser refuses the connection's request ('clientError'): the
 *   headers, or a URL longer than the header limit, exceed it (431), the
 *   headers arrive too slowly (408), a chunk extension is too large (413), or
 *   the bytes are not HTTP (400). Fastify's default writes these without a
 *   `code`.
 * - The router refuses the path: a parameter longer than its limit (414) or a
 *   malformed percent-encoding (400). Fastify's default uses its own FST_ codes.
 *
 * Both are Fastify server options, so buildApp spreads `transportErrorOptions`
 * into them.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { sendError, toApiError } from './error-handler.ts';
import { ApiError, errorBody, type ErrorCode } from './errors.ts';

const PARSER_ERRORS: Record<string, { code: ErrorCode; message?: string }> = {
  HPE_HEADER_OVERFLOW: { code: 'HEADERS_TOO_LARGE', message: 'The request line and headers exceed the size limit.' },
  ERR_HTTP_REQUEST_TIMEOUT: { code: 'REQUEST_TIMEOUT' },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { code: 'PAYLOAD_TOO_LARGE', message: 'A chunk extension exceeds the size limit.' },
};

const NOT_HTTP = { code: 'INVALID_REQUEST', message: 'The request is not valid HTTP/1.1.' } as const;

/** The server's 'clientError' listener: writes the flat body on the raw socket, then closes it, as Node's own does. */
export function writeClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = (error.code && PARSER_ERRORS[error.code]) || NOT_HTTP;
  const apiError = new ApiError(known.code, known.message === undefined ? {} : { message: known.message });
  this.log.debug({ err: error, status: apiError.status }, 'client error');
  // Nothing written yet: a response already under way cannot take a second status line.
  if (socket.writable && socket.bytesWritten === 0) {
    const body = JSON.stringify(errorBody(apiError));
    socket.write(
      `HTTP/1.1 ${apiError.status} ${http.STATUS_CODES[apiError.status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Fastify's `frameworkErrors`: the router's refusals go through the one error handler's mapping. */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  sendError(reply, toApiError(error, request));
}

export const transportErrorOptions = {
  clientErrorHandler: writeClientError,
  frameworkErrors: sendFrameworkError,
} satisfies Pick<FastifyServerOptions, 'clientErrorHandler' | 'frameworkErrors'>;
