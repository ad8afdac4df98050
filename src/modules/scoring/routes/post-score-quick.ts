import type { App } from '../../../http/app-types.ts';
import { runScore, urlScore, type StreamingScoreRouteDeps } from './run-score.ts';
import { ScoreBody, URL_SCORE_DESCRIPTION, URL_SCORE_ERRORS, URL_SCORE_SUCCESS } from '../api/score-schemas.ts';

/**
 * POST /api/score/quick (our design): a fast, shallow score from the start
 * page and at most five more. Its result says `depth: "quick"`, is labelled
 * as such wherever it is shown, and is never compared with a full score.
 */
export function registerPostScoreQuick(app: App, deps: StreamingScoreRouteDeps): void {
  app.post(
    '/api/score/quick',
    {
      // Honours Idempotency-Key: a paid score that clients retry.
      config: { auth: 'optional', idempotent: true, whenReadOnly: 'refuse' },
      schema: {
        tags: ['Scoring'],
        summary: 'A fast, shallow score from the start page and at most five more pages',
        description: `The result's \`depth\` is \`quick\`: compare it only with other quick scores (a full score of the same site often lands a tier higher).\n\n${URL_SCORE_DESCRIPTION}`,
        body: ScoreBody,
        response: { ...URL_SCORE_SUCCESS, ...URL_SCORE_ERRORS },
      },
    },
    async (request, reply) => runScore(deps, request, reply, request.principal, urlScore(request.body, 'quick')),
  );
}
