import type { App } from '../../../http/app-types.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import { IdParams } from '../../../http/uuid.ts';
import { ScoringResultSchema } from '../result-schema.ts';
import type { ScoringService } from '../scoring-service.ts';

/**
 * Results never change, but an account's deletion erases them at once: only
 * the viewer's own browser may keep a copy, and briefly; shared caches none.
 */
const SHARED_RESULT_CACHE_CONTROL = 'private, max-age=60';

/** GET /api/score/<id> (public): any result by its shareable id; an unknown id is 404. */
export function registerGetScore(app: App, deps: { scoring: ScoringService }): void {
  app.get(
    '/api/score/:id',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['Scoring'],
        summary: 'View a scoring result by its id',
        params: IdParams,
        response: { 200: ScoringResultSchema, ...errorResponses('INVALID_REQUEST', 'NOT_FOUND') },
      },
    },
    async (request, reply) => {
      const result = await deps.scoring.get(request.params.id);
      if (!result) throw new ApiError('NOT_FOUND', { message: 'No scoring result has this id.' });
      reply.header('cache-control', SHARED_RESULT_CACHE_CONTROL);
      return result;
    },
  );
}
