import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import { IdParams } from '../../../http/uuid.ts';
import { ScoringResultSchema } from '../result-schema.ts';
import type { ScoringService } from '../scoring-service.ts';
import { matchesEntityTag } from '../../../http/entity-tag.ts';

/**
 * Results never change, but an account's deletion erases them at once: only
 * the viewer's own browser may keep a copy, and briefly; shared caches none.
 */
const SHARED_RESULT_CACHE_CONTROL = 'private, max-age=60';

/** No body at all (`send()`, not `send(null)`, which would announce four bytes of "null"); `null` in the API document. */
const NotModified = Type.Unsafe<void>({ type: 'null', description: 'Not modified: If-None-Match names the ETag the result was sent with. No body.' });

/**
 * GET /api/score/<id> (public): any result by its shareable id; an unknown id
 * is 404. The body is sent as kept (ScoringService.sharedResult), serialised
 * once by this route's response schema; its ETag answers a matching
 * If-None-Match with 304 and no body.
 */
export function registerGetScore(app: App, deps: { scoring: ScoringService }): void {
  app.get(
    '/api/score/:id',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['Scoring'],
        summary: 'View a scoring result by its id',
        params: IdParams,
        response: { 200: ScoringResultSchema, 304: NotModified, ...errorResponses('INVALID_REQUEST', 'NOT_FOUND') },
      },
    },
    async (request, reply) => {
      // The response schema's serialiser (fast-json-stringify) makes a string.
      const shared = await deps.scoring.sharedResult(request.params.id, (result) => reply.serialize(result) as string);
      if (!shared) throw new ApiError('NOT_FOUND', { message: 'No scoring result has this id.' });
      reply.header('cache-control', SHARED_RESULT_CACHE_CONTROL).header('etag', shared.etag);
      if (matchesEntityTag(request.headers['if-none-match'], shared.etag)) return reply.code(304).send();
      // Already serialised by the 200 schema: bytes with their own type skip the serialiser (hence the cast).
      return reply.type('application/json; charset=utf-8').send(shared.body as never);
    },
  );
}
