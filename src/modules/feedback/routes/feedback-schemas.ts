/** The feedback endpoints' schemas: the request body, the feedback record, and their bounds. */
import { Type } from 'typebox';
import { DIMENSION_IDS } from '../../../framework/dimensions.ts';
import type { Feedback } from '../feedback-service.ts';
import { FEEDBACK_VERDICTS } from '../tables.ts';

/** A comment says what is wrong in a few sentences; longer text belongs in a conversation, not a verdict. */
export const FEEDBACK_COMMENT_MAX_LENGTH = 2000;
/** How many feedback records GET /api/feedback lists, newest first. */
export const FEEDBACK_LIST_LIMIT = 200;

const Verdict = Type.Enum(FEEDBACK_VERDICTS, {
  description: 'too_high or too_low: the level is wrong; wrong_evidence: the quoted evidence does not support it (a dimension only); helpful: it is right.',
});

export const FeedbackBody = Type.Object({
  resultId: Type.String({ format: 'uuid', description: 'Any stored result: results are shareable by id.' }),
  dimensionId: Type.Optional(Type.Enum(DIMENSION_IDS, { description: 'The dimension the verdict is about; absent: the score as a whole.' })),
  verdict: Verdict,
  comment: Type.Optional(Type.String({ maxLength: FEEDBACK_COMMENT_MAX_LENGTH, description: 'Why, in your words. Blank counts as none.' })),
});

export const FeedbackSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  resultId: Type.String({ format: 'uuid' }),
  dimensionId: Type.Union([Type.String(), Type.Null()], { description: 'The dimension it is about; null: the score as a whole.' }),
  verdict: Verdict,
  comment: Type.Union([Type.String(), Type.Null()]),
  userId: Type.String({ description: 'Who gave it: the identity subject, or api_key:<id>.' }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time', description: 'When it was last given; later than createdAt once replaced.' }),
});

export const FeedbackListQuery = Type.Object({
  resultId: Type.Optional(Type.String({ format: 'uuid', description: 'Only the feedback on this result.' })),
});

/** A feedback record as the API shows it. */
export const feedbackView = (feedback: Feedback) => ({
  ...feedback,
  createdAt: feedback.createdAt.toISOString(),
  updatedAt: feedback.updatedAt.toISOString(),
});
