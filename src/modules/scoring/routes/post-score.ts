import type { App, AuthMode } from '../../../http/app-types.ts';
import { errorResponses } from '../../../http/errors.ts';
import { ScoringResultSchema } from '../result-schema.ts';
import type { ScoreDepth } from '../scoring-service.ts';
import { runScore, type ScoreRouteDeps } from './run-score.ts';
import { ScoreBody } from './score-schemas.ts';

const SCORE_ERRORS = errorResponses('INVALID_REQUEST', 'INVALID_URL', 'AUTH_REQUIRED', 'ACCOUNT_DELETED', 'CREDIT_EXHAUSTED', 'CONFLICT', 'IDEMPOTENCY_KEY_REUSED', 'CRAWL_FAILED', 'SCORING_RATE_LIMITED', 'SCORE_FAILED', 'SERVICE_UNAVAILABLE');

interface UrlScoreEndpoint {
  url: string;
  auth: AuthMode;
  depth: ScoreDepth;
  /** Scores as an anonymous caller whatever credentials come with the request. */
  alwaysAnonymous: boolean;
  /** Honours Idempotency-Key: a paid score that clients retry. */
  idempotent: boolean;
  summary: string;
}

/** Scores the address in the body; the three URL-scoring endpoints differ only in these settings. */
function registerUrlScore(app: App, deps: ScoreRouteDeps, endpoint: UrlScoreEndpoint): void {
  app.post(
    endpoint.url,
    {
      config: { auth: endpoint.auth, idempotent: endpoint.idempotent },
      schema: {
        tags: ['Scoring'],
        summary: endpoint.summary,
        description: 'An anonymous caller gets a claim token in the `score-claim-token` header, for POST /api/score/link.',
        body: ScoreBody,
        response: { 200: ScoringResultSchema, ...SCORE_ERRORS },
      },
    },
    async (request, reply) =>
      runScore(deps, request, reply, endpoint.alwaysAnonymous ? null : request.principal, {
        url: request.body.url,
        depth: endpoint.depth,
        context: request.body.context ?? null,
        companyName: request.body.companyName ?? null,
        productId: null,
        viaTryEndpoint: endpoint.alwaysAnonymous,
      }),
  );
}

/** POST /api/score (spec part 4): session, bearer, or anonymous under the cap. */
export function registerPostScore(app: App, deps: ScoreRouteDeps): void {
  registerUrlScore(app, deps, {
    url: '/api/score',
    auth: 'optional',
    depth: 'full',
    alwaysAnonymous: false,
    idempotent: true,
    summary: 'Crawl a site and score its product maturity on 27 dimensions',
  });
}

/** POST /api/score/quick (our design): a fast, shallow score from the start page and at most five more. */
export function registerPostScoreQuick(app: App, deps: ScoreRouteDeps): void {
  registerUrlScore(app, deps, {
    url: '/api/score/quick',
    auth: 'optional',
    depth: 'quick',
    alwaysAnonymous: false,
    idempotent: true,
    summary: 'A fast, shallow score from the start page and at most five more pages',
  });
}

/** POST /api/try-score (public): anonymous, quick, under the anonymous cap whoever calls. */
export function registerPostTryScore(app: App, deps: ScoreRouteDeps): void {
  registerUrlScore(app, deps, {
    url: '/api/try-score',
    auth: 'public',
    depth: 'quick',
    alwaysAnonymous: true,
    // Free and anonymous: nothing is charged that a retry could charge twice.
    idempotent: false,
    summary: 'Try a score anonymously (quick depth, one per address per hour)',
  });
}
