import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAiServer } from '../../../../test/fakes/openai-compatible.ts';
import { fixtureResult } from '../../../../test/fixtures/coach-result.ts';
import type { ChatMessage } from '../local/local-coach.ts';
import { CoachProviderError } from './coach-provider-error.ts';
import type { LlmConfig } from '../../../config.ts';
import { createLlmCoach } from './llm-coach.ts';

let fake: FakeOpenAiServer;
let llm: LlmConfig;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  llm = { baseUrl: fake.baseUrl, apiKey: null, model: 'coach-model', timeoutMs: 2000 };
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
});

const question: ChatMessage[] = [{ role: 'user', content: 'What should we fix first?' }];
const ANSWER_CHUNKS = ['Start with ', 'pricing: ', 'your level is 1 ', 'because every plan says ', '"Contact sales for pricing".'];

/** Collects deltas until the stream ends or throws; the error, if any, is returned beside them. */
async function drain(stream: AsyncIterable<string>, onDelta?: (delta: string, index: number) => void | Promise<void>) {
  const deltas: string[] = [];
  try {
    for await (const delta of stream) {
      deltas.push(delta);
      await onDelta?.(delta, deltas.length - 1);
    }
    return { deltas, error: null };
  } catch (error) {
    return { deltas, error };
  }
}

describe('createLlmCoach', () => {
  it('streams the deltas in order; they concatenate to the answer', async () => {
    fake.respondWith({ chunks: ANSWER_CHUNKS });
    const { deltas, error } = await drain(createLlmCoach(llm).stream({ messages: question, result: fixtureResult() }));
    expect(error).toBeNull();
    expect(deltas).toEqual(ANSWER_CHUNKS);
    expect(fake.requests[0]!.body.stream).toBe(true);
    expect(fake.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('sends the conversation after a system prompt that holds the user scores', async () => {
    fake.respondWith({ chunks: ANSWER_CHUNKS });
    const result = fixtureResult();
    const messages: ChatMessage[] = [...question, { role: 'assistant', content: 'Pricing.' }, { role: 'user', content: 'Why?' }];
    await drain(createLlmCoach(llm).stream({ messages, result }));
    const [system, ...conversation] = fake.requests[0]!.body.messages;
    expect(system?.role).toBe('system');
    const prompt = String(system?.content);
    expect(prompt).toContain(`Total score: ${result.totalScore} of 108, tier ${result.stageName}`);
    for (const score of result.dimensions) expect(prompt).toContain(`- ${score.dimensionId} (${score.dimensionName}): level ${score.score} ${score.stageName}`);
    expect(prompt).toContain(`Gaps: ${result.gaps.join(', ')}`);
    expect(conversation.map((m) => [m.role, m.content])).toEqual(messages.map((m) => [m.role, m.content]));
  });

  it('says when there is no result', async () => {
    fake.respondWith({ chunks: ANSWER_CHUNKS });
    await drain(createLlmCoach(llm).stream({ messages: question, result: null }));
    const prompt = String(fake.requests[0]!.body.messages[0]?.content);
    expect(prompt).toContain('No scoring result was given');
    expect(prompt).not.toContain('Total score');
  });

  it('closes the upstream connection on abort and produces no further delta', async () => {
    fake.respondWith({ chunks: ANSWER_CHUNKS, delayBetweenChunksMs: 60_000 });
    const client = new AbortController();
    const { deltas, error } = await drain(createLlmCoach(llm).stream({ messages: question, result: fixtureResult(), signal: client.signal }), () =>
      client.abort(),
    );
    expect(error).toBeNull();
    expect(deltas).toEqual(ANSWER_CHUNKS.slice(0, 1));
    await fake.requests[0]!.disconnected;
    expect(fake.requests[0]!.chunksWritten).toBe(1);
  });

  it('closes the upstream connection when the consumer stops reading', async () => {
    fake.respondWith({ chunks: ANSWER_CHUNKS, delayBetweenChunksMs: 60_000 });
    for await (const delta of createLlmCoach(llm).stream({ messages: question, result: null })) {
      expect(delta).toBe(ANSWER_CHUNKS[0]);
      break;
    }
    await fake.requests[0]!.disconnected;
  });

  it('does not count a slow reader against the provider', async () => {
    fake.respondWith({ chunks: ANSWER_CHUNKS });
    const stream = createLlmCoach({ ...llm, timeoutMs: 50 }).stream({ messages: question, result: null });
    // The reader holds each delta three times longer than the provider's bound.
    const { deltas, error } = await drain(stream, () => new Promise((resolve) => setTimeout(resolve, 150)));
    expect(error).toBeNull();
    expect(deltas.join('')).toBe(ANSWER_CHUNKS.join(''));
  });

  it('fails before the first token on an HTTP error', async () => {
    fake.respondWith({ httpError: { status: 503 } });
    const { deltas, error } = await drain(createLlmCoach(llm).stream({ messages: question, result: fixtureResult() }));
    expect(deltas).toEqual([]);
    expect(error).toBeInstanceOf(CoachProviderError);
    expect(error).toMatchObject({ beforeFirstToken: true, failure: 'provider-error' });
  });

  it('fails before the first token when the first token is late, and closes the request', async () => {
    fake.respondWith({ chunks: ANSWER_CHUNKS, delayBeforeFirstTokenMs: 60_000 });
    const { deltas, error } = await drain(createLlmCoach({ ...llm, timeoutMs: 150 }).stream({ messages: question, result: fixtureResult() }));
    expect(deltas).toEqual([]);
    expect(error).toMatchObject({ name: 'CoachProviderError', beforeFirstToken: true, failure: 'timeout' });
    await fake.requests[0]!.disconnected;
  });

  it('fails before the first token on an empty answer', async () => {
    fake.respondWith({ chunks: [] });
    const { error } = await drain(createLlmCoach(llm).stream({ messages: question, result: null }));
    expect(error).toMatchObject({ beforeFirstToken: true, failure: 'empty-answer' });
  });

  it('fails after tokens when the connection drops mid-stream', async () => {
    // The pause lets the first chunks reach the client before the drop (an errored stream discards what it still buffers).
    fake.respondWith({ chunks: ANSWER_CHUNKS, dropAfterChunks: 2, delayBetweenChunksMs: 20 });
    const { deltas, error } = await drain(createLlmCoach(llm).stream({ messages: question, result: fixtureResult() }));
    expect(deltas.length).toBeGreaterThan(0);
    expect(deltas).toEqual(ANSWER_CHUNKS.slice(0, deltas.length));
    expect(deltas.length).toBeLessThanOrEqual(2);
    expect(error).toMatchObject({ name: 'CoachProviderError', beforeFirstToken: false, failure: 'provider-error' });
  });

  it('fails after tokens when the provider stalls mid-stream', async () => {
    fake.respondWith({ chunks: ANSWER_CHUNKS, delayBetweenChunksMs: 60_000 });
    const { deltas, error } = await drain(createLlmCoach({ ...llm, timeoutMs: 150 }).stream({ messages: question, result: null }));
    expect(deltas).toEqual(ANSWER_CHUNKS.slice(0, 1));
    expect(error).toMatchObject({ beforeFirstToken: false, failure: 'timeout' });
    await fake.requests[0]!.disconnected;
  });
});
