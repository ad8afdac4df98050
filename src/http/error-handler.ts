/**
 * The one error handler: ApiError -> its catalogue shape; an account erased
 * mid-request (AccountErasedError) -> 404 ACCOUNT_DELETED; Fastify's own
 * client errors (bad JSON, schema violations, oversized bodies, and through
 * http/transport-errors.ts the router's bad or over-long paths) -> the flat
 * shape with the fields named; anything else -> 500 INTERNAL_ERROR, logged,
 * with nothing internal in the body.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AccountErasedError } from '../vocabulary/account-erased.ts';
import type { App } from './app-types.ts';
import { ApiError, errorBody, invalidBody, type ErrorCode } from './errors.ts';

interface ValidationIssue {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Answers a browser's request for an address that leads nowhere, as a page. */
export type NotFoundPage = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

export function installErrorHandling(app: App, options: { notFoundPage?: NotFoundPage } = {}): void {
  app.setNotFoundHandler((request, reply) => {
    if (options.notFoundPage && wantsPage(request)) return options.notFoundPage(request, reply);
    return sendError(reply, new ApiError('NOT_FOUND', { message: `No route for ${request.method} ${request.url.split('?')[0]}` }));
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    sendError(reply, toApiError(error, request));
  });
}

/** A browser navigating (GET, asking for HTML) outside the API gets a page; programs keep the JSON error. */
function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (request.url.startsWith('/api/')) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  return reply.code(error.status).type('application/json; charset=utf-8').send(errorBody(error));
}

/** Also for the framework's own errors before routing (http/transport-errors.ts). */
export function toApiError(error: FastifyError, request: FastifyRequest): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof AccountErasedError) return new ApiError('ACCOUNT_DELETED');
  if (error.validation) {
    const context = error.validationContext ?? 'body';
    const problems = (error.validation as ValidationIssue[]).map((issue) => ({
      field: fieldName(context, issue),
      message: issue.keyword === 'required' ? 'is required' : (issue.message ?? 'is invalid'),
    }));
    return invalidBody(problems, context);
  }
  const clientError = CLIENT_ERRORS[error.code];
  if (clientError) return new ApiError(clientError.code, { message: clientError.message });
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new ApiError(CODE_BY_CLIENT_STATUS[error.statusCode] ?? 'INVALID_REQUEST');
  }
  request.log.error({ err: error }, 'unhandled error');
  return new ApiError('INTERNAL_ERROR');
}

const CLIENT_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'INVALID_REQUEST', message: 'The body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'INVALID_REQUEST', message: 'The body is empty; send a JSON object.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body exceeds the size limit.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the body as application/json.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'INVALID_REQUEST', message: 'Content-Length does not match the body.' },
  FST_ERR_BAD_URL: { code: 'INVALID_REQUEST', message: 'The request path is not a valid URL (malformed percent-encoding).' },
  FST_ERR_MAX_PARAM_LENGTH: { code: 'URI_TOO_LONG', message: 'A path segment of the request address is too long.' },
};

/** Other client errors keep their status when the catalogue has a code for it; the rest answer 400. */
const CODE_BY_CLIENT_STATUS: Record<number, ErrorCode> = {
  404: 'NOT_FOUND',
  408: 'REQUEST_TIMEOUT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  431: 'HEADERS_TOO_LARGE',
};

/** 'body.name' for a bad field, 'body.name' too for a missing required one. */
function fieldName(context: string, issue: ValidationIssue): string {
  const path = (issue.instancePath ?? '')
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  const missing = issue.params?.missingProperty ?? issue.params?.additionalProperty;
  if (typeof missing === 'string') path.push(missing);
  return [context, ...path].join('.');
}
