import { Type } from 'typebox';
import { DIMENSION_IDS } from '../../../framework/dimensions.ts';
import { SEGMENTS } from '../../../framework/segments.ts';
import { errorResponses } from '../../../http/errors.ts';
import { SCORE_DEPTHS, ScoreDepthSchema, ScoringResultSchema } from '../result-schema.ts';

/** Bounds on what a caller may send with a score. */
export const URL_MAX_LENGTH = 2048;
/** The caller's context is a hint, not a document; the refinement prompt holds no more of it. */
export const CONTEXT_MAX_LENGTH = 2000;
export const COMPANY_NAME_MAX_LENGTH = 200;
/** How many results a score history lists, newest first. */
export const HISTORY_LIMIT = 100;

const ScoredAddress = Type.String({
  minLength: 1,
  maxLength: URL_MAX_LENGTH,
  description: 'The http(s) address of the site to score; without a scheme (acme.com), https is assumed.',
});
const Context = Type.String({
  maxLength: CONTEXT_MAX_LENGTH,
  description: 'Extra context about the company (kept with the result; used by the LLM path, never as evidence).',
});
const CompanyName = Type.String({ minLength: 1, maxLength: COMPANY_NAME_MAX_LENGTH, description: 'Overrides the name read from the site.' });

/** A market segment: one of the metadata's segment keys (GET /api/assessment/metadata), as peer benchmarks group companies. */
export const SegmentKey = Type.Enum(
  SEGMENTS.map((segment) => segment.key),
  { description: 'A market segment, for peer benchmarks (GET /api/benchmarks): one of the segment keys of GET /api/assessment/metadata.' },
);
/** Only full scores take a segment (urlScore refuses one on a quick score): peer benchmarks compare like with like. */
const Segment = Type.Optional(
  Type.Enum(
    SEGMENTS.map((segment) => segment.key),
    {
      description:
        'The market segment the company is compared within (peer benchmarks, GET /api/benchmarks): one of the segment keys of GET /api/assessment/metadata. ' +
        'Full scores only (POST /api/score, /api/score/product, /api/try-score): /api/score/quick answers 400 to one.',
    },
  ),
);

export const ScoreBody = Type.Object({
  url: ScoredAddress,
  context: Type.Optional(Context),
  companyName: Type.Optional(CompanyName),
  segment: Segment,
});

export const ProductScoreBody = Type.Object({
  productId: Type.String({ format: 'uuid' }),
  context: Type.Optional(Context),
  segment: Segment,
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
  depth: ScoreDepthSchema,
  pagesAnalyzed: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: "The pages the score read (the result's crawlStats.pagesAnalyzed)." }),
  productId: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
});

export const ScoreHistorySchema = Type.Object({
  scores: Type.Array(ScoreSummarySchema),
  nextCursor: Type.Optional(
    Type.Union([Type.String({ format: 'uuid' }), Type.Null()], {
      description: 'Pass as `cursor` for the next page (older scores); null when this page holds the oldest.',
    }),
  ),
});

/** A page of a score history: newest first, `limit` at a time, the next page after `cursor`. */
export const ScoreHistoryQuery = Type.Object({
  cursor: Type.Optional(
    Type.String({
      format: 'uuid',
      description: "The previous page's `nextCursor`: lists the scores after it, newest first. Unknown to this account: an empty page.",
    }),
  ),
  // A string: query values are not coerced (http-server.ts); the pattern holds it to 1..100.
  limit: Type.Optional(Type.String({ pattern: '^([1-9][0-9]?|100)$', description: `Scores per page: 1 to ${HISTORY_LIMIT}; default ${HISTORY_LIMIT}.` })),
});

/** The page size a ScoreHistoryQuery asks for. */
export function historyPageLimit(query: { limit?: string }): number {
  return query.limit === undefined ? HISTORY_LIMIT : Number(query.limit);
}

export const ScoreChangeSchema = Type.Object({
  resultId: Type.String({ format: 'uuid' }),
  depth: Type.Enum(SCORE_DEPTHS, {
    description:
      'The depth of this score, and of the one it is compared with: a quick score is compared only with quick scores, a full one only with full ones.',
  }),
  previous: Type.Union(
    [
      Type.Object({
        id: Type.String({ format: 'uuid' }),
        totalScore: Type.Integer(),
        stageName: Type.String(),
        createdAt: Type.String({ format: 'date-time' }),
      }),
      Type.Null(),
    ],
    { description: 'The score of the same product (or address) and the same depth just before this one; null when this is the first of its depth.' },
  ),
  totalDelta: Type.Union([Type.Integer(), Type.Null()], { description: 'This total minus the previous one; null for a first score of its depth.' }),
  stageChanged: Type.Boolean(),
  moved: Type.Array(Type.Object({ dimensionId: Type.Enum(DIMENSION_IDS), dimensionName: Type.String(), from: Type.Integer(), to: Type.Integer() }), {
    description: 'The dimensions whose score differs, largest move first.',
  }),
});

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

/** The progress stream, as the API document describes it. */
export const SCORE_PROGRESS_STREAM_DESCRIPTION = [
  "Sent instead of the JSON result when the request's `Accept` header includes `text/event-stream` (refusals decided before the score starts, such as rate limits, quotas and the anonymous cap, still answer with their JSON error).",
  'Events: `event: progress` with `data: {"stage": "crawling" | "scoring" | "refining", "pagesFound", "pagesFetched", "pagesAnalysed", "pageLimit"}` as the counts change (at most one about every 100 ms; counts never decrease; the last crawling state is always sent before `scoring`);',
  'then `event: result` with `data: {"result": <ScoringResult>, "claimToken": "..."}` (`claimToken` only for an anonymous caller, instead of the `score-claim-token` header),',
  'or, when the score fails after the stream has begun, `event: error` with `data: {"code", "message", "status"}` (the code, message and HTTP status the JSON answer would have had; the score is refunded);',
  'then `data: [DONE]`. Comment lines (`: keep-alive`) are heartbeats.',
].join(' ');

/** What the URL-scoring endpoints answer on success: the result as JSON, or its progress as Server-Sent Events. */
export const URL_SCORE_SUCCESS = {
  200: {
    description: "The ScoringResult; or, with `Accept: text/event-stream`, the score's progress and then the result as Server-Sent Events.",
    content: {
      'application/json': { schema: ScoringResultSchema },
      'text/event-stream': { schema: Type.String({ description: SCORE_PROGRESS_STREAM_DESCRIPTION }) },
    },
  },
};

/** The URL-scoring endpoints' description: the claim token of anonymous results, and the progress stream. */
export const URL_SCORE_DESCRIPTION =
  'An anonymous caller gets a claim token, for POST /api/score/link: in the `score-claim-token` header, or in the `result` event of a progress stream.\n\n' +
  `Progress stream: ${SCORE_PROGRESS_STREAM_DESCRIPTION}`;
