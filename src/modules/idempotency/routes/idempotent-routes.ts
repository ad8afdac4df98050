/**
 * The Idempotency-Key header on the routes that declare `idempotent: true`
 * in their config: claimed before the handler runs (after authentication and
 * validation, before any charge), the response kept when it is sent, the
 * claim given up when the request failed on our side or its client left.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../../http/app-types.ts';
import { ApiError } from '../../../http/errors.ts';
import { addHooksToRoutes } from '../../../http/route-hooks.ts';
import { clientAddressOf } from '../../limits/client-address.ts';
import type { IdempotencyService, StoredResponse } from '../idempotency-service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route honours Idempotency-Key (paid or creating actions). */
    idempotent?: boolean;
  }
}

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Set on a response that is a replay of the first request's. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
const MAX_KEY_LENGTH = 255;
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;
/** The response headers a replay repeats: what the body alone does not carry. */
const REPLAYED_HEADERS = ['content-type', 'score-claim-token', 'location'];
/** How often, and for how long, a retry waits for the first request with its key to finish. */
const IN_PROGRESS_POLL_MS = 100;
const IN_PROGRESS_WAIT_MS = 60_000;

interface OpenClaim {
  scope: string;
  key: string;
  settled: boolean;
}

export interface IdempotencyDeps {
  idempotency: IdempotencyService;
}

export function installIdempotency(app: App, deps: IdempotencyDeps): void {
  const claims = new WeakMap<FastifyRequest, OpenClaim>();

  addHooksToRoutes(app, (route) => route.config?.idempotent === true, { preHandler: claimKey, onSend: keepResponse });

  async function claimKey(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const key = keyOf(request);
    if (key === null) return;
    const scope = request.principal ? `user:${request.principal.accountId}:${request.principal.userId}` : `anon:${clientAddressOf(request) ?? 'unknown'}`;
    const claimed = { scope, key, accountId: request.principal?.accountId ?? null, fingerprint: fingerprintOf(request) };
    const deadline = Date.now() + IN_PROGRESS_WAIT_MS;
    // Whether the client left while this request waits for the first: the response closing before anything
    // was sent. (Not `request.raw.destroyed`: Node marks a request destroyed once its body has been read,
    // so that check sent every waiting request with a body away with 409 at once.)
    let clientGone = false;
    reply.raw.once('close', () => {
      if (!reply.raw.writableEnded) clientGone = true;
    });
    for (;;) {
      const claim = await deps.idempotency.claim(claimed);
      if (claim.kind === 'run') {
        const open: OpenClaim = { scope, key, settled: false };
        claims.set(request, open);
        // A client that leaves (the reply is hijacked, nothing is sent) must not hold the key.
        reply.raw.once('close', () => {
          if (!open.settled)
            void deps.idempotency.release(scope, key).catch((error: unknown) => request.log.error({ err: error }, 'idempotency release failed'));
        });
        return;
      }
      if (claim.kind === 'replay') return replay(reply, claim.response);
      if (claim.kind === 'mismatch') {
        throw new ApiError('IDEMPOTENCY_KEY_REUSED', { message: 'This Idempotency-Key was used for a different request in the last 24 hours.' });
      }
      if (Date.now() >= deadline || clientGone) {
        throw new ApiError('CONFLICT', { message: 'A request with this Idempotency-Key is still running. Retry shortly.' });
      }
      await new Promise((resolve) => setTimeout(resolve, IN_PROGRESS_POLL_MS));
    }
  }

  async function keepResponse(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
    const open = claims.get(request);
    if (!open || open.settled) return payload;
    // A stream (a score's progress) is not known whole when it starts, so it is not kept: the key
    // stays claimed while it runs (a retry waits) and is given up when it ends (a later retry runs again).
    if (typeof (payload as { pipe?: unknown } | null)?.pipe === 'function') return payload;
    open.settled = true;
    if (reply.statusCode >= 500) {
      // Our failure: the retry should run again rather than replay it.
      await deps.idempotency.release(open.scope, open.key);
    } else {
      await deps.idempotency.complete(open.scope, open.key, { statusCode: reply.statusCode, body: String(payload ?? ''), headers: replayedHeaders(reply) });
    }
    return payload;
  }
}

function keyOf(request: FastifyRequest): string | null {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (value === undefined) return null;
  if (typeof value !== 'string' || value.length > MAX_KEY_LENGTH || !PRINTABLE_ASCII.test(value)) {
    throw new ApiError('INVALID_REQUEST', {
      message: `Invalid Idempotency-Key: use 1 to ${MAX_KEY_LENGTH} printable ASCII characters, such as a UUID.`,
      details: [{ field: 'headers.idempotency-key', message: `must be 1 to ${MAX_KEY_LENGTH} printable ASCII characters` }],
    });
  }
  return value;
}

/** What the key stands for: the route and the body as sent. */
function fingerprintOf(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url}\n${JSON.stringify(request.body ?? null)}`;
}

function replayedHeaders(reply: FastifyReply): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) kept[name] = String(value);
  }
  return kept;
}

function replay(reply: FastifyReply, response: StoredResponse): FastifyReply {
  return reply
    .code(response.statusCode)
    .headers({ ...response.headers, [IDEMPOTENT_REPLAYED_HEADER]: 'true' })
    .send(response.body);
}
