import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import { IdParams } from '../../../http/uuid.ts';
import { ScoringResultSchema } from '../result-schema.ts';
import type { ScoringService } from '../scoring-service.ts';
import { ScoreHistorySchema } from './score-schemas.ts';

export const HISTORY_LIMIT = 100;

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

/** GET /api/scores (our addition): the account's score history, newest first. */
export function registerGetScores(app: App, deps: { scoring: ScoringService }): void {
  app.get(
    '/api/scores',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['Scoring'],
        summary: "The account's score history, newest first",
        response: { 200: ScoreHistorySchema, ...errorResponses('AUTH_REQUIRED') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      return { scores: await deps.scoring.history(principal.accountId, { limit: HISTORY_LIMIT }) };
    },
  );
}
