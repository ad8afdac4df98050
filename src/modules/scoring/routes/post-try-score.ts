import type { App } from '../../../http/app-types.ts';
import { ScoringResultSchema } from '../result-schema.ts';
import { runScore, urlScore, type ScoreRouteDeps } from './run-score.ts';
import { CLAIM_TOKEN_DESCRIPTION, ScoreBody, URL_SCORE_ERRORS } from './score-schemas.ts';

/** POST /api/try-score (public): anonymous, quick, under the anonymous cap whoever calls. */
export function registerPostTryScore(app: App, deps: ScoreRouteDeps): void {
  app.post(
    '/api/try-score',
    {
      // Free and anonymous: nothing is charged that a retry could charge twice.
      config: { auth: 'public', idempotent: false },
      schema: {
        tags: ['Scoring'],
        summary: 'Try a score anonymously (quick depth, one per address per hour)',
        description: CLAIM_TOKEN_DESCRIPTION,
        body: ScoreBody,
        response: { 200: ScoringResultSchema, ...URL_SCORE_ERRORS },
      },
    },
    // Scored as an anonymous caller whatever credentials come with the request.
    async (request, reply) =>
      runScore(deps, request, reply, null, { ...urlScore(request.body, 'quick'), viaTryEndpoint: true }),
  );
}
