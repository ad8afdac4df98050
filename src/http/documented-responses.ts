/**
 * Every status a documented route can answer, for the API document: the
 * statuses its schema declares, plus those the HTTP layer gives around any
 * handler, derived from the route's shape in one place so that no route has
 * to repeat them (and none can forget one):
 * - any request: 408, 414 and 431 (http/transport-errors.ts) and 500;
 * - a method that carries a body: 400 (malformed JSON, unstorable text),
 *   413 and 415 (http/request-content.ts);
 * - path parameters or a query string: 400 (schema, unstorable text);
 * - a credential (auth `required` or `optional`): 401 (refused credential),
 *   402 (a member without a seat, an API key past its plan's ceiling),
 *   403 (an API key whose plan no longer includes API access), 404 (an
 *   erased account); a declared permission: 403.
 * A status the route declares itself (in its response schema, or an HTML
 * page in its `pageResponses` config) keeps the route's description.
 */
import type { FastifySchema } from 'fastify';
import type { AuthMode } from './app-types.ts';
import { errorResponses, type ErrorCode } from './errors.ts';

export interface DocumentedRoute {
  method: string | string[];
  url: string;
  schema?: FastifySchema;
  config?: { auth?: AuthMode; permission?: string; pageResponses?: Record<number, unknown> };
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What @fastify/swagger writes for a route without response schemas. */
const DEFAULT_RESPONSE = { type: 'null', description: 'Default Response' };

export function documentedResponses(route: DocumentedRoute): Record<string, unknown> {
  const methods = [route.method].flat();
  const declared = (route.schema?.response as Record<string, unknown> | undefined) ?? route.config?.pageResponses ?? { 200: DEFAULT_RESPONSE };
  return { ...errorResponses(...implicitErrorCodes(route, methods)), ...declared };
}

function implicitErrorCodes(route: DocumentedRoute, methods: string[]): ErrorCode[] {
  const codes: ErrorCode[] = ['REQUEST_TIMEOUT', 'URI_TOO_LONG', 'HEADERS_TOO_LARGE', 'INTERNAL_ERROR'];
  if (methods.some((method) => BODY_METHODS.has(method))) codes.push('INVALID_REQUEST', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE');
  if (route.schema?.params || route.schema?.querystring) codes.push('INVALID_REQUEST');
  const auth = route.config?.auth ?? 'public';
  if (auth === 'optional' || auth === 'required') codes.push('AUTH_REQUIRED', 'PLAN_LIMIT_REACHED', 'FORBIDDEN', 'ACCOUNT_DELETED');
  if (route.config?.permission) codes.push('FORBIDDEN');
  return codes;
}
