/**
 * Optional LLM refinement of a deterministic scoring result (used only when
 * LLM_BASE_URL is set). One structured-output call to an OpenAI-compatible
 * model; its answer is validated, then merged dimension by dimension under the
 * grounding rules of apply-refinement and level-band.
 *
 * It never throws and never makes a result worse than the deterministic one:
 * on a provider error, a timeout, an abort or an invalid answer it returns the
 * input's dimensions unchanged with `refined: false` and the reason, for the
 * log. Total, tier, strengths and gaps are the caller's to recompute.
 */
import type { LlmConfig } from '../../../config.ts';
import { applyRefinement } from './apply-refinement.ts';
import { readRefinementAnswer, REFINEMENT_ANSWER_NAME, RefinementAnswerSchema } from './refinement-answer.ts';
import type { FallbackReason, RefinementInput, RefinementOutcome } from './refinement-input.ts';
import { REFINEMENT_INSTRUCTIONS, refinementPrompt } from './refinement-prompt.ts';

export interface LlmRefiner {
  refine(input: RefinementInput, signal?: AbortSignal): Promise<RefinementOutcome>;
}

export interface RefinerSeams {
  /** The HTTP client for the provider (tests may wrap it). */
  fetch?: typeof globalThis.fetch;
}

export function createLlmRefiner(llm: LlmConfig, seams: RefinerSeams = {}): LlmRefiner {
  // The model SDK is loaded by the first refinement, not at start: only a service with LLM_BASE_URL set uses it (issue 29, item 7).
  const loadSdk = async () => {
    const [{ createOpenAICompatible }, { generateText, jsonSchema, NoObjectGeneratedError, Output }] = await Promise.all([
      import('@ai-sdk/openai-compatible'),
      import('ai'),
    ]);
    const provider = createOpenAICompatible({
      name: 'llm',
      baseURL: llm.baseUrl,
      apiKey: llm.apiKey ?? undefined,
      fetch: seams.fetch,
      // Sends response_format json_schema (strict) rather than bare JSON mode.
      supportsStructuredOutputs: true,
    });
    return {
      generateText,
      NoObjectGeneratedError,
      model: provider.chatModel(llm.model),
      // The whole answer is validated by readRefinementAnswer, so the SDK only parses the JSON.
      output: Output.object({ schema: jsonSchema<unknown>(RefinementAnswerSchema), name: REFINEMENT_ANSWER_NAME }),
    };
  };
  let sdk: ReturnType<typeof loadSdk> | undefined;

  return {
    async refine(input, signal) {
      const unchanged = (reason: FallbackReason, detail: string): RefinementOutcome => ({
        refined: false,
        dimensions: [...input.dimensions],
        reason,
        detail,
      });
      const deadline = AbortSignal.timeout(llm.timeoutMs);
      let value: unknown;
      let loaded: Awaited<ReturnType<typeof loadSdk>> | undefined;
      try {
        loaded = await (sdk ??= loadSdk());
        const { generateText, model, output } = loaded;
        const response = await generateText({
          model,
          instructions: REFINEMENT_INSTRUCTIONS,
          prompt: refinementPrompt(input),
          output,
          // A retry would double the wait on the caller's scoring request; the deterministic result is the fallback.
          maxRetries: 0,
          abortSignal: signal ? AbortSignal.any([signal, deadline]) : deadline,
        });
        value = response.output;
      } catch (error) {
        if (signal?.aborted) return unchanged('aborted', 'the caller aborted the request');
        if (deadline.aborted) return unchanged('timeout', `no answer within ${llm.timeoutMs} ms`);
        if (loaded?.NoObjectGeneratedError.isInstance(error)) return unchanged('invalid-output', error.message);
        return unchanged('provider-error', error instanceof Error ? error.message : String(error));
      }
      const reading = readRefinementAnswer(value);
      if (!reading.ok) return unchanged('invalid-output', reading.problem);
      return { refined: true, ...applyRefinement(input, reading.answer) };
    },
  };
}
