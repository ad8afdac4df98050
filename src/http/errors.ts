/**
 * The error catalogue (spec part 7): every code, its status, its body shape
 * and its short label, in one place. Routes throw `ApiError`; services return
 * typed outcomes that know nothing of HTTP, and a small file under each
 * module's routes/ turns them into `ApiError`s; one handler (error-handler.ts)
 * writes the bodies. 5xx bodies never carry internal messages.
 */
import { Type } from 'typebox';

type Shape = 'flat' | 'nested';

interface CatalogueEntry {
  status: number;
  shape: Shape;
  /** The flat shape's `error` field: the spec's label where it gives one. */
  label: string;
  /** Default human-readable message. */
  message: string;
  /** Nested shape only. */
  retryable?: boolean;
  /** Flat shape: `details` sent when the error gives none (advice that always applies). */
  details?: unknown;
}

/** How someone whose account was erased starts again: never silently, by an open tab's next request. */
export const START_OVER_ADVICE = {
  action: 'To start over, POST /api/account with your credentials: it creates a new, empty account. Nothing of the deleted one comes back.',
};

export const ERROR_CATALOGUE = {
  // Spec-named codes. Part 7 says the 401 and 403 bodies "carry the message" of their label, so
  // those two use it as `message` too.
  AUTH_REQUIRED: { status: 401, shape: 'flat', label: 'Authentication required', message: 'Authentication required' },
  FORBIDDEN: { status: 403, shape: 'flat', label: 'Forbidden: insufficient permissions', message: 'Forbidden: insufficient permissions' },
  NOT_FOUND: { status: 404, shape: 'flat', label: 'Not found', message: 'The requested resource does not exist.' },
  INVALID_URL: { status: 400, shape: 'flat', label: 'Invalid URL', message: 'The address cannot be scored.' },
  CRAWL_FAILED: { status: 422, shape: 'flat', label: 'Crawl failed', message: 'The site could not be crawled.' },
  SCORE_FAILED: { status: 500, shape: 'flat', label: 'Score failed', message: 'Scoring failed. Please try again later.' },
  INTERNAL_ERROR: { status: 500, shape: 'flat', label: 'Internal server error', message: 'Something went wrong on our side.' },
  CREDIT_EXHAUSTED: { status: 402, shape: 'nested', label: 'Credits exhausted', message: 'Your credit pool is used up.', retryable: false },
  PLAN_LIMIT_REACHED: { status: 402, shape: 'nested', label: 'Plan limit reached', message: 'Your plan limit is reached.', retryable: false },
  SCORING_RATE_LIMITED: { status: 429, shape: 'nested', label: 'Rate limited', message: 'Too many requests.', retryable: true },
  // Part 7 names both; part 8's nested shape for rate limits applies to the second (issue 27).
  SIGNAL_VALIDATION_FAILED: {
    status: 400,
    shape: 'flat',
    label: 'Signal validation failed',
    message: 'The signals were not stored: see details for each item.',
  },
  SIGNAL_RATE_LIMITED: { status: 429, shape: 'nested', label: 'Rate limited', message: 'Too many signal pushes.', retryable: true },
  // Our additions (the spec's catalogue is "not shown"; docs/DECISIONS.md).
  INVALID_REQUEST: { status: 400, shape: 'flat', label: 'Invalid request', message: 'The request is malformed.' },
  CONFIRMATION_REQUIRED: { status: 400, shape: 'flat', label: 'Missing confirmation', message: 'Send {"confirmation":"DELETE"} to delete the account.' },
  INVALID_SIGNATURE: { status: 400, shape: 'flat', label: 'Invalid signature', message: 'The webhook signature could not be verified.' },
  ACCOUNT_DELETED: { status: 404, shape: 'flat', label: 'Not found', message: 'This account has been deleted.', details: START_OVER_ADVICE },
  PAYLOAD_TOO_LARGE: { status: 413, shape: 'flat', label: 'Payload too large', message: 'The request body is too large.' },
  // Answered by the HTTP layer before any route runs (Node's parser, the router): http/transport-errors.ts.
  REQUEST_TIMEOUT: { status: 408, shape: 'flat', label: 'Request timeout', message: 'The request was not received in time.' },
  URI_TOO_LONG: { status: 414, shape: 'flat', label: 'URI too long', message: 'The request address is too long.' },
  HEADERS_TOO_LARGE: { status: 431, shape: 'flat', label: 'Request headers too large', message: 'The request headers are too large.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, shape: 'flat', label: 'Unsupported media type', message: 'Send the body as application/json.' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, shape: 'flat', label: 'Idempotency key reused', message: 'This Idempotency-Key was used for a different request.' },
  CONFLICT: { status: 409, shape: 'flat', label: 'Conflict', message: 'The request conflicts with the current state.' },
  SERVICE_UNAVAILABLE: { status: 503, shape: 'flat', label: 'Service unavailable', message: 'The service is busy. Retry shortly.' },
  // Read-only mode (spec part 3). Flat like every other 403, so a client (and a route's 403 schema) reads one shape
  // there; what lifts it is in `details.action` (and `details.missingMilestones`), as ACCOUNT_DELETED's advice is.
  ACCOUNT_READ_ONLY: { status: 403, shape: 'flat', label: 'Account read-only', message: 'This account is read-only until onboarding is complete.' },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export interface ApiErrorOptions {
  message?: string;
  details?: unknown;
  /** Nested shape: advice for the caller. */
  action?: string;
  headers?: Record<string, string>;
}

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;
  readonly action: string | undefined;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, options: ApiErrorOptions = {}) {
    super(options.message ?? ERROR_CATALOGUE[code].message);
    this.name = 'ApiError';
    this.code = code;
    this.details = options.details;
    this.action = options.action;
    this.headers = options.headers ?? {};
  }

  get status(): number {
    return ERROR_CATALOGUE[this.code].status;
  }
}

