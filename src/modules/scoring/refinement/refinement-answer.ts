/**
 * The answer the model must give, as one JSON schema: sent as the request's
 * structured-output format and checked again here, because a provider may
 * ignore the format and a model may still answer off-schema.
 *
 * The schema keeps to the subset strict structured outputs accept (every
 * property required, no additional properties, null instead of optional):
 * length limits are not part of that subset, so apply-refinement checks them.
 */
import { Type, type Static } from 'typebox';
import { Compile } from 'typebox/compile';
import { DIMENSION_IDS } from '../../../framework/dimensions.ts';
import { MAX_LEVEL, MIN_LEVEL } from '../../../framework/tiers.ts';

const QuoteSchema = Type.Object(
  {
    text: Type.String({ description: 'Copied character for character from the page text.' }),
    url: Type.String({ description: 'The URL of the page the text was copied from, exactly as listed.' }),
  },
  { additionalProperties: false },
);

const DimensionRefinementSchema = Type.Object(
  {
    dimensionId: Type.Enum(DIMENSION_IDS, { type: 'string' }),
    level: Type.Integer({ minimum: MIN_LEVEL, maximum: MAX_LEVEL }),
    reasoning: Type.String(),
    quote: Type.Union([QuoteSchema, Type.Null()]),
  },
  { additionalProperties: false },
);
export type DimensionRefinement = Static<typeof DimensionRefinementSchema>;

export const RefinementAnswerSchema = Type.Object(
  { dimensions: Type.Array(DimensionRefinementSchema, { minItems: DIMENSION_IDS.length, maxItems: DIMENSION_IDS.length }) },
  { additionalProperties: false },
);
export type RefinementAnswer = Static<typeof RefinementAnswerSchema>;

/** The name the structured-output format carries (providers require one). */
export const REFINEMENT_ANSWER_NAME = 'dimension_refinement';

const answerValidator = Compile(RefinementAnswerSchema);

export type AnswerReading = { ok: true; answer: RefinementAnswer } | { ok: false; problem: string };

/** The whole answer is refused when it breaks the schema or does not name each of the 27 dimensions once. */
export function readRefinementAnswer(value: unknown): AnswerReading {
  if (!answerValidator.Check(value)) {
    const first = answerValidator.Errors(value)[0];
    return { ok: false, problem: first ? `${first.instancePath || '/'} ${first.message}` : 'does not match the schema' };
  }
  const seen = new Set<string>();
  for (const { dimensionId } of value.dimensions) {
    if (seen.has(dimensionId)) return { ok: false, problem: `dimension ${dimensionId} appears twice` };
    seen.add(dimensionId);
  }
  // 27 entries, each a known id, none repeated: every dimension is present.
  return { ok: true, answer: value };
}
