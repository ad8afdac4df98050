/**
 * The coach: answers a conversation about a scoring result as a stream of
 * text deltas. The local coach (framework data and the user's own result)
 * is the default; with LLM_BASE_URL the model answers, and if it fails
 * before its first token the local coach answers instead.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { SubmittedResult } from '../scoring/result-schema.ts';
import { NO_CONTEXT, type CoachContext } from './coach-context.ts';
import { CoachProviderError } from './llm/coach-provider-error.ts';
import type { LlmCoach } from './llm/llm-coach.ts';
import { chunkForStreaming, composeCoachAnswer, type ChatMessage } from './local/local-coach.ts';

export interface CoachRequest {
  messages: readonly ChatMessage[];
  result: SubmittedResult | null;
  /** What else the coach knows: a result to compare with. */
  context?: CoachContext;
  /** Aborts when the client goes away: all work for the stream stops. */
  signal: AbortSignal;
}

export class CoachService {
  readonly #llm: LlmCoach | null;
  readonly #log: FastifyBaseLogger;

  constructor(deps: { llm: LlmCoach | null; log: FastifyBaseLogger }) {
    this.#llm = deps.llm;
    this.#log = deps.log;
  }

  async *answer(request: CoachRequest): AsyncGenerator<string> {
    if (this.#llm) {
      try {
        yield* this.#llm.stream({ messages: request.messages, result: request.result, context: request.context ?? NO_CONTEXT, signal: request.signal });
        return;
      } catch (error) {
        if (!(error instanceof CoachProviderError && error.beforeFirstToken)) throw error;
        this.#log.warn({ failure: error.failure }, 'LLM coach failed before its first token; the local coach answers');
      }
    }
    yield* localAnswer(request);
  }
}

/** The local coach's answer in small chunks, stopping as soon as the client has gone. */
async function* localAnswer(request: CoachRequest): AsyncGenerator<string> {
  for (const chunk of chunkForStreaming(composeCoachAnswer({ messages: request.messages, result: request.result, context: request.context ?? NO_CONTEXT }))) {
    if (request.signal.aborted) return;
    yield chunk;
  }
}
