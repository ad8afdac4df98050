import { Type } from 'typebox';
import { errorResponses } from '../../../http/errors.ts';

/** Bounds on what a caller may send with a score. */
export const URL_MAX_LENGTH = 2048;
/** The caller's context is a hint, not a document; the refinement prompt holds no more of it. */
export const CONTEXT_MAX_LENGTH = 2000;
export const COMPANY_NAME_MAX_LENGTH = 200;
/** How many results a score history lists, newest first. */
export const HISTORY_LIMIT = 100;

const ScoredAddress = Type.String({ minLength: 1, maxLength: URL_MAX_LENGTH, description: 'Absolute http(s) address of the site to score.' });
const Context = Type.String({ maxLength: CONTEXT_MAX_LENGTH, description: 'Extra context about the company (kept with the result; used by the LLM path, never as evidence).' });
const CompanyName = Type.String({ minLength: 1, maxLength: COMPANY_NAME_MAX_LENGTH, description: 'Overrides the name read from the site.' });

export const ScoreBody = Type.Object({
  url: ScoredAddress,
  context: Type.Optional(Context),
  companyName: Type.Optional(CompanyName),
});

export const ProductScoreBody = Type.Object({
  productId: Type.String({ format: 'uuid' }),
  context: Type.Optional(Context),
});

export const LinkBody = Type.Object({
  id: Type.String({ format: 'uuid' }),
  claimToken: Type.String({ minLength: 1, maxLength: 200 }),
});

export const ScoreSummarySchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  url: Type.String(),
  companyName: Type.Union([Type.String(), Type.Null()]),
  totalScore: Type.Integer(),
  stageName: Type.String(),
  productId: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
});

export const ScoreHistorySchema = Type.Object({ scores: Type.Array(ScoreSummarySchema) });

/** The header that carries an anonymous result's claim token (for POST /api/score/link). */
export const CLAIM_TOKEN_HEADER = 'score-claim-token';

/** What POST /api/score, /api/score/quick and /api/try-score may answer besides the result. */
export const URL_SCORE_ERRORS = errorResponses(
  'INVALID_REQUEST',
  'INVALID_URL',
  'AUTH_REQUIRED',
  'ACCOUNT_DELETED',
  'CREDIT_EXHAUSTED',
  'CONFLICT',
  'IDEMPOTENCY_KEY_REUSED',
  'CRAWL_FAILED',
  'SCORING_RATE_LIMITED',
  'SCORE_FAILED',
  'SERVICE_UNAVAILABLE',
);

/** The URL-scoring endpoints' note on anonymous results. */
export const CLAIM_TOKEN_DESCRIPTION = 'An anonymous caller gets a claim token in the `score-claim-token` header, for POST /api/score/link.';
