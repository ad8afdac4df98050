/**
 * The LLM coach (used only when LLM_BASE_URL is set): streams an
 * OpenAI-compatible model's answer as text deltas, with the framework and the
 * user's result in the system prompt.
 *
 * Contract for the chat route:
 * - Deltas arrive in order; their concatenation is the model's answer.
 * - When `signal` aborts (the HTTP client went away), or the consumer stops
 *   iterating, the upstream request is aborted at once and no further delta
 *   is produced; the iteration then ends without an error.
 * - A failure throws CoachProviderError: `beforeFirstToken` true means no
 *   text was produced, so the route can still answer with the local coach.
 * - No text within `timeoutMs` of the request fails with 'timeout'. The same
 *   bound applies to a stall between two deltas, so a hung provider cannot
 *   hold a stream open forever. The timer is paused while the consumer holds
 *   a delta, so a slow reader is never mistaken for a slow provider.
 */
import type { LlmConfig } from '../../../config.ts';
import type { SubmittedResult } from '../../scoring/result-schema.ts';
import { NO_CONTEXT, type CoachContext } from '../coach-context.ts';
import type { ChatMessage } from '../local/local-coach.ts';
import { CoachProviderError } from './coach-provider-error.ts';
import { coachSystemPrompt } from './coach-system-prompt.ts';

export interface CoachStreamRequest {
  messages: readonly ChatMessage[];
  result: SubmittedResult | null;
  /** The context the local coach gets too: a result to compare with. */
  context?: CoachContext;
  /** Aborts when the client disconnects. */
  signal?: AbortSignal;
}

export interface LlmCoach {
  stream(request: CoachStreamRequest): AsyncIterable<string>;
}

export interface CoachSeams {
  /** The HTTP client for the provider (tests may wrap it). */
  fetch?: typeof globalThis.fetch;
}

export function createLlmCoach(llm: LlmConfig, seams: CoachSeams = {}): LlmCoach {
  // The model SDK is loaded by the first answer, not at start: only a service with LLM_BASE_URL set uses it (issue 29, item 7).
  const loadSdk = async () => {
    const [{ createOpenAICompatible }, { streamText }] = await Promise.all([import('@ai-sdk/openai-compatible'), import('ai')]);
    const provider = createOpenAICompatible({ name: 'llm', baseURL: llm.baseUrl, apiKey: llm.apiKey ?? undefined, fetch: seams.fetch });
    return { streamText, model: provider.chatModel(llm.model) };
  };
  let sdk: ReturnType<typeof loadSdk> | undefined;

  return {
    async *stream({ messages, result, context = NO_CONTEXT, signal }) {
      if (signal?.aborted) return;
      const upstream = new AbortController();
      const stopUpstream = () => upstream.abort(signal?.reason);
      signal?.addEventListener('abort', stopUpstream, { once: true });

      let timedOut = false;
      let idleTimer: NodeJS.Timeout | undefined;
      const armIdleTimer = () => {
        clearTimeout(idleTimer);
        idleTimer = setTimeout(() => {
          timedOut = true;
          upstream.abort();
        }, llm.timeoutMs);
      };

      let delivered = false;
      const failure = (cause?: unknown) =>
        new CoachProviderError(timedOut ? 'timeout' : 'provider-error', !delivered, cause === undefined ? undefined : { cause });
      armIdleTimer();
      try {
        const { streamText, model } = await (sdk ??= loadSdk());
        const response = streamText({
          model,
          instructions: coachSystemPrompt(result, context),
          messages: messages.map(({ role, content }) => ({ role, content })),
          // A retry after a failure would delay the local coach's fallback; one attempt, then fall back.
          maxRetries: 0,
          abortSignal: upstream.signal,
          // Failures are read from the stream below; without this the SDK logs them to the console.
          onError: () => {},
        });
        for await (const part of response.fullStream) {
          if (signal?.aborted) return;
          if (part.type === 'text-delta' && part.text !== '') {
            clearTimeout(idleTimer);
            delivered = true;
            yield part.text;
            if (signal?.aborted) return;
            armIdleTimer();
          } else if (part.type === 'error') {
            throw failure(part.error);
          } else if (part.type === 'abort') {
            if (timedOut) throw failure();
            return;
          }
        }
        if (!delivered) throw new CoachProviderError('empty-answer', true);
      } catch (error) {
        if (error instanceof CoachProviderError) throw error;
        if (signal?.aborted) return;
        throw failure(error);
      } finally {
        clearTimeout(idleTimer);
        signal?.removeEventListener('abort', stopUpstream);
        // Ends the upstream request when the consumer stopped early; a no-op after a finished answer.
        upstream.abort();
      }
    },
  };
}
