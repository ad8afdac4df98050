import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { errorResponses } from '../../../http/errors.ts';
import type { ScoringService } from '../scoring-service.ts';
import { HISTORY_LIMIT, ScoreHistorySchema } from '../api/score-schemas.ts';

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
