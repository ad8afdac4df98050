/**
 * What the coach knows besides the conversation and the result it is about:
 * another result the conversation compares it with. Both coaches (local and
 * model) are given the same context.
 */
import type { SubmittedResult } from '../scoring/result-schema.ts';

export interface CoachContext {
  /** A second result to compare with: a competitor's, or the same site scored before. */
  comparedWith: SubmittedResult | null;
}

export const NO_CONTEXT: CoachContext = { comparedWith: null };
