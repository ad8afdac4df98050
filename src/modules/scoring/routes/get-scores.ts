import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { errorResponses } from '../../../http/errors.ts';
import type { ScoringService } from '../scoring-service.ts';
import { historyPageLimit, ScoreHistoryQuery, ScoreHistorySchema } from '../api/score-schemas.ts';

/** GET /api/scores (our addition): the account's score history, newest first, a page at a time. */
export function registerGetScores(app: App, deps: { scoring: ScoringService }): void {
  app.get(
    '/api/scores',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['Scoring'],
        summary: "The account's score history, newest first, a page at a time",
        querystring: ScoreHistoryQuery,
        response: { 200: ScoreHistorySchema, ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const limit = historyPageLimit(request.query);
      return deps.scoring.historyPage(principal.accountId, { after: request.query.cursor, limit });
    },
  );
}
