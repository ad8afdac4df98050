/**
 * POST /api/signals (issue 27): a batch of measured values, by session or API
 * key. The body is checked here, item by item, rather than by the schema, so
 * that every problem answers 400 SIGNAL_VALIDATION_FAILED with its item's
 * index (a schema failure would answer INVALID_REQUEST); one bad item stores
 * nothing. A burst answers 429 SIGNAL_RATE_LIMITED in the nested shape.
 */
import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import type { AdmissionGate } from '../../metering/admission-gate.ts';
import { rateLimitHeaders } from '../../metering/api/refusal-responses.ts';
import { MAX_SIGNALS_PER_BATCH, type ItemProblem, type PushedSignal, type SignalService } from '../signal-service.ts';
import { SignalSchema, signalJson } from './signal-schemas.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ITEM_FIELDS = new Set(['type', 'value', 'observedAt', 'productId', 'id']);
const CLIENT_ID_MAX = 200;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

const PushBodySchema = Type.Object(
  {
    signals: Type.Array(
      Type.Object({
        type: Type.String({ description: '<source>.<metric>: a type the metadata lists, or a custom.<metric> the account declared' }),
        value: Type.Number(),
        observedAt: Type.String({ format: 'date-time' }),
        productId: Type.Optional(Type.String({ format: 'uuid' })),
        id: Type.Optional(Type.String({ maxLength: CLIENT_ID_MAX, description: 'Your id for the item: sending it again stores nothing new' })),
      }),
      { minItems: 1, maxItems: MAX_SIGNALS_PER_BATCH },
    ),
  },
  { description: 'Checked item by item by the route: problems answer SIGNAL_VALIDATION_FAILED' },
);

export function registerPostSignals(app: App, deps: { signals: SignalService; admissionGate: Pick<AdmissionGate, 'throttle'> }): void {
  app.post(
    '/api/signals',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['Signals'],
        summary: 'Push measured signals',
        // Documented, not enforced by the schema: see the file's comment.
        body: PushBodySchema,
        description: `Body: ${JSON.stringify({ signals: [{ type: 'github.pr_cycle_time_hours', value: 18, observedAt: '2026-11-20T12:00:00Z', productId: '<uuid, optional>', id: '<optional client id>' }] })}`,
        response: {
          201: Type.Object({ signals: Type.Array(SignalSchema), alreadyStored: Type.Integer({ description: 'Items whose id was stored before' }) }),
          ...errorResponses('SIGNAL_VALIDATION_FAILED', 'AUTH_REQUIRED', 'SIGNAL_RATE_LIMITED'),
        },
      },
      // The schema is for the API document: the handler checks, so every problem has one code.
      attachValidation: true,
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const throttled = await deps.admissionGate.throttle('signal_push', principal.accountId);
      if (!throttled.ok) {
        throw new ApiError('SIGNAL_RATE_LIMITED', {
          message: throttled.message,
          action: throttled.action,
          headers: { ...rateLimitHeaders(throttled.rateLimit), 'Retry-After': String(throttled.retryAfterSeconds) },
        });
      }
      reply.headers(rateLimitHeaders(throttled.rateLimit));
      const parsed = parseBatch(request.body);
      if (!parsed.ok) throw validationFailed(parsed.problems);
      const outcome = await deps.signals.push(principal.accountId, parsed.items);
      if (!outcome.ok) throw validationFailed(outcome.problems);
      return reply.code(201).send({ signals: outcome.stored.map(signalJson), alreadyStored: outcome.alreadyStored });
    },
  );
}

function validationFailed(problems: ItemProblem[]): ApiError {
  return new ApiError('SIGNAL_VALIDATION_FAILED', {
    message: `No signal was stored: ${problems.length} problem${problems.length === 1 ? '' : 's'} (see details).`,
    details: problems.map((problem) => ({
      index: problem.index,
      field: problem.index < 0 ? problem.field : `signals[${problem.index}].${problem.field}`,
      message: problem.message,
    })),
  });
}

type Parsed = { ok: true; items: PushedSignal[] } | { ok: false; problems: ItemProblem[] };

/** The shape, item by item; index -1 is a problem of the body itself. */
function parseBatch(body: unknown): Parsed {
  const list = (body as { signals?: unknown } | null)?.signals;
  if (typeof body !== 'object' || body === null || !Array.isArray(list))
    return { ok: false, problems: [{ index: -1, field: 'body.signals', message: 'must be an array of signals' }] };
  if (list.length === 0 || list.length > MAX_SIGNALS_PER_BATCH)
    return { ok: false, problems: [{ index: -1, field: 'body.signals', message: `must hold 1 to ${MAX_SIGNALS_PER_BATCH} signals` }] };
  const problems: ItemProblem[] = [];
  const items: PushedSignal[] = [];
  list.forEach((raw, index) => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      problems.push({ index, field: 'item', message: 'must be an object' });
      return;
    }
    const item = raw as Record<string, unknown>;
    for (const key of Object.keys(item)) if (!ITEM_FIELDS.has(key)) problems.push({ index, field: key, message: 'is not a field of a signal' });
    if (typeof item.type !== 'string' || !/^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/.test(item.type))
      problems.push({ index, field: 'type', message: 'must be <source>.<metric>' });
    if (typeof item.value !== 'number' || !Number.isFinite(item.value)) problems.push({ index, field: 'value', message: 'must be a number' });
    if (typeof item.observedAt !== 'string' || !DATE_TIME.test(item.observedAt))
      problems.push({ index, field: 'observedAt', message: 'must be a date-time (RFC 3339)' });
    if (item.productId !== undefined && (typeof item.productId !== 'string' || !UUID.test(item.productId)))
      problems.push({ index, field: 'productId', message: 'must be a uuid' });
    if (item.id !== undefined && (typeof item.id !== 'string' || item.id.length === 0 || item.id.length > CLIENT_ID_MAX))
      problems.push({ index, field: 'id', message: `must be a string of 1 to ${CLIENT_ID_MAX} characters` });
    items.push(item as unknown as PushedSignal);
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, items };
}
