import type { App } from '../../../http/app-types.ts';
import { runScore, urlScore, type StreamingScoreRouteDeps } from './run-score.ts';
import { ScoreBody, URL_SCORE_DESCRIPTION, URL_SCORE_ERRORS, URL_SCORE_SUCCESS } from '../api/score-schemas.ts';

/** POST /api/score (spec part 4): session, bearer, or anonymous under the cap. */
export function registerPostScore(app: App, deps: StreamingScoreRouteDeps): void {
  app.post(
    '/api/score',
    {
      // Honours Idempotency-Key: a paid score that clients retry.
      config: { auth: 'optional', idempotent: true, whenReadOnly: 'refuse' },
      schema: {
        tags: ['Scoring'],
        summary: 'Crawl a site and score its product maturity on 27 dimensions',
        description: URL_SCORE_DESCRIPTION,
        body: ScoreBody,
        response: { ...URL_SCORE_SUCCESS, ...URL_SCORE_ERRORS },
      },
    },
    async (request, reply) => runScore(deps, request, reply, request.principal, urlScore(request.body, 'full')),
  );
}
