import type { App } from '../../../http/app-types.ts';
import { ScoringResultSchema } from '../result-schema.ts';
import { runScore, urlScore, type ScoreRouteDeps } from './run-score.ts';
import { CLAIM_TOKEN_DESCRIPTION, ScoreBody, URL_SCORE_ERRORS } from './score-schemas.ts';

/** POST /api/score (spec part 4): session, bearer, or anonymous under the cap. */
export function registerPostScore(app: App, deps: ScoreRouteDeps): void {
  app.post(
    '/api/score',
    {
      // Honours Idempotency-Key: a paid score that clients retry.
      config: { auth: 'optional', idempotent: true },
      schema: {
        tags: ['Scoring'],
        summary: 'Crawl a site and score its product maturity on 27 dimensions',
        description: CLAIM_TOKEN_DESCRIPTION,
        body: ScoreBody,
        response: { 200: ScoringResultSchema, ...URL_SCORE_ERRORS },
      },
    },
    async (request, reply) =>
      runScore(deps, request, reply, request.principal, urlScore(request.body, 'full')),
  );
}
