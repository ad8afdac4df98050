/**
 * How an LLM coach stream failed. The chat route needs one fact above all:
 * whether any text reached the user. Before the first token it can still
 * answer with the local coach; after it, it can only end the stream with an
 * error event.
 */
export const COACH_FAILURES = ['provider-error', 'timeout', 'empty-answer'] as const;
export type CoachFailure = (typeof COACH_FAILURES)[number];

export class CoachProviderError extends Error {
  readonly failure: CoachFailure;
  readonly beforeFirstToken: boolean;

  constructor(failure: CoachFailure, beforeFirstToken: boolean, options?: { cause?: unknown }) {
    super(`LLM coach ${failure} ${beforeFirstToken ? 'before the first token' : 'after text had been streamed'}`, options);
    this.name = 'CoachProviderError';
    this.failure = failure;
    this.beforeFirstToken = beforeFirstToken;
  }
}
