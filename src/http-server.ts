/**
 * The HTTP server the composition root (app.ts) wires services into: Fastify
 * with our logger, request ids, trusted proxies and transport-error answers,
 * the request log, a closing connection once shutdown begins, empty JSON
 * bodies read as absent, the route guard that lists every route with who may
 * call it, the security headers and cookies. No service here: only how
 * requests come in and answers go out.
 */
import crypto from 'node:crypto';
import cookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config.ts';
import type { App } from './http/app-types.ts';
import { installRouteGuard, type RouteAccess } from './http/authentication.ts';
import { installRequestLog, loggerOptions, requestIdOf, traceBindingsOf } from './http/logging.ts';
import { transportErrorOptions } from './http/transport-errors.ts';
import { trustProxyOption } from './modules/limits/client-address.ts';
import { installSecurityHeaders } from './web/security-headers.ts';

export async function createHttpServer(config: Config, logStream?: DestinationStream): Promise<{ app: App; routes: RouteAccess[] }> {
  const app: App = Fastify({
    logger: loggerOptions(config.logLevel, logStream),
    // One line per request instead of Fastify's two: installRequestLog (http/logging.ts).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimitBytes,
    // X-Forwarded-For is believed only from the TRUST_PROXY proxies (request.ip, request.ips); none when empty.
    trustProxy: trustProxyOption(config.trustProxy),
    // The caller's X-Request-Id when acceptable (http/logging.ts), else a new UUID; echoed in the response below.
    genReqId: (request) => requestIdOf(request, () => crypto.randomUUID()),
    requestIdHeader: false,
    // Every line a request logs names its trace (the active span's, or the incoming traceparent's).
    childLoggerFactory: (logger, bindings, options, request) => logger.child({ ...bindings, ...traceBindingsOf(request) }, options),
    ajv: { customOptions: { coerceTypes: false, allErrors: true } },
    ...transportErrorOptions,
  }).withTypeProvider<TypeBoxTypeProvider>();

  installRequestLog(app);
  // Once shutdown begins, a response in flight closes its connection behind it:
  // a kept-alive socket would otherwise hold the server open after the last request.
  let shuttingDown = false;
  app.addHook('preClose', async () => {
    shuttingDown = true;
  });
  // Hooks that every request passes take a callback, not a promise: one less turn of the event loop each.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    if (shuttingDown) reply.header('connection', 'close');
    done(null, payload);
  });
  // An empty JSON body is an absent body: routes then report the missing field by name.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') return done(null, undefined);
    parseJson(request, text, done);
  });
  // Before the first route: every route, the API document's and the metrics' too, is checked and listed.
  const routes = installRouteGuard(app);
  // First of the onRequest hooks: an answer that authentication cuts short carries the headers too.
  installSecurityHeaders(app, config.publicBaseUrl);
  await app.register(cookie);
  return { app, routes };
}
