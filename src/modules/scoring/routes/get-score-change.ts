import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import { IdParams } from '../../../http/uuid.ts';
import type { ScoringService } from '../scoring-service.ts';
import { ScoreChangeSchema } from '../api/score-schemas.ts';

/**
 * GET /api/scores/<id>/change (our addition): what changed since the score
 * before it, of the same product or, without one, the same address. Only the
 * account's own results: another account's history is not ours to compare.
 */
export function registerGetScoreChange(app: App, deps: { scoring: ScoringService }): void {
  app.get(
    '/api/scores/:id/change',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['Scoring'],
        summary: 'What changed since the score before this one',
        params: IdParams,
        response: { 200: ScoreChangeSchema, ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const change = await deps.scoring.changeOf(principal.accountId, request.params.id);
      if (!change) throw new ApiError('NOT_FOUND', { message: 'No result of this account has this id.' });
      return change;
    },
  );
}
