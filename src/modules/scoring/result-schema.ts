/**
 * The ScoringResult resource of spec part 2, as one TypeBox schema: it
 * validates chat input, serialises responses and documents the API.
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

export const ScoringResultSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    url: Type.String({ format: 'uri' }),
    companyName: Type.Optional(Type.String()),
    totalScore: Type.Integer({ minimum: 27, maximum: 135 }),
    stageName: Type.Enum(STAGE_NAMES),
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
  },
  { additionalProperties: false },
);
export type ScoringResult = Static<typeof ScoringResultSchema>;
