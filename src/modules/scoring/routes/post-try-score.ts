import type { App } from '../../../http/app-types.ts';
import { runScore, urlScore, type StreamingScoreRouteDeps } from './run-score.ts';
import { ScoreBody, URL_SCORE_DESCRIPTION, URL_SCORE_ERRORS, URL_SCORE_SUCCESS } from '../api/score-schemas.ts';

/**
 * POST /api/try-score (public): anonymous, under the anonymous cap whoever
 * calls. A full score: the first impression must agree with the full score's
 * tier (a quick one read six pages and could land a tier lower); the cap of
 * one per address per hour bounds what the deeper crawl costs.
 */
export function registerPostTryScore(app: App, deps: StreamingScoreRouteDeps): void {
  app.post(
    '/api/try-score',
    {
      // Free and anonymous: nothing is charged that a retry could charge twice.
      config: { auth: 'public', idempotent: false },
      schema: {
        tags: ['Scoring'],
        summary: 'Try a score anonymously (full depth, one per address per hour)',
        description: URL_SCORE_DESCRIPTION,
        body: ScoreBody,
        response: { ...URL_SCORE_SUCCESS, ...URL_SCORE_ERRORS },
      },
    },
    // Scored as an anonymous caller whatever credentials come with the request.
    async (request, reply) => runScore(deps, request, reply, null, { ...urlScore(request.body, 'full'), viaTryEndpoint: true }),
  );
}