/** One bad field of a request: `field` is its path ('body.name'), `message` what is wrong with it. */
export interface FieldProblem {
  field: string;
  message: string;
}

/**
 * 400 INVALID_REQUEST naming every bad field, in the one shape that schema
 * violations and route-level checks share: message "Invalid body: body.name is
 * blank; ..." and the problems as `details`. `part` is the request part
 * ('body', 'querystring', 'params').
 */
export function invalidBody(problems: FieldProblem[], part = 'body'): ApiError {
  return new ApiError('INVALID_REQUEST', {
    message: `Invalid ${part}: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}`,
    details: problems,
  });
}

export interface FlatErrorBody {
  error: string;
  code: string;
  message: string;
  details?: unknown;
}

export interface NestedErrorBody {
  error: { code: string; message: string; action: string; retryable: boolean };
}

export function errorBody(error: ApiError): FlatErrorBody | NestedErrorBody {
  const entry: CatalogueEntry = ERROR_CATALOGUE[error.code];
  if (entry.shape === 'nested') {
    return {
      error: {
        code: error.code,
        message: error.message,
        action: error.action ?? '',
        retryable: entry.retryable ?? false,
      },
    };
  }
  // The public code of INTERNAL_ERROR-class failures is fixed; its message never leaks internals.
  const body: FlatErrorBody = { error: entry.label, code: error.code, message: error.message };
  const details = error.details ?? (entry as CatalogueEntry).details;
  if (details !== undefined) body.details = details;
  return body;
}

/** Schemas for the OpenAPI document. */
export const FlatErrorSchema = Type.Object(
  {
    error: Type.String(),
    code: Type.String(),
    message: Type.String(),
    details: Type.Optional(Type.Unknown()),
  },
  { description: 'Flat error shape (spec part 7).' },
);

export const NestedErrorSchema = Type.Object(
  {
    error: Type.Object({
      code: Type.String(),
      message: Type.String(),
      action: Type.String(),
      retryable: Type.Boolean(),
    }),
  },
  { description: 'Nested error shape for rate-limit and quota errors (spec part 7).' },
);

/** Response schemas for a route's documented errors, by status. */
export function errorResponses(...codes: ErrorCode[]): Record<number, unknown> {
  const responses: Record<number, unknown> = {};
  for (const code of codes) {
    const entry = ERROR_CATALOGUE[code];
    responses[entry.status] = entry.shape === 'nested' ? NestedErrorSchema : FlatErrorSchema;
  }
  return responses;
}
