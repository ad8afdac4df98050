import type { App } from '../../../http/app-types.ts';
import { errorResponses } from '../../../http/errors.ts';
import { ScoringResultSchema } from '../result-schema.ts';
import { runScore, type ScoreRouteDeps } from './run-score.ts';
import { ScoreBody } from './score-schemas.ts';

const SCORE_ERRORS = errorResponses('INVALID_REQUEST', 'INVALID_URL', 'AUTH_REQUIRED', 'CREDIT_EXHAUSTED', 'CRAWL_FAILED', 'SCORING_RATE_LIMITED', 'SCORE_FAILED', 'SERVICE_UNAVAILABLE');

/** POST /api/score (spec part 4): session, bearer, or anonymous under the cap. */
export function registerPostScore(app: App, deps: ScoreRouteDeps): void {
  app.post(
    '/api/score',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['Scoring'],
        summary: 'Crawl a site and score its product maturity on 27 dimensions',
        description: `Anonymous callers get a claim token in the \`score-claim-token\` header, for POST /api/score/link.`,
        body: ScoreBody,
        response: { 200: ScoringResultSchema, ...SCORE_ERRORS },
      },
    },
    async (request, reply) =>
      runScore(deps, request, reply, request.principal, {
        url: request.body.url,
        depth: 'full',
        context: request.body.context ?? null,
        companyName: request.body.companyName ?? null,
        productId: null,
      }),
  );
}

/** POST /api/score/quick (our design): a fast, shallow score from the start page and at most five more. */
export function registerPostScoreQuick(app: App, deps: ScoreRouteDeps): void {
  app.post(
    '/api/score/quick',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['Scoring'],
        summary: 'A fast, shallow score from the start page and at most five more pages',
        body: ScoreBody,
        response: { 200: ScoringResultSchema, ...SCORE_ERRORS },
      },
    },
    async (request, reply) =>
      runScore(deps, request, reply, request.principal, {
        url: request.body.url,
        depth: 'quick',
        context: request.body.context ?? null,
        companyName: request.body.companyName ?? null,
        productId: null,
      }),
  );
}

/** POST /api/try-score (public): anonymous, quick, under the anonymous cap whoever calls. */
export function registerPostTryScore(app: App, deps: ScoreRouteDeps): void {
  app.post(
    '/api/try-score',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['Scoring'],
        summary: 'Try a score anonymously (quick depth, one per address per hour)',
        body: ScoreBody,
        response: { 200: ScoringResultSchema, ...SCORE_ERRORS },
      },
    },
    async (request, reply) =>
      runScore(deps, request, reply, null, {
        url: request.body.url,
        depth: 'quick',
        context: request.body.context ?? null,
        companyName: request.body.companyName ?? null,
        productId: null,
      }),
  );
}
