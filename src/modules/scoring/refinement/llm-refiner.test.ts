import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAiServer } from '../../../../test/fakes/openai-compatible.ts';
import type { LlmConfig } from '../../../config.ts';
import { createLlmRefiner } from './llm-refiner.ts';
import { REFINEMENT_ANSWER_NAME } from './refinement-answer.ts';
import { deterministicDimensions, FINDINGS, modelAnswer, PRICING_URL, refinementInput, USAGE_QUOTE } from '../../../../test/fixtures/refinement-fixture.ts';

let fake: FakeOpenAiServer;
let llm: LlmConfig;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  llm = { baseUrl: fake.baseUrl, apiKey: 'test-key', model: 'test-model', timeoutMs: 2000 };
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
});

const answering = (value: unknown) => fake.respondWith({ content: typeof value === 'string' ? value : JSON.stringify(value) });

describe('createLlmRefiner', () => {
  it('applies a valid refinement', async () => {
    answering(modelAnswer({ pricing_packaging: { level: 4, reasoning: 'Metered pricing on top of tiers.', quote: { text: USAGE_QUOTE, url: PRICING_URL } } }));
    const outcome = await createLlmRefiner(llm).refine(refinementInput());
    expect(outcome.refined).toBe(true);
    if (!outcome.refined) return;
    expect(outcome.rejected).toEqual([]);
    expect(outcome.dimensions).toHaveLength(27);
    expect(outcome.dimensions.find((d) => d.dimensionId === 'pricing_packaging')).toMatchObject({
      score: 4,
      stageName: 'Compounding',
      reasoning: 'Metered pricing on top of tiers.',
      evidence: `"${USAGE_QUOTE}" (${PRICING_URL})`,
    });
  });

  it('sends the findings, the context and a json_schema response format', async () => {
    answering(modelAnswer());
    const input = refinementInput();
    await createLlmRefiner(llm).refine(input);
    expect(fake.requests).toHaveLength(1);
    const { body, headers } = fake.requests[0]!;
    expect(headers.authorization).toBe('Bearer test-key');
    expect(body.model).toBe('test-model');
    expect(body.stream).toBeFalsy();
    expect(body.response_format?.type).toBe('json_schema');
    expect(body.response_format?.json_schema?.name).toBe(REFINEMENT_ANSWER_NAME);
    expect(body.response_format?.json_schema?.schema).toMatchObject({ required: ['dimensions'] });
    const prompt = body.messages.map((m) => String(m.content)).join('\n');
    for (const finding of FINDINGS) expect(prompt).toContain(finding.evidence.text);
    expect(prompt).toContain(input.context!);
    expect(body.messages[0]?.role).toBe('system');
  });

  it('rejects an invented quote and lets the detector evidence stand', async () => {
    answering(modelAnswer({ pricing_packaging: { level: 4, quote: { text: 'Trusted by 10,000 finance teams', url: PRICING_URL } } }));
    const outcome = await createLlmRefiner(llm).refine(refinementInput());
    expect(outcome.refined).toBe(true);
    if (!outcome.refined) return;
    expect(outcome.rejected).toEqual([{ dimensionId: 'pricing_packaging', reason: 'quote-not-verbatim' }]);
    const deterministic = deterministicDimensions().find((d) => d.dimensionId === 'pricing_packaging');
    expect(outcome.dimensions.find((d) => d.dimensionId === 'pricing_packaging')).toEqual(deterministic);
  });

  it.each([
    ['an out-of-range level', modelAnswer({ trust_security: { level: 7 } })],
    ['an unknown dimension id', modelAnswer({ trust_security: { dimensionId: 'growth_hacking' as 'trust_security' } })],
    ['a missing dimension', { dimensions: modelAnswer().dimensions.slice(0, 26) }],
    ['malformed JSON', '{"dimensions": [{"dimensionId": "market_intelligence", '],
  ])('returns the deterministic result, flagged, for %s', async (_, answer) => {
    answering(answer);
    const input = refinementInput();
    const outcome = await createLlmRefiner(llm).refine(input);
    expect(outcome).toMatchObject({ refined: false, reason: 'invalid-output' });
    expect(outcome.dimensions).toEqual(input.dimensions);
  });

  it('returns the deterministic result, flagged, on an HTTP 500', async () => {
    fake.respondWith({ httpError: { status: 500 } });
    const input = refinementInput();
    const outcome = await createLlmRefiner(llm).refine(input);
    expect(outcome).toMatchObject({ refined: false, reason: 'provider-error' });
    expect(outcome.dimensions).toEqual(input.dimensions);
    expect(fake.requests).toHaveLength(1);
  });

  it('returns the deterministic result, flagged, on a timeout, and closes the request', async () => {
    fake.respondWith({ content: JSON.stringify(modelAnswer()), delayBeforeFirstTokenMs: 60_000 });
    const input = refinementInput();
    const outcome = await createLlmRefiner({ ...llm, timeoutMs: 150 }).refine(input);
    expect(outcome).toMatchObject({ refined: false, reason: 'timeout' });
    expect(outcome.dimensions).toEqual(input.dimensions);
    await fake.requests[0]!.disconnected;
  });

  it('stops when the caller aborts', async () => {
    fake.respondWith({ content: JSON.stringify(modelAnswer()), delayBeforeFirstTokenMs: 60_000 });
    const caller = new AbortController();
    const pending = createLlmRefiner(llm).refine(refinementInput(), caller.signal);
    await waitForRequest();
    caller.abort();
    expect(await pending).toMatchObject({ refined: false, reason: 'aborted' });
    await fake.requests[0]!.disconnected;
  });
});

/** Resolves once the fake has received a request (polling; no fixed sleep). */
async function waitForRequest(): Promise<void> {
  while (fake.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
}
