/**
 * The ScoringResult resource of spec part 2, as one TypeBox schema: it
 * serialises responses and documents the API; chat input takes the same
 * shape with the depth optional (SubmittedResultSchema).
 */
import { Type, type Static } from 'typebox';
import { DIMENSION_IDS } from '../../framework/dimensions.ts';
import { STAGE_NAMES } from '../../framework/tiers.ts';

export const DimensionScoreSchema = Type.Object(
  {
    dimensionId: Type.Enum(DIMENSION_IDS),
    dimensionName: Type.String(),
    score: Type.Integer({ minimum: 1, maximum: 4 }),
    stageName: Type.Enum(STAGE_NAMES),
    evidence: Type.String(),
    confidence: Type.Enum(['high', 'medium', 'low']),
    reasoning: Type.String(),
  },
  { additionalProperties: false },
);
export type DimensionScore = Static<typeof DimensionScoreSchema>;

/** How much of a site a score read: `full` (POST /api/score, /api/score/product, /api/try-score) or `quick` (POST /api/score/quick). */
export const SCORE_DEPTHS = ['full', 'quick'] as const;
export type ScoreDepth = (typeof SCORE_DEPTHS)[number];

export const ScoreDepthSchema = Type.Enum(SCORE_DEPTHS, {
  description:
    "How much of the site the score read (our addition). `full`: up to the crawl's page limit (POST /api/score, /api/score/product, /api/try-score). " +
    '`quick`: the start page and at most five more (POST /api/score/quick), so its levels rest on less evidence and usually come out lower. ' +
    'Compare totals only between results of the same depth: history, what changed, trends and the weekly digest never compare a quick score with a full one.',
});

const scoringResultProperties = {
  id: Type.String({ format: 'uuid' }),
  url: Type.String({ format: 'uri' }),
  companyName: Type.Optional(Type.String()),
  totalScore: Type.Integer({ minimum: 27, maximum: 135 }),
  stageName: Type.Enum(STAGE_NAMES),
  depth: ScoreDepthSchema,
  dimensions: Type.Array(DimensionScoreSchema, { minItems: 27, maxItems: 27 }),
  strengths: Type.Array(Type.String(), { maxItems: 3 }),
  gaps: Type.Array(Type.String(), { maxItems: 3 }),
  crawledPages: Type.Optional(Type.Array(Type.String({ format: 'uri' }))),
  crossDimensionNotes: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  antiPatternsDetected: Type.Optional(Type.Array(Type.String())),
  crawlStats: Type.Optional(
    Type.Object({ pagesAnalyzed: Type.Integer({ minimum: 0 }), contentLength: Type.Integer({ minimum: 0 }) }, { additionalProperties: false }),
  ),
  productId: Type.Optional(Type.Union([Type.String({ format: 'uuid' }), Type.Null()])),
  createdAt: Type.String({ format: 'date-time' }),
};

export const ScoringResultSchema = Type.Object(scoringResultProperties, { additionalProperties: false });
export type ScoringResult = Static<typeof ScoringResultSchema>;

/**
 * A result a client hands in (POST /api/chat's `result`): the spec's
 * ScoringResult, which has no depth, so the depth is optional here; a result
 * read from this service carries it.
 */
export const SubmittedResultSchema = Type.Object({ ...scoringResultProperties, depth: Type.Optional(ScoreDepthSchema) }, { additionalProperties: false });
export type SubmittedResult = Static<typeof SubmittedResultSchema>;
